import CardDeck
import Testing

@testable import AnswerJudging

/// A modifier of the card's that the attempt writes on another view: moved down into the
/// content of the views the card has it on, a near miss; elsewhere, an error.
@Suite("Judging attempts: a modifier written on another view")
struct ModifierPlacementTests {
  @Test("reads a view's modifier moved down into the views it was on as a near miss, 3")
  func modifierMovedInViews() throws {
    // A trial's right answer got 2: the search field on the stack inside the search tab, where
    // the card has it on the `TabView`. It may do the job there; a reviewer gave 4.
    let code =
      "TabView {\n    Tab(role: .search) {\n        NavigationStack { SearchResults() }\n    }\n}\n.searchable(text: $query)"
    let essential = JudgingHints(essential: ["role:", "searchable"])
    let inner =
      "TabView {\n    Tab(role: .search) {\n        NavigationStack {\n            SearchResults()\n                .searchable(text: $query)\n        }\n    }\n}"
    for hints in [JudgingHints(), essential] {
      let judgement = AnswerJudge(code: code, hints: hints).judge(inner)
      #expect(judgement.grade == 3, "\(judgement.reason)")
      #expect(judgement.reason == "`.searchable` is not where the card has it.")
      #expect(judgement.findings.first?.severity == .slip)
    }
    // With another error beside it, the near miss costs nothing more than that error.
    let other = AnswerJudge(code: code).judge(
      inner.replacingOccurrences(of: ".search", with: ".find"))
    #expect(try #require(other.grade) <= 2, "\(other.reason)")
    // Up onto the container that reads it from its content, it does nothing; into what a
    // sheet presents, it is another screen's: errors still (an adversarial review).
    let title =
      "NavigationStack {\n    List(books) { Text($0.title) }\n        .navigationTitle(\"Books\")\n}"
    let up = AnswerJudge(code: title, hints: JudgingHints(essential: ["navigationTitle"])).judge(
      "NavigationStack {\n    List(books) { Text($0.title) }\n}\n.navigationTitle(\"Books\")")
    #expect(try #require(up.grade) <= 2, "\(up.reason)")
    let sheet = AnswerJudge(code: code).judge(
      "TabView {\n    Tab(role: .search) {\n        NavigationStack { SearchResults() }\n            .sheet(isPresented: $open) { Filters().searchable(text: $query) }\n    }\n}"
    )
    #expect(try #require(sheet.grade) <= 2, "\(sheet.reason)")
    // Into each row a list repeats, it is another job: an error still.
    let list = "List(items) { item in\n    Text(item.name)\n}\n.searchable(text: $query)"
    let rows = AnswerJudge(code: list).judge(
      "List(items) { item in\n    Text(item.name).searchable(text: $query)\n}")
    #expect(try #require(rows.grade) <= 2, "\(rows.reason)")
    // A value's member, not a view's modifier, in another place is another value.
    let filtered = AnswerJudge(code: "let digits = phone.filter { $0.isNumber }").judge(
      "let digits = Set(phone.filter { $0.isNumber })")
    #expect(try #require(filtered.grade) <= 2, "\(filtered.reason)")
  }

  @Test("places a context part that holds an essential one, and compares what it holds")
  func contextHoldingEssentialMoved() {
    // A trial's `placement: .navigationBarDrawer` on the sidebar's list was "Missing
    // `.sidebar`": the context `.searchable` was never placed, so its value never compared.
    let code =
      "NavigationSplitView {\n    List(trips, selection: $tripID) { Text($0.city) }\n} detail: {\n    TripDetail(id: tripID)\n}\n.searchable(text: $query, placement: .sidebar)"
    let hints = JudgingHints(
      essential: ["sidebar"], context: ["NavigationSplitView", "searchable"])
    func moved(_ placement: String) -> Judgement {
      AnswerJudge(code: code, hints: hints).judge(
        "NavigationSplitView {\n    List(trips, selection: $tripID) { Text($0.city) }\n        .searchable(text: $query, placement: \(placement))\n} detail: {\n    TripDetail(id: tripID)\n}"
      )
    }
    let wrong = moved(".navigationBarDrawer")
    #expect(wrong.grade == 2)
    #expect(wrong.reason == "`.navigationBarDrawer` where the card has `.sidebar`.")
    let right = moved(".sidebar")
    #expect(right.grade == 3)
    #expect(right.reason == "`.searchable` is not where the card has it.")
    #expect(!right.findings.contains { $0.message.hasPrefix("missing") })
  }

  @Test("reads the scopes that hold a part: a call's content, repeated rows, a modifier's closure")
  func scopes() {
    let parsed = ParsedCode(
      "List(items) { item in\n    ForEach(item.parts) { part in Text(part).bold() }\n}\n.padding()\n.sheet(isPresented: $on) { VStack { Text(\"B\").italic() } }",
      hints: JudgingHints(), vocabulary: .standard)
    func scopes(of word: String) -> [Matching.Scope] {
      let token = parsed.tokens.indices.first { parsed.source[parsed.tokens[$0].range] == word }!
      return Matching.scopes(of: token, in: parsed.nodes)
    }
    #expect(scopes(of: "padding") == [])
    #expect(scopes(of: "ForEach") == [.rows])
    #expect(scopes(of: "bold") == [.rows, .rows])
    #expect(scopes(of: "italic") == [.modifier("sheet"), .content])
    // A list without data holds its content once.
    let once = ParsedCode(
      "List {\n    Text(\"A\").bold()\n}", hints: JudgingHints(), vocabulary: .standard)
    let bold = once.tokens.indices.first { once.source[once.tokens[$0].range] == "bold" }!
    #expect(Matching.scopes(of: bold, in: once.nodes) == [.content])
  }

  @Test("takes a style set on a container of the card's view as the card's: views read it there")
  func styleMovedUp() {
    let card = """
      Form {
          Picker("Country", selection: $country) {
              ForEach(countries, id: \\.self) { Text($0) }
          }
          .pickerStyle(.navigationLink)
      }
      """
    let up = """
      Form {
          Picker("Country", selection: $country) {
              ForEach(countries, id: \\.self) { Text($0) }
          }
      }
      .pickerStyle(.navigationLink)
      """
    #expect(judge(up, card).grade == 5)
    // Another modifier moved up is still elsewhere.
    let title =
      "NavigationStack {\n    List(items) { Text($0.name) }\n        .navigationTitle(\"Items\")\n}"
    let titleUp =
      "NavigationStack {\n    List(items) { Text($0.name) }\n}\n.navigationTitle(\"Items\")"
    #expect(judge(titleUp, title).grade! < 5)
  }
}
