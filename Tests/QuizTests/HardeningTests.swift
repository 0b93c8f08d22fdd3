import CardDeck
import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

/// A deck whose text tries to drive the terminal: clear the screen (CSI), retitle it and write
/// the clipboard (OSC), a C1 control, and a right-to-left override.
let hostileDeck = """
  # Evil \u{1B}]0;pwned\u{07}title

  ## Trick · Topic\u{1B}[2J · clean-id
  Clear \u{1B}[2J the screen?\u{9B}31m

  ---

  Clipboard \u{1B}]52;c;ZXZpbA==\u{07} and \u{202E}reversed.

  ## Syntax · Code · code-card
  Write it.

  ---

  ```swift
  let x = "\u{1B}[8m"
  ```
  """

/// Whether `text` holds a byte that a terminal acts on, other than tab and newline.
func holdsControl(_ text: String) -> Bool {
  // CSV ends its lines with CRLF; that carriage return is the format's, not a deck's.
  text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.contains {
    ControlCharacters.isControl($0) && $0 != "\n"
  }
}

@Suite("Hostile decks and files")
struct HardeningTests {
  @Test(
    "never lets a deck's control characters reach the output",
    arguments: [
      ["cards"], ["cards", "--json"], ["decks"], ["topics"], ["check"], ["stats"],
      ["export", "--format", "md"], ["export", "--format", "csv"], ["export"],
    ])
  func noControlBytes(arguments: [String]) throws {
    let state = try TemporaryFolder()
    let result = runQuiz(
      arguments, variables: ["QUIZ_STATE": state.path], shipped: [("evil.md", hostileDeck)])
    #expect(!holdsControl(result.out), "\(arguments)")
    #expect(!holdsControl(result.error), "\(arguments)")
  }

  @Test("shows the control characters of a card in a review as visible marks")
  func review() throws {
    let harness = try SessionHarness()
    let result = runQuiz(
      ["--kind", "trick"], variables: harness.variables, shipped: [("evil.md", hostileDeck)],
      input: ScriptedInput(["", "4"]), terminal: true)
    // Colour is on (a terminal): quiz's own escape codes are there, the deck's are not.
    let withoutOwnCodes = result.out.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(!holdsControl(withoutOwnCodes))
    #expect(result.out.contains("Clear ␛[2J the screen?\\u{9B}31m"))
    #expect(result.out.contains("\\u{202E}reversed"))
  }

  @Test("warns in check about each line that holds a control character")
  func checkWarns() {
    let result = runQuiz(["check"], shipped: [("evil.md", hostileDeck)])
    #expect(result.error.contains("Decks/evil.md:1: warning: control character U+001B shown as ␛"))
    #expect(result.error.contains("Decks/evil.md:4: warning: control character U+001B"))
    #expect(result.out.contains("0 errors, 5 warnings"))
  }

  // Found by the terminal-text fuzz target: the not-UTF-8 error named the raw path.
  @Test("shows a file name's control characters as visible marks in every diagnostic")
  func pathInDiagnostics() {
    let source = SourceText(bytes: [0x23, 0x20, 0x8E, 0x0A], path: "a\u{1B}[2J.md")
    #expect(source.path == "a␛[2J.md")
    #expect(source.diagnostics.map(\.location.path) == ["a␛[2J.md"])
  }

  @Test("imports a page whose file name holds a control character into a file without one")
  func importedFileName() throws {
    let folder = try TemporaryFolder()
    let page = try folder.write(
      "a\u{1B}[31m.txt", "Flash cards\n\nTrick question · SoilIs clay heavy?\n\nYes.\n")
    let output = folder.path + "/decks"
    let result = runQuiz(
      ["import", page, "--output", output], variables: ["QUIZ_STATE": folder.path + "/state"])
    #expect(result.status == .success)
    #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["a_[31m.md"])
    #expect(!holdsControl(result.out + result.error))
  }

  @Test("writes CSV cells that a spreadsheet would run as formulas after a quote")
  func formulaCells() throws {
    let state = try TemporaryFolder()
    let deck =
      "# F\n\n## Trick · =HYPERLINK(\"http://x\") · f1\nQ?\n\n---\n\nA.\n\n## Edge · @SUM(A1) · f2\nQ?\n\n---\n\nA.\n\nSource: s\n"
    let result = runQuiz(
      ["export", "--format", "csv"], variables: ["QUIZ_STATE": state.path],
      shipped: [("f.md", deck)])
    #expect(result.out.contains(",\"'=HYPERLINK(\"\"http://x\"\")\",trick,"))
    #expect(result.out.contains(",'@SUM(A1),edge,"))
    #expect(!result.out.contains(",=") && !result.out.contains(",@"))
  }

