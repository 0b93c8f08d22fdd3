import CardDeck
import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("Answers of any length")
struct LongAnswerTests {
  /// Two syntax cards, so that a multi-line attempt follows a grade.
  static let twoSyntaxCards = """
    # Shapes

    ## Syntax · Shapes · circle
    Declare a circle.

    ---

    ```swift
    struct Circle {}
    ```

    ## Syntax · Shapes · square
    Declare a square.

    ---

    ```swift
    struct Square {}
    ```
    """

  @Test("':quit' on the second line of an answer ends the session, grading nothing")
  func quitOnSecondLine() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "syntax"], lines: ["struct", ":quit", "", "5"], interactive: true)
    #expect(result.status == .success)
    #expect(!result.out.contains("── Answer"))
    #expect(try harness.saved().cards.isEmpty)
  }

  @Test("':skip' on the second line of an answer skips the card")
  func skipOnSecondLine() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      [], lines: ["struct", ":skip", "", "4"], interactive: true, deck: Self.twoSyntaxCards)
    #expect(result.out.contains("Skipped."))
    #expect(try harness.saved().cards.keys.sorted() == ["square"])
  }

  @Test("':undo' on the second line of an answer takes back the grade before it")
  func undoOnSecondLine() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      [], lines: ["struct Circle {}", "", "", "struct", ":undo", ":quit"], interactive: true,
      deck: Self.twoSyntaxCards)
    #expect(result.out.contains("Took back the grade 5 for circle; here it is again."))
    #expect(try harness.saved().cards["circle"] == nil)
  }

  @Test("on a later line, a ':' line that names no command is part of the answer")
  func colonCode() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "syntax"], lines: ["struct Planter", ":Equatable {}", "", ""], interactive: true)
    #expect(!result.out.contains("is not a command"))
    #expect(result.out.contains("── Answer"))
  }

  @Test("a drill question out of time keeps what was typed, and Enter then takes 0")
  func timedOutKeepsTyped() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["drill", "--seed", "1", "--time-limit", "5", "--count", "1"],
      events: [.timedOut(typed: "Yes, when"), .line("")])
    #expect(result.out.contains("Time is up. What you typed is kept."))
    #expect(result.out.contains("Drill: 0 of 1 right"))
  }

  @Test("an attempt out of time is judged as any attempt: the reviewer's grade is suggested")
  func timedOutJudged() throws {
    let parsed = NativeDeckParser(deckName: "garden").parse(
      SourceText(gardenDeck, path: "garden.md"))
    let collection = DeckCollection([parsed.deck])
    let card = try #require(collection.cards.first { $0.id == "planter" })
    let captured = CapturedConsole()
    let input = ScriptedInput(
      events: [.line("struct"), .timedOut(typed: "Planter {}"), .line("")], interactive: true)
    let session = ReviewSession(
      cards: [card], from: collection, store: nil, input: input, console: captured.console,
      presenter: CardPresenter(style: Style(usesColor: false), width: 80),
      now: { Date(timeIntervalSince1970: 0) }, clock: ManualClock().clock,
      today: try #require(Day(year: 2026, month: 11, day: 29)),
      mode: .drill(record: false, timeLimit: 5))
    let result = session.run()
    #expect(captured.out.contains("Time is up. What you typed is kept."))
    #expect(captured.out.contains("Suggested grade: 5."))
    #expect(result.graded.map { $0.grade } == [5])
    #expect(result.graded.first?.timedOut == true)
  }

  @Test("a piped answer that comes too late is kept as the attempt, timed out")
  func lateLineKept() throws {
    let harness = try SessionHarness()
    let clock = ManualClock()
    let input = ScriptedInput(
      timed: [("Yes, when wet.", delay: 6.0), ("", delay: 0.0)], interactive: false, clock: clock)
    let result = runQuiz(
      ["drill", "--seed", "1", "--time-limit", "5", "--count", "1"],
      variables: harness.variables, input: input
    ) { $0.monotonic = clock.clock }
    #expect(result.out.contains("Time is up. What you typed is kept."))
  }

  /// An "editor" that copies the file it is given to `seen`, logs its arguments, and writes
  /// `answer` (or exits with `status`).
  func editor(in folder: TemporaryFolder, answer: String, status: Int = 0) throws -> String {
    let path = try folder.write(
      "editor.sh",
      """
      #!/bin/sh
      echo "$@" > \(folder.path)/arguments
      cp "$2" \(folder.path)/seen
      [ \(status) -eq 0 ] || exit \(status)
      printf '%s\\n' '\(answer)' > "$2"

      """)
    chmod(path, 0o755)
    return path
  }

  @Test("':compose' opens the answer so far in $EDITOR, and the answer saved is the attempt")
  func compose() throws {
    let harness = try SessionHarness()
    let folder = try TemporaryFolder()
    var variables = harness.variables
    variables["EDITOR"] = try editor(in: folder, answer: "struct Planter {}")
    let result = runQuiz(
      ["--kind", "syntax"], variables: variables,
      input: ScriptedInput(["struct", "Plant", ":compose", ""], interactive: true))
    let file = harness.state.path + "/answer.swift"
    #expect(
      try String(contentsOfFile: folder.path + "/arguments", encoding: .utf8) == "+2 \(file)\n")
    #expect(try String(contentsOfFile: folder.path + "/seen", encoding: .utf8) == "struct\nPlant\n")
    #expect(result.out.contains("Suggested grade: 5."))
    #expect(try harness.saved().cards["planter"]?.repetitions == 1)
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test("':compose' keeps the answer as typed when the editor fails, and reads on")
  func composeFails() throws {
    let harness = try SessionHarness()
    let folder = try TemporaryFolder()
    var variables = harness.variables
    variables["EDITOR"] = try editor(in: folder, answer: "ignored", status: 1)
    let result = runQuiz(
      ["--kind", "syntax"], variables: variables,
      input: ScriptedInput(["struct Planter {}", ":compose", "", ""], interactive: true))
    #expect(result.out.contains("the editor exited with status 1; your answer is as you typed it"))
    #expect(result.out.contains("Suggested grade: 5."))
  }

  @Test("':compose' at the grade prompt says what it is for")
  func composeAtGrade() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "trick"], lines: ["", ":compose", "4"], interactive: true)
    #expect(result.out.contains(":compose is for an answer, while you type it."))
    #expect(try harness.saved().cards["clay"]?.repetitions == 1)
  }
}
