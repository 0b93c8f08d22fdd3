import CardDeck
import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

/// A review run through the command line, with scripted lines, a fixed clock and a temporary
/// state folder.
struct SessionHarness {
  let state: TemporaryFolder
  var now = "2026-11-29T08:00:00Z"

  init() throws {
    state = try TemporaryFolder()
  }

  var variables: [String: String] {
    ["QUIZ_STATE": state.path, "QUIZ_NOW": now, "NO_COLOR": ""]
  }

  func run(
    _ arguments: [String], lines: [String], interactive: Bool = false, terminal: Bool = false,
    pasted: Bool = false, deck: String = gardenDeck
  ) -> (status: ExitCode, out: String, error: String) {
    runQuiz(
      arguments, variables: variables, shipped: [("garden.md", deck)],
      input: ScriptedInput(lines, interactive: interactive, pasted: pasted), terminal: terminal)
  }

  func run(_ arguments: [String], events: [InputEvent]) -> (
    status: ExitCode, out: String, error: String
  ) {
    runQuiz(arguments, variables: variables, input: ScriptedInput(events: events))
  }

  /// The review state as saved on disk.
  func saved() throws -> ReviewState {
    try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: state.path)).state
  }
}

@Suite("Review sessions")
struct ReviewSessionTests {
  @Test("reviews new cards in deck order and saves every grade")
  func newCards() throws {
    let harness = try SessionHarness()
    let result = harness.run([], lines: ["struct Planter {}", "", "", "5", "", "4"])
    #expect(result.status == .success)
    #expect(result.out.hasPrefix("0 due, 3 new\n"))
    #expect(result.out.contains("[1/3]"))
    #expect(result.out.contains("Your attempt: Same as the card's code. Suggested grade: 5."))
    // The live monotonic clock: a loaded machine may take a second.
    #expect(result.out.contains("Reviewed 3 cards in "))
    #expect(result.out.contains("Grades: 5 ×2  4 ×1. Accuracy 100% (3 or better)."))
    let state = try harness.saved()
    #expect(state.cards["planter"]?.due == Day(year: 2026, month: 11, day: 30))
    #expect(state.cards.count == 3)
  }

  @Test("takes the suggested grade when the grade line is empty")
  func suggestion() throws {
    let harness = try SessionHarness()
    let result = harness.run(["--kind", "syntax"], lines: ["struct Planter {}", ""])
    #expect(result.out.contains("Suggested grade: 5."))
    #expect(result.out.contains("Grades: 5 ×1."))
    #expect(try harness.saved().cards["planter"]?.repetitions == 1)
  }

  static let sheetDeck = """
    # Sheets

    ## Syntax · Sheets · sheet-item
    Present a sheet for one chosen recipe.

    ---

    ```swift
    @State private var chosen: Recipe?

    .sheet(item: $chosen) { recipe in
        RecipeDetail(recipe: recipe)
    }
    ```

    The closure receives the unwrapped value.
    """

  @Test(
    "suggests the reviewer's grade, shows why, and records it when Enter takes it",
    arguments: [
      (".sheet(item: $picked) { r in DetailView(recipe: r) }", 5, 1, "with names of your own"),
      (".popover(item: $picked) { r in DetailView(recipe: r) }", 2, 0, "[-sheet-]{+popover+}"),
    ])
  func reviewerGrade(attempt: String, grade: Int, repetitions: Int, shown: String) throws {
    let harness = try SessionHarness()
    let result = harness.run([], lines: [attempt, ""], deck: Self.sheetDeck)
    #expect(result.out.contains("Suggested grade: \(grade)."))
    #expect(result.out.contains(shown))
    #expect(result.out.contains("Grades: \(grade) ×1."))
    #expect(try harness.saved().cards["sheet-item"]?.repetitions == repetitions)
  }

