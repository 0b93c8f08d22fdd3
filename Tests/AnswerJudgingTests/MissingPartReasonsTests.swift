import CardDeck
import Testing

@testable import AnswerJudging

/// How the reason names what the attempt leaves out.
@Suite("Judging attempts: the reason for a part left out")
struct MissingPartReasonsTests {
  @Test("names a label with its call where the whole call is missing")
  func missingCallNamed() {
    // A trial read "Missing `role:`." as if the attempt had written `Button("Cancel")`.
    let code =
      ".alert(\"New Playlist\", isPresented: $isNaming) {\n    TextField(\"Name\", text: $name)\n    Button(\"Create\") { create(name) }\n    Button(\"Cancel\", role: .cancel) { }\n}"
    let judgement = AnswerJudge(code: code).judge(
      ".alert(\"New Playlist\", isPresented: $isNaming) {\n    TextField(\"Name\", text: $name)\n    Button(\"Create\") { create(name) }\n}"
    )
    #expect(judgement.reason == "Missing `Button(\"Cancel\", role: .cancel)`.")
    // Where the call is there, the label alone is missing.
    let label = AnswerJudge(code: code).judge(
      ".alert(\"New Playlist\", isPresented: $isNaming) {\n    TextField(\"Name\", text: $name)\n    Button(\"Create\") { create(name) }\n    Button(\"Cancel\") { }\n}"
    )
    #expect(label.reason == "Missing `role: .cancel`.")
    // A long call is named by its first argument (an adversarial review).
    let long = AnswerJudge(
      code:
        ".alert(\"Delete?\", isPresented: $asking) {\n    Button(\"Delete\", role: .destructive, action: deletePhotoForever)\n    Button(\"Cancel\", role: .cancel) { }\n}"
    ).judge(
      ".alert(\"Delete?\", isPresented: $asking) {\n    Button(\"Cancel\", role: .cancel) { }\n}")
    #expect(long.reason == "Missing `Button(\"Delete\", …)`.")
  }

  @Test("says a part the card writes twice wrong once, not wrong and then missing")
  func partWrittenTwiceSaidOnce() {
    let code =
      "print(dishes.filter { $0.localizedStandardContains(\"cafe\") })\nprint(dishes.filter { $0.localizedStandardContains(\"CREPE\") })"
    let judgement = AnswerJudge(code: code).judge(
      "names.filter { $0.localizedCaseInsensitiveContains(query) }")
    #expect(judgement.grade == 2)
    #expect(judgement.findings.count == 1, "\(judgement.findings.map(\.message))")
    #expect(!judgement.findings.contains { $0.message == "missing `.localizedStandardContains`" })
    // Another part of the same name, doing other work, is missing in its own right.
    let tasks = AnswerJudge(
      code:
        "List(results) { Text($0) }\n    .task(id: query) { await search(query) }\nSummary()\n    .task { await loadTotals() }"
    ).judge("List(results) { Text($0) }\n    .onAppear { Task { await search(query) } }")
    #expect(tasks.findings.contains { $0.message.hasPrefix("missing") }, "\(tasks.findings)")
  }

  @Test("names the label no overload takes, not another overload's, for the card's label")
  func labelNoOverloadTakes() throws {
    let card = """
      Menu("New", systemImage: "plus") {
          Button("From a photo") { importPhoto() }
      } primaryAction: {
          createBlankRecipe()
      }
      """
    let judgement = AnswerJudge(code: card).judge(
      """
      Menu {
          Button("From a photo") { importPhoto() }
      } label: {
          Label("New", systemImage: "plus")
      } defaultAction: {
          createBlankRecipe()
      }
      """)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "`defaultAction:` where the card has `primaryAction:`.")
  }
}
