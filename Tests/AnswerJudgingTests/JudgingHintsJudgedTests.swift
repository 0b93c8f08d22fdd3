import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging hints, as the judge weighs them")
struct JudgingHintsJudgedTests {
  @Test(
    "costs nothing for an optional: part left out, and counts it wrong when another name stands there"
  )
  func optionalPart() {
    let code = """
      NavigationSplitView(columnVisibility: $columns) {
          ShelfList()
      } detail: {
          ReaderView().toolbar { Button("Focus") { columns = .detailOnly } }
      }
      """
    let judge = AnswerJudge(code: code, hints: JudgingHints(optional: ["detailOnly"]))
    let frame = "NavigationSplitView(columnVisibility: $c) { A() } detail: { B()"
    #expect(judge.judge(frame + " }").grade == 5)
    #expect(judge.judge(frame + ".toolbar { Button(\"Focus\") { c = .detailOnly } } }").grade == 5)
    let wrong = judge.judge(frame + ".toolbar { Button(\"Focus\") { c = .doubleColumn } } }")
    #expect(wrong.grade == 2)
    #expect(wrong.reason == "`.doubleColumn` where the card has `.detailOnly`.")
    #expect(
      judge.judge(frame + ".toolbar { Button(\"Focus\") { c = .detailsOnly } } }").grade == 3)
    let unmarked = AnswerJudge(code: code)
    #expect(unmarked.judge(frame + " }").grade ?? 5 < 5)
  }

  @Test("names the essential part that caps the grade as the reason, and no closure type's Void")
  func essentialAsReason() throws {
    // A trial's reason was "Missing `Void`.", from the card's `(LibrarySong) -> Void`.
    let code = """
      struct SongEditor: View {
          @State private var draft: LibrarySong
          let save: (LibrarySong) -> Void
          init(song: LibrarySong, save: @escaping (LibrarySong) -> Void) {
              _draft = State(initialValue: song)
              self.save = save
          }
          var body: some View { SongForm(song: $draft) }
      }
      """
    let judge = AnswerJudge(code: code, hints: JudgingHints(essential: ["State"]))
    let judgement = judge.judge(
      """
      struct SongEditor: View {
          @Binding var song: LibrarySong
          @State private var draft = song
          var body: some View { SongForm(song: $draft) }
      }
      """)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "Missing `State`.")
    #expect(!judgement.findings.contains { $0.message.contains("Void") })
  }

  @Test("takes a label whose whole value is optional for optional too")
  func optionalLabelledValue() {
    // A trial's right answer without the card's optional `role: .cancel` got 3, "Missing `role:
    // .cancel`".
    let code = """
      Form { TextField("Title", text: $draft.title) }
          .toolbar {
              ToolbarItem(placement: .confirmationAction) { Button("Save") { save(draft) } }
              ToolbarItem(placement: .cancellationAction) { Button("Cancel", role: .cancel) { dismiss() } }
          }
      """
    let hints = JudgingHints(
      essential: ["cancellationAction", "confirmationAction"], optional: [".cancel"])
    let judge = AnswerJudge(code: code, hints: hints)
    let without = code.replacing("Button(\"Cancel\", role: .cancel)", with: "Button(\"Cancel\")")
    #expect(judge.judge(without).grade == 5)
    #expect(AnswerJudge(code: code).judge(without).grade ?? 5 < 5)
  }
}