  @Test("suggests nothing for an empty attempt: the user grades")
  func emptyAttempt() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      [], lines: ["", "", "3"], interactive: true, deck: Self.sheetDeck)
    #expect(result.out.contains("Type a grade from 0 to 5 (or :help)."))
    #expect(result.out.contains("Grades: 3 ×1."))
    #expect(!result.out.contains("Your attempt"))
    #expect(try harness.saved().cards["sheet-item"]?.repetitions == 1)
  }

  @Test("takes no suggestion from an empty line once a line that is not a grade was typed")
  func noSuggestionAfterRefusedLine() throws {
    // A trial: the rest of an attempt typed after it had ended went to the grade prompt, and
    // the empty line after it saved the suggestion, a 1 nobody chose.
    let harness = try SessionHarness()
    let input = ScriptedInput(
      [".sheet(item: $x) { Detail(item: $0) }", "", "SleepTimerView()", "", "4"],
      interactive: true)
    let result = runQuiz(
      [], variables: harness.variables, shipped: [("garden.md", Self.sheetDeck)], input: input)
    #expect(result.out.contains("'SleepTimerView()' is not a grade"))
    #expect(result.out.contains("Type a grade from 0 to 5 (or :help)."))
    #expect(result.out.contains("Grades: 4 ×1."), "\(result.out)")
    // The prompt no longer offers the suggestion once it is not taken by an empty line.
    let grades = input.prompts.filter { $0.hasPrefix("Grade") }
    #expect(grades.count == 3 && grades[0].contains("[") && !grades[1].contains("["), "\(grades)")
  }

  @Test("explains an invalid grade on a terminal and asks again")
  func invalidGrade() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "trick"], lines: ["", "7", "", "good", "2"], interactive: true)
    #expect(result.out.contains("'7' is not a grade: type a whole number from 0 to 5 (or :help)."))
    #expect(result.out.contains("Type a grade from 0 to 5 (or :help)."))
    #expect(result.out.contains("'good' is not a grade"))
    #expect(try harness.saved().cards["clay"]?.repetitions == 0)
    // The rest of an attempt typed at the prompt is quoted in part, and the message wrapped at
    // words (a trial's broke in the middle of one at 80 columns).
    let long = "Tab(\"Search\", systemImage: \"magnifyingglass\", value: .search) { SearchView() }"
    let wrapped = try SessionHarness().run(
      ["--kind", "trick"], lines: ["", long, "2"], interactive: true)
    #expect(wrapped.out.contains("'Tab(\"Search\", systemIma…' is not a grade: type a whole"))
    #expect(!wrapped.out.contains("SearchView"))
  }

  @Test(
    "ends a piped session on a line that is not a grade, naming the line, exit 1",
    arguments: [
      (["", "7"], "quiz: standard input, line 2: '7' is not a grade from 0 to 5"),
      (["", "5", "", "good"], "quiz: standard input, line 4: 'good' is not a grade from 0 to 5"),
      (
        ["", ""], "quiz: standard input, line 2: an empty grade line is not a grade from 0 to 5"
      ),
    ])
  func invalidPipedGrade(lines: [String], message: String) throws {
    let harness = try SessionHarness()
    let result = harness.run(["--kind", "trick", "--kind", "edge"], lines: lines)
    #expect(result.status == .failure)
    #expect(result.error.contains(message + "\n"))
    // Grades before the bad line are kept.
    #expect(try harness.saved().cards.count == (lines.count == 4 ? 1 : 0))
  }

  @Test("brings a card graded below 4 back at the end of the session")
  func requeue() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "trick", "--kind", "edge"], lines: ["", "3", "", "5", "", "2", "", "4"])
    #expect(result.out.contains("This card comes back later in this session."))
    #expect(result.out.contains("[3/3]"))
    // When it comes back, it says why, once.
    #expect(
      result.out.components(separatedBy: "Again: graded 3 earlier in this session.").count == 2)
    #expect(!result.out.contains("Again: graded 5"))
    // Two cards, one of them graded three times.
    #expect(result.out.contains("Reviewed 2 cards (4 reviews) in "))
    let state = try harness.saved()
    #expect(state.cards["clay"]?.needsExtraReview == false)
    #expect(state.cards["clay"]?.due == Day(year: 2026, month: 11, day: 30))
    #expect(state.cards["wet"]?.due == Day(year: 2026, month: 11, day: 30))
  }

  @Test("takes back the last grade with :undo, restoring the card exactly, and shows it again")
  func undo() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "trick", "--kind", "edge"], lines: ["", "5", ":undo", "", "1", "", "4"])
    #expect(result.out.contains("Took back the grade 5 for clay; here it is again."))
    let state = try harness.saved()
    #expect(state.cards["clay"]?.repetitions == 0)
    #expect(state.cards["clay"]?.reviews == 1)
  }

  @Test("says there is nothing to undo at the first card")
  func nothingToUndo() throws {
    let harness = try SessionHarness()
    let result = harness.run(["--kind", "trick"], lines: [":undo", "", "4"])
    #expect(result.out.contains("Nothing to undo in this session."))
    #expect(try harness.saved().cards["clay"]?.repetitions == 1)
  }

  @Test("skips and suspends cards, and suspended cards stay away next time")
  func skipAndSuspend() throws {
    let harness = try SessionHarness()
    let result = harness.run([], lines: [":skip", ":suspend", "", "4"])
    #expect(result.out.contains("Skipped."))
    #expect(result.out.contains("Suspended clay; 'quiz unsuspend clay' brings it back."))
    #expect(result.out.contains("1 skipped, 1 suspended."))
    let state = try harness.saved()
    #expect(state.suspended == ["clay"])
    #expect(state.cards["planter"] == nil)
    let again = harness.run(["--kind", "trick"], lines: [])
    #expect(again.out.hasPrefix("Nothing to review for kind trick today."))
  }

  @Test("lists the commands with :help and explains an unknown one")
  func help() throws {
    let harness = try SessionHarness()
    let result = harness.run(["--kind", "trick"], lines: [":help", ":frob", ":quit"])
    #expect(result.out.contains(":suspend   never show this card again"))
    #expect(
      result.out.contains(
        ":frob is not a command; they are :undo, :skip, :suspend, :edit, :help, :quit."))
    #expect(result.out.contains("Reviewed 0 cards"))
  }

  @Test("ends cleanly at :quit, at the end of input, and on a signal, keeping what was graded")
  func endings() throws {
    for ending in [InputEvent.line(":quit"), .end, .interrupted] {
      let harness = try SessionHarness()
      let result = harness.run([], events: [.line("struct Planter {}"), .line("5"), ending])
      #expect(result.status == .success)
      #expect(result.out.contains("Reviewed 1 card"))
      #expect(try harness.saved().cards["planter"]?.repetitions == 1)
    }
  }

  @Test("says when nothing is due, and when the next card is")
  func nothingDue() throws {
    var harness = try SessionHarness()
    _ = harness.run(["--kind", "trick"], lines: ["", "5"])
    let today = harness.run(["--kind", "trick"], lines: [])
    #expect(
      today.out
        == "Nothing to review for kind trick today.\nThe next card is due tomorrow (2026-11-30).\n")
    harness.now = "2026-11-30T09:00:00Z"
    let tomorrow = harness.run(["--kind", "trick"], lines: ["", "4"])
    #expect(tomorrow.out.hasPrefix("1 due, 0 new — kind trick\n"))
  }

  @Test("says a card due on the next review day is due from the day's start, after midnight")
  func nothingDueBeforeTheDayStarts() throws {
    // Trial users read "tomorrow (2026-11-30)" at 03:00 on the 30th as a day too far.
    var harness = try SessionHarness()
    _ = harness.run(["--kind", "trick"], lines: ["", "5"])
    harness.now = "2026-11-30T03:00:00Z"
    let early = harness.run(["--kind", "trick"], lines: [])
    #expect(
      early.out
        == "Nothing to review for kind trick today.\nThe next card is due from 04:00 today (2026-11-30).\n"
    )
  }

  @Test("counts a review at 03:00 for the day before, as the day starts at 04:00")
  func dayStart() throws {
    var harness = try SessionHarness()
    harness.now = "2026-11-30T03:00:00Z"
    _ = harness.run(["--kind", "trick"], lines: ["", "5"])
    #expect(try harness.saved().cards["clay"]?.due == Day(year: 2026, month: 11, day: 30))
  }

  @Test("limits new cards per day, counting earlier sessions")
  func newLimit() throws {
    let harness = try SessionHarness()
    let first = harness.run(["--new", "1"], lines: [":quit"])
    #expect(first.out.hasPrefix("0 due, 1 new\n"))
    _ = harness.run(["--new", "2"], lines: ["", "5"])
    let third = harness.run(["--new", "2"], lines: [":quit"])
    #expect(third.out.hasPrefix("0 due, 1 new\n"))
  }

  @Test("shows a card asked for by id even when today's 20 new cards are used up")
  func cardByID() throws {
    let harness = try SessionHarness()
    let deck =
      "# Many\n"
      + (1...22).map { "\n## Trick · Soil · c\($0)\nQ\($0)?\n\n---\n\nA.\n" }.joined()
    _ = harness.run([], lines: Array(repeating: ["", "5"], count: 20).flatMap { $0 }, deck: deck)
    #expect(harness.run([], lines: [], deck: deck).out.contains("today's new cards are done"))
    let named = harness.run(["--card", "c22"], lines: ["", "4"], deck: deck)
    #expect(named.out.hasPrefix("0 due, 1 new — card c22\n"))
    #expect(try harness.saved().cards["c22"]?.repetitions == 1)
    // --new still says how many, when it is given: for this session, since the card was asked for.
    let explicit = harness.run(["--card", "c21", "--new", "0"], lines: [], deck: deck)
    #expect(explicit.out.contains("Nothing to review for card c21 today.\n1 new card waits."))
  }

  @Test("colours only on a terminal without NO_COLOR or --no-color")
  func colour() throws {
    let harness = try SessionHarness()
    #expect(!harness.run(["--kind", "syntax"], lines: [":quit"]).out.contains("\u{1B}["))
    var variables = harness.variables
    variables["NO_COLOR"] = nil
    let coloured = runQuiz(
      ["--kind", "syntax"], variables: variables, input: ScriptedInput([":quit"]), terminal: true)
    #expect(coloured.out.contains("\u{1B}["))
    let plain = runQuiz(
      ["--kind", "syntax", "--no-color"], variables: variables, input: ScriptedInput([":quit"]),
      terminal: true)
    #expect(!plain.out.contains("\u{1B}["))
    variables["NO_COLOR"] = "1"
    #expect(
      !runQuiz(
        ["--kind", "syntax"], variables: variables, input: ScriptedInput([":quit"]), terminal: true
      ).out.contains("\u{1B}["))
  }

  @Test("refuses decks with errors unless --force, and then reviews what loaded")
  func brokenDecks() throws {
    let harness = try SessionHarness()
    let broken = gardenDeck + "\n\n## Quiz · T\nQ\n---\nA\n"
    let refused = harness.run([], lines: [], deck: broken)
    #expect(refused.status == .failure)
    #expect(refused.error.contains("Decks/garden.md:31: error: unknown card kind 'Quiz'"))
    #expect(refused.error.contains("fix them, or pass --force to review the 3 cards that loaded"))
    // Of those the options select: --force would review those.
    let selected = harness.run(["--kind", "trick"], lines: [], deck: broken)
    #expect(selected.error.contains("pass --force to review the 1 card that loaded."))
    let forced = harness.run(["--force", "--kind", "trick"], lines: ["", "4"], deck: broken)
    #expect(forced.status == .success)
  }

  @Test("counts one card that loaded as one card")
  func brokenDecksOneCard() throws {
    let harness = try SessionHarness()
    let deck = "# One\n\n## Trick · T · one\nQ\n\n---\n\nA\n\n## Quiz · T\nQ\n---\nA\n"
    let refused = harness.run([], lines: [], deck: deck)
    #expect(refused.status == .failure)
    #expect(refused.error.contains("pass --force to review the 1 card that loaded."))
  }

  @Test("refuses a filter that matches nothing, with exit 64")
  func noMatch() throws {
    let harness = try SessionHarness()
    let result = harness.run(["--kind", "interview"], lines: [])
    #expect(result.status == .usage)
    #expect(result.error.contains("no card matches kind interview"))
  }

  @Test("refuses a second session on the same state, naming the folder")
  func locked() throws {
    let harness = try SessionHarness()
    let store = try ReviewStore.open(
      folder: URL(fileURLWithPath: harness.state.path), dayClock: DayClock(timeZone: .gmt),
      now: { Date() })
    defer { try? store.close() }
    let result = harness.run([], lines: [])
    #expect(result.status == .failure)
    #expect(result.error.contains("is using the review state in \(harness.state.path)"))
  }
}