  @Test("refuses a journal line whose card id holds a control character, and a merge of one")
  func journalIDs() throws {
    let history = try ReviewHistory()
    try history.grade([("planter", 4)], on: "2026-11-28")
    let other = try TemporaryFolder()
    let line =
      #"{"v":1,"id":"5be76fc8-dd4f-4e65-8a06-525717b03ab3","card":"evil\u001b[2J","at":"2026-11-29T08:00:01.000Z","day":"2026-11-29","grade":4,"before":{"repetitions":0,"easeFactor":2.5,"interval":0,"due":"2026-11-29"},"after":{"repetitions":1,"easeFactor":2.5,"interval":1,"due":"2026-11-30"}}"#
    // A good line after it, so that the bad one is not taken for a line torn by a crash.
    let good = line.replacingOccurrences(of: #"evil\u001b[2J"#, with: "clay")
      .replacingOccurrences(of: "5be76fc8", with: "6be76fc8")
    try other.write("reviews.jsonl", line + "\n" + good + "\n")
    let before = history.journal()
    let merged = runQuiz(["merge", other.path], variables: history.variables)
    #expect(merged.status == .failure)
    #expect(merged.error.contains("a card id holds no control character (U+1B)"))
    #expect(history.journal() == before)
  }

  @Test("counts a journal's duplicated lines once, and says so")
  func duplicatedLines() throws {
    let history = try ReviewHistory()
    try history.grade([("planter", 4), ("clay", 5)], on: "2026-11-27")
    try history.grade([("planter", 5)], on: "2026-11-28")
    let expected = try history.saved()
    let journal = try #require(history.journal())
    let folder = URL(fileURLWithPath: history.variables["QUIZ_STATE"]!)
    try (journal + journal).write(to: folder.appending(path: "reviews.jsonl"))
    try? FileManager.default.removeItem(at: folder.appending(path: "state.json"))
    let store = try ReviewStore.openReadOnly(folder: folder)
    #expect(store.state.cards == expected.cards)
    #expect(store.state.reviewsByDay == expected.reviewsByDay)
    #expect(store.warnings.contains { if case .duplicateEvents(_, 3) = $0 { true } else { false } })
  }

  @Test("ends with a message and exit 1 when standard output cannot be written, never a trap")
  func fullDisk() throws {
    let process = Process()
    process.executableURL = try quizExecutable()
    process.arguments = ["cards"]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 1)
    #expect(message == "quiz: cannot write to standard output: No space left on device\n")
  }

  @Test("keeps no readline history through a planted link or in a folder others may write in")
  func history() throws {
    let folder = try TemporaryFolder()
    let history = URL(fileURLWithPath: folder.path).appending(path: "history")
    #expect(ReadlineInput.isSafeHistory(history))
    try folder.write("history", "a line\n")
    #expect(ReadlineInput.isSafeHistory(history))
    try FileManager.default.removeItem(at: history)
    let victim = try folder.write("victim", "x")
    try FileManager.default.createSymbolicLink(atPath: history.path, withDestinationPath: victim)
    #expect(!ReadlineInput.isSafeHistory(history))
    try FileManager.default.removeItem(at: history)
    #expect(chmod(folder.path, 0o777) == 0)
    #expect(!ReadlineInput.isSafeHistory(history))
  }
}

@Suite("Limits on lengths")
struct LengthLimitTests {
  @Test("gives up on a piped line of megabytes instead of reading it whole")
  func overlongLine() throws {
    // A socket pair rather than a pipe: the writer sends with MSG_NOSIGNAL, so that closing the
    // reading end early raises no SIGPIPE in the test process.
    var fds: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
    let writeEnd = fds[1]
    let writer = Thread {
      let line = [UInt8](repeating: UInt8(ascii: "a"), count: 3 << 20) + [0x0A]
      line.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let count = send(
            writeEnd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
          if count <= 0 { break }
          offset += count
        }
      }
      close(writeEnd)
    }
    writer.start()
    let input = StreamInput(descriptor: fds[0])
    #expect(input.read(prompt: "") == .overlong(limit: StreamInput.longestLine))
    close(fds[0])
  }

  @Test("ends a session on a line too long to be an answer, naming it, exit 1")
  func overlongSession() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "trick"], events: [.line(""), .overlong(limit: StreamInput.longestLine)])
    #expect(result.status == .failure)
    #expect(result.error.contains("quiz: standard input, line 2: longer than 1024 KiB"))
  }

  @Test("refuses a deck id longer than 128 bytes, naming its line")
  func longDeckID() {
    let id = String(repeating: "x", count: 129)
    let result = runQuiz(
      ["check"], shipped: [("d.md", "# D\n\n## Trick · T · \(id)\nQ?\n\n---\n\nA.\n")])
    #expect(result.status == .failure)
    #expect(
      result.error.contains("Decks/d.md:3: error: an id has at most 128 bytes; this one has 129"))
  }

  @Test("never writes a journal line that it could not read back")
  func longJournalID() throws {
    let folder = try TemporaryFolder()
    let store = try ReviewStore.open(
      folder: URL(fileURLWithPath: folder.path), dayClock: DayClock(timeZone: .gmt),
      now: { Date(timeIntervalSince1970: 1_800_000_000) })
    #expect(throws: StateError.self) {
      try store.record(4, for: String(repeating: "x", count: 257))
    }
    #expect(throws: StateError.self) { try store.suspend(String(repeating: "x", count: 257)) }
    try store.record(4, for: String(repeating: "x", count: 256))
    try store.close()
    #expect(
      try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: folder.path)).state.cards.count == 1
    )
  }
}

