import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: crashes and damaged files")
struct RecoveryTests {
  /// A folder with three grades in the journal and a snapshot covering the first two.
  private func makeHistory(in folder: URL) throws -> (clock: TestClock, state: ReviewState) {
    let clock = TestClock("2026-11-29T10:00:00Z")
    let store = try openStore(folder, clock: clock)
    try store.record(4, for: "a")
    clock.advance(seconds: 10)
    try store.record(5, for: "b")
    try store.compact()
    clock.advance(seconds: 10)
    try store.record(3, for: "a")
    return (clock, store.state)
  }

  @Test(
    "A torn last line is skipped with a warning, and the file is left as it is",
    arguments: [
      #"{"v":1,"id":"5b0c","card":"a","at":"2026-11-29T1"#,  // cut short, no newline
      "\0\0\0\0\0\0\0\0\n",  // a block of zeros, as some file systems leave after a crash
      #"{"v":1,"id":"5b0c","card""# + "\n",
    ])
  func tornLastLine(tail: String) throws {
    try withTemporaryDirectory { folder in
      let (_, expected) = try makeHistory(in: folder)
      try append(Data(tail.utf8), to: folder.journal)
      let files = try stateFiles(in: folder)

      let reader = try ReviewStore.openReadOnly(folder: folder)
      #expect(reader.state == expected)
      #expect(reader.warnings == [.tornLastLine(file: folder.journal, line: 4)])
      #expect(reader.warnings.first?.description.contains("reviews.jsonl:4") == true)
      #expect(try stateFiles(in: folder) == files)
    }
  }

