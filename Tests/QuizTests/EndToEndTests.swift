import Foundation
import ReviewStorage
import Scheduler
import Testing

/// The built `quiz` executable: the tests run from the same products folder.
func quizExecutable() throws -> URL {
  let folders = [
    Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
  ]
  let found = folders.map { $0.appending(path: "quiz") }.first {
    FileManager.default.isExecutableFile(atPath: $0.path)
  }
  return try #require(found, "no quiz executable beside the tests in \(folders.map(\.path))")
}

/// A running `quiz` process with pipes for its input and output.
final class QuizProcess {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()

  init(_ arguments: [String], state: String, decks: String) throws {
    process.executableURL = try quizExecutable()
    process.arguments = arguments
    process.environment = [
      "QUIZ_STATE": state, "QUIZ_DECKS": decks, "QUIZ_SHIPPED_DECKS": "no",
      "QUIZ_NOW": "2026-11-29T08:00:00Z",
      "PATH": "/usr/bin:/bin",
    ]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // A watchdog, so that a quiz that hangs fails its test instead of stalling the run.
    let pid = process.processIdentifier
    let running = process
    DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
      if running.isRunning { kill(pid, SIGKILL) }
    }
  }

  func send(_ text: String) {
    input.fileHandleForWriting.write(Data(text.utf8))
  }

  func closeInput() {
    try? input.fileHandleForWriting.close()
  }

  /// Waits for the process to end and returns its status and output.
  func finish() -> (status: Int32, out: String, error: String) {
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let error = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: error, as: UTF8.self)
    )
  }

  /// Waits until the output so far contains `text`, reading it as it comes; gives up after 10 s.
  func waitForOutput(containing text: String) -> Bool {
    var seen = ""
    let deadline = Date().addingTimeInterval(10)
    let handle = output.fileHandleForReading
    while Date() < deadline {
      let chunk = handle.availableData
      if chunk.isEmpty { return seen.contains(text) }
      seen += String(decoding: chunk, as: UTF8.self)
      if seen.contains(text) { return true }
    }
    return false
  }
}

@Suite("The quiz executable", .serialized)
struct EndToEndTests {
  let folder: TemporaryFolder
  let decks: String
  let state: String

  init() throws {
    folder = try TemporaryFolder()
    decks = (folder.path as NSString).appendingPathComponent("decks")
    state = (folder.path as NSString).appendingPathComponent("state")
    try FileManager.default.createDirectory(atPath: decks, withIntermediateDirectories: true)
    try gardenDeck.write(toFile: decks + "/garden.md", atomically: true, encoding: .utf8)
  }

  func savedState() throws -> ReviewState {
    try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: state)).state
  }

  @Test("reviews from piped input: an attempt line, then a grade line, per card")
  func piped() throws {
    let quiz = try QuizProcess([], state: state, decks: decks)
    quiz.send("struct Planter {}\n5\n\n4\nIt sinks\n3\n")
    quiz.closeInput()
    let result = quiz.finish()
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(!result.out.contains("\u{1B}["))
    #expect(result.out.contains("Reviewed 3 cards"))
    #expect(try savedState().cards.count == 3)
    #expect(try savedState().cards["wet"]?.needsExtraReview == true)
  }

  @Test(
    "ends cleanly on SIGTERM, keeping every grade given before it",
    arguments: [SIGTERM, SIGINT, SIGHUP])
  func signal(_ signal: Int32) throws {
    let quiz = try QuizProcess([], state: state, decks: decks)
    quiz.send("struct Planter {}\n5\n")
    #expect(quiz.waitForOutput(containing: "[2/3]"))
    kill(quiz.process.processIdentifier, signal)
    let result = quiz.finish()
    #expect(result.status == 0)
    #expect(result.out.contains("Reviewed 1 card"))
    #expect(try savedState().cards["planter"]?.repetitions == 1)
  }

  @Test("exits 64 with a message on stderr for a usage error")
  func usage() throws {
    let quiz = try QuizProcess(["--topic", "Weather"], state: state, decks: decks)
    quiz.closeInput()
    let result = quiz.finish()
    #expect(result.status == 64)
    #expect(result.out.isEmpty)
    #expect(result.error.hasPrefix("quiz review: no card has the topic 'Weather'."))
  }

  @Test("leaves an unreadable state file untouched and exits 1")
  func corruptState() throws {
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let garbage = Data("{\"version\": 1, \"cards\": [".utf8)
    try garbage.write(to: URL(fileURLWithPath: state + "/state.json"))
    try Data().write(to: URL(fileURLWithPath: state + "/reviews.jsonl"))
    let quiz = try QuizProcess([], state: state, decks: decks)
    quiz.closeInput()
    let result = quiz.finish()
    #expect(result.status == 1)
    #expect(result.error.contains("\(state)/state.json is unreadable"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: state + "/state.json")) == garbage)
  }
}