@Suite("TZ, read as the C library reads it")
struct TimeZoneTests {
  /// `quiz stats --json`'s today, and standard error, with `TZ` set.
  func today(tz: String) throws -> (today: String?, error: String) {
    let state = try TemporaryFolder()
    let process = Process()
    process.executableURL = try quizExecutable()
    process.arguments = ["stats", "--json"]
    process.environment = [
      "TZ": tz, "QUIZ_NOW": "2026-07-01T06:00:00Z", "QUIZ_STATE": state.path,
      "PATH": "/usr/bin:/bin",
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let json = try JSONSerialization.jsonObject(with: out) as? [String: Any]
    return (json?["today"] as? String, error)
  }

  // 06:00 UTC on 1 July is 02:00 in New York's summer time: before the day starts at 04:00, so
  // still 30 June there, and 1 July in UTC.
  @Test(
    "counts days in the zone of a POSIX TZ rule, as in a named zone",
    arguments: [
      ("EST5EDT,M3.2.0/2,M11.1.0/2", "2026-06-30"), ("<-05>5", "2026-06-30"),
      ("America/New_York", "2026-06-30"), ("UTC", "2026-07-01"),
    ])
  func posixRule(tz: String, day: String) throws {
    let result = try today(tz: tz)
    #expect(result.today == day)
    #expect(result.error.isEmpty)
  }

  @Test("warns about a TZ that names no time zone, and counts days in UTC")
  func invalid() throws {
    let result = try today(tz: "Nowhere/Atlantis")
    #expect(result.today == "2026-07-01")
    #expect(result.error.hasPrefix("quiz: warning: TZ='Nowhere/Atlantis' names no time zone"))
  }
}

@Suite("The adversarial pass")
struct AdversarialPassTests {
  @Test("exports an absurd merged ease as Markdown instead of trapping")
  func hugeEase() throws {
    let other = try TemporaryFolder()
    let line =
      #"{"v":1,"id":"11111111-1111-4111-8111-111111111111","card":"laptop-card","at":"2026-11-28T08:00:00.000Z","day":"2026-11-28","grade":5,"before":{"due":"2026-11-28"},"after":{"due":"2026-11-29","easeFactor":1e300,"interval":1,"repetitions":1,"reviews":1}}"#
    try other.write("reviews.jsonl", line + "\n")
    let mine = try TemporaryFolder()
    let variables = ["QUIZ_STATE": mine.path + "/s", "QUIZ_NOW": "2026-11-29T08:00:00Z"]
    #expect(runQuiz(["merge", other.path], variables: variables).status == .success)
    let result = runQuiz(["export", "--format", "md"], variables: variables)
    #expect(result.status == .success)
    #expect(result.out.contains("| laptop-card |"))
  }

  @Test("names odd entries of a decks folder with their control characters made visible")
  func oddNames() throws {
    let folder = try TemporaryFolder()
    try folder.write("ok.md", "# T\n\n## Trick · S · ok1\nQ\n\n---\n\nA\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/a\u{1B}]0;PWNED\u{07}.md", withDestinationPath: "/nonexistent")
    #expect(mkfifo(folder.path + "/b\u{1B}[2J.md", 0o600) == 0)
    let result = runQuiz(["check", "--decks", folder.path])
    #expect(!holdsControl(result.error))
    #expect(result.error.contains("a␛]0;PWNED␇.md"))
    #expect(result.error.contains("b␛[2J.md"))
  }

  // The limit catches a walk that never ends, not a slow one: alone the walk takes seconds, but
  // on two loaded cores beside the rest of the suite it has taken two minutes.
  @Test(
    "stops walking after 10,000 folders: a link to / in a decks folder cannot hang quiz",
    .timeLimit(.minutes(10)))
  func linkToRoot() throws {
    let folder = try TemporaryFolder()
    try folder.write("ok.md", "# T\n\n## Trick · S · ok1\nQ\n\n---\n\nA\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/root", withDestinationPath: "/usr")
    let collection = try DeckLoader().load(folder: folder.path)
    #expect(collection.cards.contains { $0.id == "ok1" })
  }

  @Test("makes control characters visible in every message on standard error")
  func stderrVisible() {
    let result = runQuiz(["cards", "--topic", "x\u{1B}]52;c;Zm9v\u{07}"])
    #expect(result.status == .usage)
    #expect(!holdsControl(result.error))
    #expect(result.error.contains("x␛]52;c;Zm9v␇"))
  }

  @Test("takes an empty merge folder or HOME for what it is, not the current folder")
  func emptyNames() throws {
    let merged = runQuiz(["merge", ""], variables: ["QUIZ_STATE": "/tmp/unused-\(UUID())"])
    #expect(merged.status == .usage)
    let url = StateOptions().folderURL(in: Environment(variables: ["HOME": ""], shippedDecks: []))
    #expect(url.path.hasPrefix("/"))
    #expect(url.path != FileManager.default.currentDirectoryPath + "/.local/share/quiz")
  }
}