  @Test(
    "A whole last line that is no event, or one longer than any, is reported as such, not torn",
    arguments: [
      (#"{"v":1,"id":"5b0c","card":"a"}"# + "\n", "is not a UUID"),
      (#"{"v":1,"card":""# + String(repeating: "x", count: 3_000_000) + "\"}\n", "3000017 bytes"),
    ])
  func invalidLastLine(tail: String, mention: String) throws {
    try withTemporaryDirectory { folder in
      let (_, expected) = try makeHistory(in: folder)
      try append(Data(tail.utf8), to: folder.journal)
      let reader = try ReviewStore.openReadOnly(folder: folder)
      #expect(reader.state == expected)
      guard case .invalidLastLine(let file, 4, let reason) = reader.warnings.first else {
        Issue.record("\(reader.warnings)")
        return
      }
      #expect(file == folder.journal)
      #expect(reason.contains(mention), "\(reason)")
      #expect(reader.warnings.first?.description.contains("not an event quiz reads") == true)
      #expect(reader.warnings.first?.description.contains("cut short, probably") == false)
    }
  }

  @Test("A writer keeps the torn line, marks it, and appends after it on a line of its own")
  func writerAfterTornLine() throws {
    try withTemporaryDirectory { folder in
      let (clock, expected) = try makeHistory(in: folder)
      let torn = Data(#"{"v":1,"id":"5b0c","card":"a","at":"2026-11-29T1"#.utf8)
      try append(torn, to: folder.journal)
      let damaged = try Data(contentsOf: folder.journal)

      let writer = try openStore(folder, clock: clock)
      #expect(writer.state == expected)
      #expect(writer.warnings.count == 1)
      try writer.record(5, for: "c")
      try writer.close()

      let journal = try Data(contentsOf: folder.journal)
      #expect(journal.prefix(damaged.count) == damaged)
      let marker = try jsonObject(try lines(of: folder.journal)[4])
      #expect(marker["type"] as? String == "torn")
      #expect(marker["offset"] as? Int == damaged.count - torn.count)
      // Later loads, whole or from the snapshot, read the torn line as skipped on purpose.
      try FileManager.default.removeItem(at: folder.snapshot)
      let reopened = try ReviewStore.openReadOnly(folder: folder)
      #expect(reopened.warnings.isEmpty)
      #expect(reopened.state(of: "c")?.reviews == 1)
      #expect(reopened.state(of: "a") == expected.cards["a"])
    }
  }

  @Test("An unreadable line before the last is an error naming path:line; nothing is changed")
  func corruptLineInTheMiddle() throws {
    try withTemporaryDirectory { folder in
      _ = try makeHistory(in: folder)
      try FileManager.default.removeItem(at: folder.snapshot)
      var journal = try lines(of: folder.journal)
      journal.insert(#"{"v":1,"id":"not json"#, at: 1)
      try Data((journal.joined(separator: "\n") + "\n").utf8).write(to: folder.journal)
      let files = try stateFiles(in: folder)

      let error = try #require(throws: StateError.self) {
        try openStore(folder, clock: TestClock("2026-11-30T10:00:00Z"))
      }
      guard case .malformedJournalLine(let file, let line, _) = error else {
        Issue.record("Unexpected error \(error)")
        return
      }
      #expect(file == folder.journal)
      #expect(line == 2)
      #expect(error.description.contains("reviews.jsonl:2"))
      #expect(try stateFiles(in: folder) == files)
    }
  }

  @Test(
    "A line from a newer journal format is an error, even as the last line; nothing is changed",
    arguments: [true, false])
  func newerJournalLine(last: Bool) throws {
    try withTemporaryDirectory { folder in
      let (clock, _) = try makeHistory(in: folder)
      var journal = try lines(of: folder.journal)
      journal.insert(
        #"{"v":4,"id":"0d9a3c2e-0000-4000-8000-000000000000","shape":"new"}"#,
        at: last ? journal.count : 2)
      try Data((journal.joined(separator: "\n") + "\n").utf8).write(to: folder.journal)
      let files = try stateFiles(in: folder)

      let error = try #require(throws: StateError.self) { try openStore(folder, clock: clock) }
      #expect(
        error
          == .newerVersion(
            file: folder.journal, line: last ? 4 : 3, found: 4, supported: 3))
      #expect(try stateFiles(in: folder) == files)
    }
  }

  /// Ways to spoil `state.json`, each with a test of the error it must give.
  static let spoiledSnapshots: [(String, String)] = [
    ("not JSON", "{not json"),
    ("cut short", #"{"version":1,"journalEntries":2,"journalBytes":4"#),
    ("empty", ""),
    ("cards of the wrong type", #"{"version":1,"journalBytes":0,"cards":[]}"#),
    (
      "an EF of the wrong type",
      #"{"version":1,"journalBytes":0,"cards":{"a":{"easeFactor":"2.5"}}}"#
    ),
    ("a version of the wrong type", #"{"version":"1"}"#),
    ("a version never written", #"{"version":0}"#),
    ("a day that is not a day", #"{"version":1,"journalBytes":0,"reviewsByDay":{"29/11":1}}"#),
    ("not an object", "[1,2,3]"),
  ]

  @Test(
    "An unreadable state.json is an error naming it; no file is changed",
    arguments: spoiledSnapshots)
  func unreadableSnapshot(kind: String, text: String) throws {
    try withTemporaryDirectory { folder in
      let (clock, _) = try makeHistory(in: folder)
      try Data(text.utf8).write(to: folder.snapshot)
      let files = try stateFiles(in: folder)

      let error = try #require(throws: StateError.self) { try openStore(folder, clock: clock) }
      guard case .unreadableSnapshot(let file, _) = error else {
        Issue.record("\(kind): unexpected error \(error)")
        return
      }
      #expect(file == folder.snapshot)
      #expect(error.description.contains("state.json"))
      #expect(throws: StateError.self) { try ReviewStore.openReadOnly(folder: folder) }
      #expect(try stateFiles(in: folder) == files)
    }
  }

  @Test("A state.json from a newer quiz is refused as such; no file is changed")
  func newerSnapshot() throws {
    try withTemporaryDirectory { folder in
      let (clock, _) = try makeHistory(in: folder)
      try Data(#"{"version":2,"cards":"some new shape"}"#.utf8).write(to: folder.snapshot)
      let files = try stateFiles(in: folder)

      let error = try #require(throws: StateError.self) { try openStore(folder, clock: clock) }
      #expect(error == .newerVersion(file: folder.snapshot, line: nil, found: 2, supported: 1))
      #expect(error.description.contains("newer quiz"))
      #expect(try stateFiles(in: folder) == files)
    }
  }

  @Test("Unknown keys in state.json are ignored, and missing ones take their defaults")
  func tolerantSnapshot() throws {
    try withTemporaryDirectory { folder in
      let text = #"""
        {"version": 1, "journalBytes": 0, "addedByAFutureMinorVersion": {"x": 1},
         "cards": {"a": {"repetitions": 2, "interval": 6, "due": "2026-12-01", "colour": "red"}}}
        """#
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.snapshot)
      let store = try ReviewStore.openReadOnly(folder: folder)
      #expect(
        store.state(of: "a")
          == CardState(repetitions: 2, easeFactor: 2.5, interval: 6, due: day("2026-12-01")))
      #expect(store.state.suspended.isEmpty)
      #expect(store.state.reviewsByDay.isEmpty)
    }
  }

  @Test("A temporary file left by a crash before its rename is ignored, then cleaned up")
  func strayTemporaryFile() throws {
    try withTemporaryDirectory { folder in
      let (clock, _) = try makeHistory(in: folder)
      let store = try openStore(folder, clock: clock)
      try store.close()
      let expected = store.state
      // What a crash between writing the new snapshot and renaming it leaves behind.
      let stray = folder.appending(path: ".quiz-tmp-state.json-0b8a1e2c")
      try Data(#"{"version":1,"journalBytes":0,"cards":{}}"#.utf8).write(to: stray)
      let half = folder.appending(path: ".quiz-tmp-state.json-77aa")
      try Data(#"{"version":1,"jour"#.utf8).write(to: half)

      #expect(try ReviewStore.openReadOnly(folder: folder).state == expected)
      #expect(FileManager.default.fileExists(atPath: stray.path))
      #expect(try openStore(folder, clock: clock).state == expected)
      #expect(!FileManager.default.fileExists(atPath: stray.path))
      #expect(!FileManager.default.fileExists(atPath: half.path))
    }
  }

  @Test("A snapshot that no longer matches the journal is set aside and the journal replayed")
  func staleSnapshot() throws {
    try withTemporaryDirectory { folder in
      let (clock, expected) = try makeHistory(in: folder)
      // The journal rewritten under the snapshot (as a merge does): same events, other order.
      let journal = try lines(of: folder.journal)
      let reordered = [journal[1], journal[0], journal[2]]
      try Data((reordered.joined(separator: "\n") + "\n").utf8).write(to: folder.journal)
      let store = try openStore(folder, clock: clock)
      #expect(store.state == expected)
      guard case .staleSnapshot(let file, _) = store.warnings.first else {
        Issue.record("No warning: \(store.warnings)")
        return
      }
      #expect(file == folder.snapshot)
    }
  }

  @Test("A snapshot that does not say how much journal it covers is set aside")
  func snapshotWithoutJournalBytes() throws {
    try withTemporaryDirectory { folder in
      let (_, expected) = try makeHistory(in: folder)
      try Data(#"{"version":1,"cards":{"ghost":{"repetitions":9}}}"#.utf8).write(
        to: folder.snapshot)
      let store = try ReviewStore.openReadOnly(folder: folder)
      #expect(store.state == expected)
      #expect(store.warnings.count == 1)
    }
  }

  @Test("A snapshot that covers events the journal lacks is an error, and both files are kept")
  func journalLostEvents() throws {
    try withTemporaryDirectory { folder in
      let (clock, _) = try makeHistory(in: folder)
      let store = try openStore(folder, clock: clock)
      try store.close()
      // An older copy of the journal put back, say by a sync tool.
      let journal = try lines(of: folder.journal)
      try Data((journal[0] + "\n").utf8).write(to: folder.journal)
      let files = try stateFiles(in: folder)

      let error = try #require(throws: StateError.self) { try openStore(folder, clock: clock) }
      #expect(error == .snapshotAheadOfJournal(snapshot: folder.snapshot, journal: folder.journal))
      #expect(try stateFiles(in: folder) == files)

      try FileManager.default.removeItem(at: folder.journal)
      #expect(throws: StateError.self) { try ReviewStore.openReadOnly(folder: folder) }
    }
  }

  @Test("A final line without its newline but complete is read, and the writer ends it")
  func missingFinalNewline() throws {
    try withTemporaryDirectory { folder in
      let (clock, expected) = try makeHistory(in: folder)
      var journal = try Data(contentsOf: folder.journal)
      journal.removeLast()
      try journal.write(to: folder.journal)
      #expect(try ReviewStore.openReadOnly(folder: folder).state == expected)
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "d")
      #expect(try lines(of: folder.journal).count == 4)
      #expect(try ReviewStore.openReadOnly(folder: folder).warnings.isEmpty)
    }
  }
}