@Suite("Drills")
struct DrillTests {
  @Test("asks trick, edge and interview cards only, and leaves the schedule alone")
  func noRecord() throws {
    let harness = try SessionHarness()
    let result = harness.run(["drill", "--seed", "1"], lines: ["", "5", "", "1"])
    #expect(result.status == .success)
    #expect(result.out.hasPrefix("Drill: 2 questions (seed 1)\n"))
    #expect(!result.out.contains("· syntax ·"))
    #expect(result.out.contains("Drill: 1 of 2 right"))
    #expect(result.out.contains("Missed: "))
    #expect(result.out.contains("Review them now: quiz review --card "))
    #expect(try harness.saved().cards.isEmpty)
  }

  @Test("gives the same order for the same seed")
  func seeded() throws {
    let harness = try SessionHarness()
    let deck = (1...12).map { "## Trick · T\(($0 % 3)) · c\($0)\nQ\($0)?\n---\nA.\n" }.joined(
      separator: "\n")
    let first = harness.run(
      ["drill", "--seed", "42", "--count", "5"], lines: [], deck: "# D\n\n" + deck)
    let second = harness.run(
      ["drill", "--seed", "42", "--count", "5"], lines: [], deck: "# D\n\n" + deck)
    let other = harness.run(
      ["drill", "--seed", "43", "--count", "5"], lines: [], deck: "# D\n\n" + deck)
    #expect(first.out == second.out)
    #expect(first.out != other.out)
  }

