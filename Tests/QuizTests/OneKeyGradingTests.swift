import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("One-key grading on a terminal")
struct OneKeyGradingTests {
  /// Runs `quiz arguments` on a pseudo-terminal; at each step, waits for the screen to show
  /// `text` (after what the step before waited for) and types `keys` one at a time. Returns the
  /// screen, and the state folder's review state.
  func session(
    _ arguments: [String], steps: [(text: String, keys: String)], settle: Double = 0
  ) throws -> (screen: String, folder: TemporaryFolder) {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/decks", withIntermediateDirectories: true)
    try folder.write("decks/garden.md", gardenDeck)
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = try quizExecutable()
    process.arguments = arguments
    process.environment = [
      "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": folder.path,
      "LANG": "C.UTF-8", "QUIZ_DECKS": folder.path + "/decks",
      "QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": "2026-11-29T08:00:00Z", "NO_COLOR": "1",
    ]
    try terminal.run(process)
    defer { PseudoTerminal.stop(process) }
    var from = 0
    for step in steps {
      let shown = try #require(terminal.waitFor(step.text, after: from), "\(step.text)")
      // The prompt's last character: readline has the terminal once it is drawn.
      from = try #require(terminal.waitFor(" ", after: shown))
      // A person reads what is shown before typing; keys typed at once are doubled keystrokes.
      if settle > 0 { Thread.sleep(forTimeInterval: settle) }
      terminal.typeKeyByKey(step.keys)
    }
    terminal.readToEnd()
    return (String(decoding: terminal.output, as: UTF8.self), folder)
  }

  func repetitions(of id: String, in folder: TemporaryFolder) throws -> Int? {
    try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: folder.path + "/state"))
      .state.cards[id]?.repetitions
  }

  @Test("a key from 0 to 5 at the grade prompt is the grade, without Enter")
  func oneKey() throws {
    let (screen, folder) = try session(
      ["--card", "clay"], steps: [("lists commands.", "\r"), ("Grade 0", "4")])
    #expect(screen.contains("Reviewed 1 card"), "\(screen.debugDescription)")
    #expect(screen.contains("Grades: 4 ×1."))
    #expect(try repetitions(of: "clay", in: folder) == 1)
  }

  @Test("Enter still takes the suggested grade, once the answer has been read")
  func enterTakesSuggestion() throws {
    let (screen, _) = try session(
      ["--card", "planter"],
      steps: [("lists commands.", "struct Planter {}\r\r"), ("Grade 0", "\r")],
      settle: OneKeyGradingTests.settle)
    #expect(screen.contains("Suggested grade: 5."))
    #expect(screen.contains("Grades: 5 ×1."), "\(screen.debugDescription)")
  }

  /// Longer than the window in which an Enter is taken as a doubled keystroke.
  static let settle = ReadlineInput.habitualEnterSeconds + 0.3

  @Test("an Enter typed right after the empty line that ends an attempt takes no grade")
  func enterAfterAttempt() throws {
    // The attempt ends at its first empty line; the second Enter comes with it, unread.
    let (screen, folder) = try session(
      ["--card", "planter"],
      steps: [("lists commands.", "struct Planter {}\r\r\r"), ("Grade 0", "4")])
    #expect(screen.contains("Suggested grade: 5."), "\(screen.debugDescription)")
    #expect(screen.contains("Grades: 4 ×1."), "\(screen.debugDescription)")
    #expect(try repetitions(of: "planter", in: folder) == 1)
  }

  @Test("an Enter typed right after a grade key is the grade's, not the next card's empty attempt")
  func enterAfterKey() throws {
    // A grade below 4 brings the card back at once; the Enter would have shown its answer.
    let (screen, folder) = try session(
      ["--card", "planter"],
      steps: [
        ("lists commands.", "\r"), ("Grade 0", "2\r"), ("lists commands.", "struct Planter {}\r\r"),
        ("Grade 0", "5"),
      ])
    #expect(screen.contains("Suggested grade: 5."), "\(screen.debugDescription)")
    #expect(screen.contains("Grades: 5 ×1  2 ×1."), "\(screen.debugDescription)")
    #expect(try repetitions(of: "planter", in: folder) == 1)
  }

  @Test("a key typed right after a grade key begins the next line")
  func keyAfterKey() throws {
    let (screen, _) = try session(
      ["--card", "planter"],
      steps: [
        ("lists commands.", "\r"), ("Grade 0", "2struct Planter {}\r\r"), ("Grade 0", "5"),
      ])
    #expect(screen.contains("Suggested grade: 5."), "\(screen.debugDescription)")
  }

  @Test("other keys are typed as before: a line, ended by Enter")
  func otherKeys() throws {
    let (screen, _) = try session(
      ["--card", "clay"],
      steps: [
        ("lists commands.", "\r"), ("Grade 0", "7\r"), ("is not a grade", ":help\r"),
        ("show these commands", "4"),
      ])
    #expect(screen.contains("'7' is not a grade"))
    #expect(screen.contains("Grades: 4 ×1."), "\(screen.debugDescription)")
  }
}
