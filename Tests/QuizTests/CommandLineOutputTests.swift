import CommandLineKit
import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

/// A deck with long names everywhere, the way an imported or hand-written deck can be.
let wideDeck = """
  # A deck whose title goes on and on, far longer than any terminal is wide, to see it cut
  lesson: 3

  ## Trick · A topic whose name is much longer than the topic column of any listing · a-card-id-that-is-deliberately-very-long-so-that-it-never-fits
  A prompt that goes on for a long while, well past the eighty columns of a classic terminal, and on.

  ---

  An answer.

  ## Syntax · Short · short
  Declare it.

  ---

  ```swift
  let x = 1
  ```
  """

@Suite("Output that fits")
struct CommandLineOutputTests {
  static let commands: [[String]] = [
    ["--help"], ["cards"], ["check"], ["decks"], ["topics"], ["stats"],
    ["export", "--format", "md"],
    ["drill", "--help"], ["review", "--help"], ["suspend", "--help"], ["export", "--help"],
  ]

  @Test("no line of any command is over 80 columns with COLUMNS=80", arguments: commands)
  func fits(arguments: [String]) throws {
    let state = try TemporaryFolder()
    let result = runQuiz(
      arguments,
      variables: ["COLUMNS": "80", "QUIZ_STATE": state.path, "QUIZ_NOW": "2026-11-29T08:00:00Z"],
      shipped: [("wide.md", wideDeck), ("garden.md", gardenDeck)])
    #expect(result.status == .success, "\(result.error)")
    // A Markdown export is a document, not terminal output: its table rows, headings and
    // paragraphs are lines of the file format, read by a Markdown viewer.
    let isDocument = arguments.contains("md")
    let long = result.out.split(separator: "\n").filter { $0.count > 80 && !isDocument }
    #expect(long.isEmpty, "\(long)")
  }

  @Test("a review's legend, hints and comparison fit 80 columns")
  func sessionFits() throws {
    let harness = try SessionHarness()
    var variables = harness.variables
    variables["COLUMNS"] = "80"
    let result = runQuiz(
      [], variables: variables, shipped: [("wide.md", wideDeck)],
      input: ScriptedInput(["", "4", "let y = 2", "", "3"], interactive: true))
    let long = result.out.split(separator: "\n").filter { $0.count > 80 }
    #expect(long.isEmpty, "\(long)")
    #expect(result.out.contains("0 blackout · 1 wrong, but recognised · 2 wrong, easy once seen\n"))
  }

  @Test("lists cards with whole ids, cutting prompts and topics to fit")
  func cardsKeepIDs() {
    let result = runQuiz(["cards"], variables: ["COLUMNS": "80"], shipped: [("wide.md", wideDeck)])
    #expect(result.out.contains("a-card-id-that-is-deliberately-very-long-so-that-it-never-fits"))
    #expect(result.out.contains("…"))
    let piped = runQuiz(["cards"], shipped: [("wide.md", wideDeck)]) { $0.width = nil }
    #expect(piped.out.contains("well past the eighty columns of a classic terminal, and on."))
  }

  @Test("never cuts a deck name in stats or decks; a long one stands on its own line")
  func deckNamesWhole() throws {
    let state = try TemporaryFolder()
    let deck = "# T\n\n## Trick · X · x\nQ?\n\n---\n\nA.\n"
    let name = "a-deck-name-of-some-considerable-length-indeed"
    let folder = try TemporaryFolder()
    try folder.write(name + ".md", deck)
    for command in ["stats", "decks"] {
      let result = runQuiz(
        [command, "--decks", folder.path],
        variables: ["COLUMNS": "60", "QUIZ_STATE": state.path])
      #expect(result.out.contains("\n" + name + "\n"), "\(command)")
    }
  }