  @Test("scores per topic")
  func scorePerTopic() throws {
    let harness = try SessionHarness()
    let result = harness.run(["drill", "--seed", "1"], lines: ["", "5", "", "4"])
    #expect(result.out.contains("✓ Soil"))
    #expect(result.out.contains("2/2"))
  }

  @Test("records grades only with --record")
  func record() throws {
    let harness = try SessionHarness()
    _ = harness.run(["drill", "--seed", "1", "--record"], lines: ["", "5", "", "5"])
    #expect(try harness.saved().cards.count == 2)
  }

  @Test("suggests 0 when time runs out")
  func timeLimit() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["drill", "--seed", "1", "--time-limit", "5", "--count", "1"],
      events: [.timedOut(typed: ""), .line("")])
    #expect(result.out.contains("Time is up."))
    #expect(result.out.contains("Drill: 0 of 1 right"))
  }

  @Test("refuses a drill of syntax cards")
  func syntaxOnly() throws {
    let harness = try SessionHarness()
    #expect(harness.run(["drill", "--kind", "syntax"], lines: []).status == .usage)
  }
}

@Suite("Editing a card during a session")
struct EditDuringSessionTests {
  @Test("opens $EDITOR at the card's line with :edit, then shows the card as reloaded")
  func edit() throws {
    let harness = try SessionHarness()
    let decks = try TemporaryFolder()
    let deck = try decks.write("garden.md", gardenDeck)
    // An "editor" that records its arguments and rewrites the question.
    let log = decks.path + "/editor.log"
    let editor = try decks.write(
      "editor.sh",
      "#!/bin/sh\necho \"$@\" > \(log)\nsed -i 's/Is clay heavy?/Is wet clay heavy?/' \"$2\"\n")
    chmod(editor, 0o755)
    var variables = harness.variables
    variables["EDITOR"] = editor
    let result = runQuiz(
      ["--decks", decks.path, "--kind", "trick"], variables: variables,
      input: ScriptedInput([":edit", "", "4"]))
    #expect(result.status == .success)
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "+13 \(deck)\n")
    #expect(result.out.contains("Reloaded clay."))
    #expect(result.out.contains("Is wet clay heavy?"))
    #expect(try harness.saved().cards["clay"]?.repetitions == 1)
  }

  @Test("says the editor could not start, rather than that the card was reloaded")
  func missingEditor() throws {
    let harness = try SessionHarness()
    let decks = try TemporaryFolder()
    try decks.write("garden.md", gardenDeck)
    var variables = harness.variables
    variables["EDITOR"] = "/no/such/editor"
    let result = runQuiz(
      ["--decks", decks.path, "--kind", "trick"], variables: variables,
      input: ScriptedInput([":edit", "", "4"]))
    #expect(result.out.contains("could not start /no/such/editor"))
    #expect(!result.out.contains("Reloaded"))
    #expect(try harness.saved().cards["clay"]?.repetitions == 1)
  }

  @Test("passes a deck path that starts with '-' to the editor as ./-…, never as an option")
  func dashPath() {
    #expect(
      SessionSetup.editorArguments("vi", line: 3, path: "-rf/deck.md")
        == ["-c", "vi \"$@\"", "sh", "+3", "./-rf/deck.md"])
    #expect(SessionSetup.editorArguments("code -w", line: 1, path: "/d.md").last == "/d.md")
  }

  @Test("explains that a shipped card cannot be edited in place")
  func shipped() throws {
    let harness = try SessionHarness()
    let result = harness.run(["--kind", "trick"], lines: [":edit", ":quit"])
    #expect(result.out.contains("clay comes from the decks built into quiz"))
  }
}

@Suite("The daily review cap")
struct DailyCapTests {
  @Test("says that the day's reviews are done, not that new cards are, once the cap is reached")
  func cap() throws {
    let harness = try SessionHarness()
    let now = try #require(Timestamp.parse(harness.now))
    let store = try ReviewStore.open(
      folder: URL(fileURLWithPath: harness.state.path), dayClock: DayClock(timeZone: .current),
      now: { now })
    for index in 1...200 { try store.record(4, for: "elsewhere-\(index)") }
    try store.close()
    let result = harness.run([], lines: [])
    #expect(
      result.out.contains("Today's 200 reviews are done; 0 due and 3 new cards wait for tomorrow."))
  }
}
