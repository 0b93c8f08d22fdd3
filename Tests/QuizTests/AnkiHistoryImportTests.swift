import AnkiPackage
import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("quiz import keeps Anki's review log for FSRS")
struct AnkiHistoryImportTests {
  /// The fixture that Scripts/anki/make_review_history.py made with Anki, and what it recorded.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "AnkiPackageTests/Fixtures")
  let package = fixtures.appending(path: "history.apkg").path

  struct Facts: Decodable {
    struct Line: Decodable, Equatable {
      var ms: Int64
      var grade: Int
      var kind: String
      var first: Bool
    }
    var ankiItems: Int
    var items: Int
    var cards: [String: [Line]]
  }

  func facts() throws -> Facts {
    try JSONDecoder().decode(
      Facts.self,
      from: Data(contentsOf: AnkiHistoryImportTests.fixtures.appending(path: "history.json")))
  }

  /// The package imported into a new state folder; the folder and the variables that name it.
  func imported() throws -> (state: TemporaryFolder, variables: [String: String]) {
    let state = try TemporaryFolder()
    let variables = ["QUIZ_STATE": state.path, "QUIZ_NOW": "2026-12-01T12:00:00"]
    let result = runQuiz(
      ["import", package, "--output", state.path + "/decks"], variables: variables)
    #expect(result.status == .success, "\(result.error)")
    #expect(result.out.contains("24 reviews of history recorded"), "\(result.out)")
    return (state, variables)
  }

  @Test("the review log goes into the journal as history, in time order, Anki's buttons as grades")
  func journal() throws {
    let (state, _) = try imported()
    let store = try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: state.path))
    let history = try store.journalEvents().compactMap { event -> HistoryEvent? in
      if case .history(let history) = event { history } else { nil }
    }
    #expect(history.map(\.at) == history.map(\.at).sorted())
    let byCard = Dictionary(grouping: history, by: \.card).mapValues { events in
      events.map {
        Facts.Line(
          ms: Int64(($0.at.timeIntervalSince1970 * 1000).rounded()), grade: $0.grade.rawValue,
          kind: $0.kind.rawValue, first: $0.isFirst)
      }
    }
    #expect(byCard == (try facts().cards))
  }

  @Test("each card's state is the one its import event brings, as without the history")
  func states() throws {
    let (state, _) = try imported()
    let store = try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: state.path))
    var imports: [String: CardState] = [:]
    for case .imported(let event) in try store.journalEvents() { imports[event.card] = event.state }
    #expect(imports.count == 4)
    for (card, imported) in imports { #expect(store.state(of: card) == imported, "\(card)") }
    #expect(store.state.reviewsByDay.isEmpty)
  }

  @Test("importing the package again adds nothing")
  func again() throws {
    let (state, variables) = try imported()
    let journal = try Data(contentsOf: URL(fileURLWithPath: state.path + "/reviews.jsonl"))
    let second = runQuiz(
      ["import", package, "--output", state.path + "/decks"], variables: variables)
    #expect(second.status == .success)
    #expect(second.out.contains("nothing added"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: state.path + "/reviews.jsonl")) == journal)
  }

  @Test("quiz fsrs fit and evaluate read the imported reviews: the items Anki makes of the log")
  func fit() throws {
    let facts = try facts()
    let (state, variables) = try imported()
    defer { withExtendedLifetime(state) {} }
    // Each card's reviews from its last first one: where Anki's optimizer starts it.
    let reviews = facts.cards.values.reduce(0) { total, lines in
      total + (lines.lastIndex(where: \.first).map { lines.count - $0 } ?? 0)
    }
    for command in [["fsrs", "fit", "--json"], ["fsrs", "evaluate", "--json"]] {
      let result = runQuiz(command, variables: variables)
      #expect(result.status == .success, "\(result.error)")
      let figures = try #require(
        try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
      #expect(figures["items"] as? Int == facts.items)
      #expect(figures["items"] as? Int == facts.ankiItems)
      #expect(figures["cards"] as? Int == 4)
      #expect(figures["reviews"] as? Int == reviews)
      #expect(figures["cardsLeftOut"] as? Int == 0)
    }
  }

  @Test("a package quiz exported, imported back with --replace-progress, brings no review twice")
  func ownReviewsComeBack() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let path = folder.path + "/quiz.apkg"
    let exported = runQuiz(
      ["export", "--output", path], variables: history.variables, shipped: twoDecks)
    #expect(exported.status == .success, "\(exported.error)")
    let before = try ReviewStore.openReadOnly(folder: history.url).fsrsHistory()
    let result = runQuiz(
      ["import", path, "--output", folder.path + "/decks", "--replace-progress"],
      variables: history.variables)
    #expect(result.status == .success, "\(result.error)")
    #expect(!result.out.contains("of history"))
    let after = try ReviewStore.openReadOnly(folder: history.url).fsrsHistory()
    #expect(after.cards == before.cards)
  }
}