  @Test("decks and topics print JSON with --json")
  func listingJSON() throws {
    let state = try TemporaryFolder()
    let decks = runQuiz(["decks", "--json"], variables: ["QUIZ_STATE": state.path])
    let deckArray = try #require(
      try JSONSerialization.jsonObject(with: Data(decks.out.utf8)) as? [[String: Any]])
    #expect(deckArray.first?["name"] as? String == "garden")
    #expect(deckArray.first?["cards"] as? Int == 3)
    #expect(deckArray.first?["file"] as? String == "built in")
    let topics = runQuiz(["topics", "--json"], variables: ["QUIZ_STATE": state.path])
    let topicArray = try #require(
      try JSONSerialization.jsonObject(with: Data(topics.out.utf8)) as? [[String: Any]])
    #expect(topicArray.map { $0["topic"] as? String } == ["Planters", "Soil"])
    #expect(topicArray.last?["new"] as? Int == 2)
  }

  @Test("repeats the question above the grade when the card is taller than the terminal")
  func tallCard() throws {
    let harness = try SessionHarness()
    let answer = (1...40).map { "Line \($0) of a long answer." }.joined(separator: "\n\n")
    let deck =
      "# Tall\n\n## Edge · Tall · tall\nWhat happens when it is tall?\n\n---\n\n\(answer)\n\nSource: measured\n"
    for (height, shown) in [(30, true), (200, false)] {
      let result = runQuiz(
        [], variables: harness.variables, shipped: [("tall.md", deck)],
        input: ScriptedInput(["", ":quit"])
      ) { $0.height = height }
      #expect(result.out.contains("Question: What happens when it is tall?") == shown)
    }
  }

  @Test("repeats the suggested grade and its reason above the grade when they scrolled away")
  func tallComparison() throws {
    let harness = try SessionHarness()
    let explanation = (1...30).map { "Line \($0) of a long explanation." }
      .joined(separator: "\n\n")
    let deck =
      "# Tall\n\n## Syntax · Tall · tall-syntax\nHide the view.\n\n---\n\n```swift\n"
      + "Text(\"x\").hidden()\n```\n\n\(explanation)\n"
    for (height, shown) in [(30, true), (200, false)] {
      let result = runQuiz(
        [], variables: harness.variables, shipped: [("tall.md", deck)],
        input: ScriptedInput(["Text(\"x\").opacity(0)", "", "", ":quit"])
      ) { $0.height = height }
      let lines = result.out.split(separator: "\n").map(String.init)
      let reminder = lines.firstIndex { $0.hasPrefix("Suggested 1: ") }
      #expect((reminder != nil) == shown, "\(result.out)")
      if let reminder {
        // Just above the prompt, after the whole answer, without the code's backticks.
        #expect(lines[reminder] == "Suggested 1: Missing .hidden.", "\(lines[reminder])")
        #expect(reminder > (lines.firstIndex { $0.contains("Line 30 of") } ?? .max))
      }
    }
  }
}

@Suite("No silent mistakes")
struct NoSilentMistakesTests {
  @Test(
    "refuses what would otherwise do nothing, with exit 64 and a message",
    arguments: [
      (["cards", "--lesson", "99"], "quiz cards: no deck is lesson 99; the lessons are 7"),
      (["review", "--state", ""], "quiz review: --state needs a folder, not an empty name"),
      (["cards", "--decks", ""], "quiz cards: --decks needs a folder, not an empty name"),
    ])
  func refused(arguments: [String], message: String) {
    let result = runQuiz(arguments)
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix(message + "\n"))
  }

  @Test("calls a decks folder without a deck an error, for check and every other command")
  func emptyFolder() throws {
    let folder = try TemporaryFolder()
    try folder.write("notes.txt.bak", "nothing")
    for command in ["check", "cards", "review"] {
      let result = runQuiz([command, "--decks", folder.path])
      #expect(result.status == .usage, "\(command)")
      #expect(result.error.contains("holds no deck"))
    }
  }

  @Test("prints its version from one place")
  func version() {
    let result = runQuiz(["--version"])
    #expect(result.status == .success)
    #expect(result.out == "quiz \(Version.current)\n")
  }

  @Test(
    "refuses extra words after --version or help as a usage error",
    arguments: [
      (["--version", "extra"], "quiz: --version takes no arguments, not 'extra'"),
      (["help", "review", "stats"], "quiz: help takes one command name, not 2"),
    ])
  func extraWords(arguments: [String], message: String) {
    let result = runQuiz(arguments)
    #expect(result.status == .usage)
    #expect(result.out.isEmpty)
    #expect(result.error.hasPrefix(message + "\n"))
  }

  @Test("answers help about help with the overview")
  func helpHelp() {
    let result = runQuiz(["help", "help"])
    #expect(result.status == .success)
    #expect(result.out == runQuiz(["--help"]).out)
  }
}

