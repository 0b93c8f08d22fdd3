import Foundation
import Testing

@testable import QuizApp

@Suite("quiz decks and quiz topics")
struct ListingCommandTests {
  @Test("lists the decks with card, due and new counts, title and file, in aligned columns")
  func decks() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let result = runQuiz(["decks"], variables: history.variables, shipped: twoDecks)
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    #expect(
      result.out == """
        Deck    Cards  Due  New  Title   File
        garden      3    1    1  Garden  built in
        herbs       3    2    0  Herbs   built in

        2 decks, 6 cards: 3 due today, 1 new.

        """)
  }

  @Test("lists the topics, sorted, with card, due and new counts")
  func topics() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let result = runQuiz(["topics"], variables: history.variables, shipped: twoDecks)
    #expect(result.status == .success)
    #expect(
      result.out == """
        Topic     Cards  Due  New
        Basil         2    2    0
        Planters      1    1    0
        Soil          2    0    1
        Thyme         1    0    0

        4 topics, 6 cards: 3 due today, 1 new.

        """)
  }

  @Test("narrows to the cards that match a filter")
  func filtered() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let decks = runQuiz(
      ["decks", "--topic", "basil"], variables: history.variables, shipped: twoDecks)
    #expect(
      decks.out.hasPrefix("Deck   Cards  Due  New  Title  File\nherbs      2    2    0  Herbs  "))
    let topics = runQuiz(
      ["topics", "--deck", "garden"], variables: history.variables, shipped: twoDecks)
    #expect(topics.out.contains("Planters"))
    #expect(!topics.out.contains("Basil"))
  }

  @Test("counts every card as new when there is no state folder yet")
  func noState() throws {
    let folder = try TemporaryFolder()
    let result = runQuiz(["topics", "--state", folder.path + "/state"])
    #expect(result.status == .success)
    #expect(result.out.hasSuffix("2 topics, 3 cards: 0 due today, 3 new.\n"))
  }

  @Test("makes the header bold on a terminal, and writes no colour codes otherwise")
  func colour() {
    #expect(runQuiz(["decks"], terminal: true).out.hasPrefix("\u{1B}[1mDeck"))
    #expect(!runQuiz(["decks"]).out.contains("\u{1B}["))
    #expect(!runQuiz(["decks", "--no-color"], terminal: true).out.contains("\u{1B}["))
  }
}

@Suite("Help for the progress commands")
struct ProgressHelpTests {
  @Test(
    "prints each command's help on standard output, exit 0",
    arguments: ["stats", "decks", "topics", "export", "merge", "unsuspend"])
  func help(command: String) {
    let result = runQuiz([command, "--help"])
    #expect(result.status == .success)
    #expect(result.out.hasPrefix("Usage: quiz \(command)"))
    #expect(result.error.isEmpty)
  }

  @Test("lists the progress commands in quiz --help")
  func listed() {
    let help = runQuiz(["--help"]).out
    for command in ["stats", "decks", "topics", "export", "merge", "unsuspend"] {
      #expect(help.contains("\n  \(command) "))
    }
  }
}