@Suite("quiz suspend")
struct SuspendCommandTests {
  @Test("suspends a card, keeps its progress, and says how to bring it back")
  func suspends() throws {
    let history = try ReviewHistory()
    try history.session(on: "2026-11-27") { store in try store.record(5, for: "planter") }
    let before = try history.saved().cards["planter"]
    let result = runQuiz(["suspend", "planter"], variables: history.variables)
    #expect(result.status == .success)
    #expect(result.out == "Suspended planter; 'quiz unsuspend planter' brings it back.\n")
    #expect(try history.saved().suspended == ["planter"])
    #expect(try history.saved().cards["planter"] == before)
    let again = runQuiz(["suspend", "planter"], variables: history.variables)
    #expect(again.out == "planter is already suspended; nothing to do.\n")
    #expect(runQuiz(["unsuspend", "planter"], variables: history.variables).status == .success)
    #expect(try history.saved().suspended.isEmpty)
  }

  @Test("refuses an id that no deck has and no history knows")
  func unknown() throws {
    let history = try ReviewHistory()
    let result = runQuiz(["suspend", "nope"], variables: history.variables)
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("quiz suspend: no card has the id 'nope'"))
  }
}

@Suite("The summary's outlook")
struct OutlookTests {
  @Test("counts the cards still due today apart, and includes them in the next day's count")
  func stillDue() throws {
    let harness = try SessionHarness()
    // Two cards graded 2 are due again today; quitting when the first comes back leaves both.
    let result = harness.run(
      ["--kind", "trick", "--kind", "edge"], lines: ["", "2", "", "2", ":quit"])
    #expect(result.out.contains("Still due today: 2 cards ('quiz' shows them)."))
    #expect(result.out.contains("Next: 2 cards due tomorrow"))
    #expect(result.out.contains(", counting the 2 still due today."))
  }
}

@Suite("Listings that use the width")
struct ListingWidthTests {
  static let deck = """
    # Navigation

    ## Trick · Navigation · api-destination-item
    Push a book's screen when an optional `Book` state is set from a list.

    ---

    With navigationDestination(item:).
    """

  @Test("quiz cards on a terminal has a header, and keeps a prompt readable at 80 columns")
  func cards() {
    let result = runQuiz(
      ["cards"], variables: ["COLUMNS": "80"], shipped: [("navigation.md", Self.deck)],
      terminal: true)
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("Id") == true)
    #expect(lines.first?.contains("Prompt") == true)
    #expect(lines.count == 2)
    #expect(lines[1].contains("Push a book's screen when an"))
    #expect(lines.allSatisfy { $0.count <= 80 })
  }

  @Test("a stats row keeps a long deck name and its numbers on one line at 80 columns")
  func statsRows() throws {
    let name = "lesson-23-split-views-and-presentation"
    let folder = try TemporaryFolder()
    try folder.write(name + ".md", "# T\n\n## Trick · X · x\nQ?\n\n---\n\nA.\n")
    let state = try TemporaryFolder()
    let result = runQuiz(
      ["stats", "--decks", folder.path], variables: ["COLUMNS": "80", "QUIZ_STATE": state.path])
    let lines = result.out.split(separator: "\n").map(String.init)
    let row = try #require(lines.first { $0.hasPrefix(name) })
    #expect(row.hasSuffix("1   0   1     0     0      0    0"))
    #expect(
      lines.first == "Deck" + String(repeating: " ", count: name.count - 4)
        + " Cards Due New Learn Young Mature Susp")
    #expect(lines.allSatisfy { $0.count <= 80 })
  }
}
