import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: recording and loading")
struct ReviewStoreTests {
  @Test("Every new event takes its id from the generator handed in")
  func injectedIDs() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      var next: UInt8 = 0
      let store = try ReviewStore.open(
        folder: folder, dayClock: utcMidnight, now: { clock.now },
        makeID: {
          next += 1
          return UUID(uuid: (next, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
        })
      try store.record(4, for: "a")
      try store.suspend("b")
      try store.undo()
      let ids = try store.journalEvents().map { $0.id.uuidString.prefix(2) }
      #expect(ids == ["01", "02", "03"])
      try store.close()
    }
  }

  @Test("Grades survive closing and opening again, exactly")
  func roundTrip() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00.123Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "swift.optionals", seconds: 12.5)
      clock.advance(seconds: 30.0004)
      try store.record(3, for: "swift.closures")
      clock.advance(days: 1)
      try store.record(5, for: "swift.optionals")
      try store.suspend("swift.actors")
      let before = store.state
      try store.close()

      let reopened = try openStore(folder, clock: clock)
      #expect(reopened.state == before)
      #expect(reopened.warnings.isEmpty)
      let optionals = try #require(reopened.state(of: "swift.optionals"))
      #expect(optionals.reviews == 2)
      #expect(optionals.repetitions == 2)
      #expect(optionals.interval == 6)
      #expect(optionals.lastReview == Timestamp.normalized(clock.now))
    }
  }

  @Test("A store dropped without closing (as by kill -9) loses nothing: the journal has it all")
  func crashWithoutClose() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      var expected = ReviewState()
      do {
        let store = try openStore(folder, clock: clock)
        for index in 0..<20 {
          try store.record(Grade(rawValue: index % 6)!, for: "card-\(index % 7)")
          clock.advance(seconds: 61)
        }
        expected = store.state
      }
      #expect(!FileManager.default.fileExists(atPath: folder.snapshot.path))
      #expect(try openStore(folder, clock: clock).state == expected)
      #expect(try ReviewStore.openReadOnly(folder: folder).state == expected)
    }
  }

  @Test("Recording appends exactly one line and changes no byte before it")
  func appendOnly() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      let before = try Data(contentsOf: folder.journal)
      clock.advance(seconds: 5)
      try store.record(2, for: "b", seconds: 3.25)
      let after = try Data(contentsOf: folder.journal)
      #expect(after.prefix(before.count) == before)
      let added = after.dropFirst(before.count)
      #expect(added.last == UInt8(ascii: "\n"))
      #expect(added.filter { $0 == UInt8(ascii: "\n") }.count == 1)
    }
  }

  @Test("A journal line holds the grade, the time to the millisecond, and both states")
  func lineFormat() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T21:04:05.678Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "swift/optionals", seconds: 12.5)
      let line = try #require(lines(of: folder.journal).first)
      #expect(line.hasPrefix(#"{"v":1,"id":""#))
      #expect(line.contains(#""card":"swift/optionals","at":"2026-11-29T21:04:05.678Z""#))
      let object = try jsonObject(line)
      #expect(object["grade"] as? Int == 4)
      #expect(object["seconds"] as? Double == 12.5)
      #expect(object["day"] as? String == "2026-11-29")
      #expect(UUID(uuidString: object["id"] as? String ?? "") != nil)
      let before = try #require(object["before"] as? [String: Any])
      let after = try #require(object["after"] as? [String: Any])
      #expect(before["reviews"] as? Int == 0)
      #expect(after["repetitions"] as? Int == 1)
      #expect(after["due"] as? String == "2026-11-30")
      #expect(object["type"] == nil)
    }
  }

  @Test("The snapshot says how much of the journal it covers")
  func snapshotContents() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      try store.record(5, for: "b")
      try store.suspend("c")
      try store.close()
      let object = try jsonObject(
        String(decoding: try Data(contentsOf: folder.snapshot), as: UTF8.self))
      #expect(object["version"] as? Int == 1)
      #expect(object["journalEntries"] as? Int == 3)
      let size = try FileManager.default.attributesOfItem(atPath: folder.journal.path)[.size]
      #expect(object["journalBytes"] as? Int == size as? Int)
      #expect(object["suspended"] as? [String] == ["c"])
      #expect(object["newCardsByDay"] as? [String: Int] == ["2026-11-29": 2])
      #expect((object["cards"] as? [String: Any])?.keys.sorted() == ["a", "b"])
    }
  }

  @Test("Opening reads only the journal after the snapshot: damage before that point goes unseen")
  func readsOnlyTheTail() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      for card in ["a", "b", "c"] { try store.record(4, for: card) }
      try store.close()
      let expected = try openStore(folder, clock: clock).state
      // Overwrite the first line (covered by the snapshot) with garbage of the same length.
      var journal = try Data(contentsOf: folder.journal)
      let firstLineLength = try #require(journal.firstIndex(of: UInt8(ascii: "\n")))
      journal.replaceSubrange(
        0..<firstLineLength, with: Data(repeating: UInt8(ascii: "x"), count: firstLineLength))
      try journal.write(to: folder.journal)
      #expect(try ReviewStore.openReadOnly(folder: folder).state == expected)
    }
  }

  @Test("state.json is rewritten once more than the threshold of events follow it")
  func compactionThreshold() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock, compactionThreshold: 5)
      for index in 0..<5 { try store.record(4, for: "card-\(index)") }
      #expect(!FileManager.default.fileExists(atPath: folder.snapshot.path))
      try store.record(4, for: "card-5")
      let object = try jsonObject(
        String(decoding: try Data(contentsOf: folder.snapshot), as: UTF8.self))
      #expect(object["journalEntries"] as? Int == 6)
      try store.record(4, for: "card-6")
      #expect(try ReviewStore.openReadOnly(folder: folder).state == store.state)
    }
  }

  @Test("Without state.json, the whole journal is replayed")
  func missingSnapshot() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      for card in ["a", "b", "a"] { try store.record(3, for: card) }
      try store.close()
      let expected = store.state
      try FileManager.default.removeItem(at: folder.snapshot)
      let reopened = try openStore(folder, clock: clock)
      #expect(reopened.state == expected)
      #expect(reopened.warnings.isEmpty)
      // The writer put the snapshot back at once.
      #expect(FileManager.default.fileExists(atPath: folder.snapshot.path))
    }
  }

  @Test("Progress of cards that no deck has any more is kept through every rewrite")
  func unknownCardsKept() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock, compactionThreshold: 2)
      try store.record(5, for: "deleted-from-deck")
      for index in 0..<10 { try store.record(4, for: "card-\(index)") }
      let kept = try #require(store.state(of: "deleted-from-deck"))
      try store.close()
      #expect(try openStore(folder, clock: clock).state(of: "deleted-from-deck") == kept)
    }
  }

  @Test("Suspending is journaled, kept, and undone by unsuspending")
  func suspension() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      #expect(try store.suspend("a"))
      #expect(try !store.suspend("a"))
      #expect(store.isSuspended("a"))
      #expect(try !store.unsuspend("b"))
      #expect(try lines(of: folder.journal).count == 1)
      #expect(try ReviewStore.openReadOnly(folder: folder).isSuspended("a"))
      #expect(try store.unsuspend("a"))
      #expect(!store.isSuspended("a"))
      #expect(try !ReviewStore.openReadOnly(folder: folder).isSuspended("a"))
      #expect(try jsonObject(lines(of: folder.journal)[1])["type"] as? String == "unsuspend")
    }
  }

  @Test("Counts: new cards and reviews per day, and the streak of days with reviews")
  func counts() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-25T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")  // 25th: a is new
      try store.record(2, for: "b")  // 25th: b is new
      try store.record(5, for: "b")
      clock.advance(days: 2)
      try store.record(4, for: "a")  // 27th
      clock.advance(days: 1)
      try store.record(4, for: "c")  // 28th: c is new
      try store.close()
      let state = try ReviewStore.openReadOnly(folder: folder).state
      #expect(state.newCards(on: day("2026-11-25")) == 2)
      #expect(state.reviews(on: day("2026-11-25")) == 3)
      #expect(state.newCards(on: day("2026-11-27")) == 0)
      #expect(state.reviews(on: day("2026-11-27")) == 1)
      #expect(state.newCards(on: day("2026-11-28")) == 1)
      #expect(state.reviews(on: day("2026-11-26")) == 0)
      #expect(state.streak(endingOn: day("2026-11-28")) == 2)
      #expect(state.streak(endingOn: day("2026-11-29")) == 2)  // today's reviews may yet come
      #expect(state.streak(endingOn: day("2026-11-30")) == 0)
      #expect(state.streak(endingOn: day("2026-11-25")) == 1)
    }
  }

  @Test("A review counts for the day of the writer's clock, which starts at its own hour")
  func dayOfReview() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T02:30:00Z")
      let store = try ReviewStore.open(
        folder: folder, dayClock: DayClock(timeZone: TimeZone(identifier: "UTC")!),
        now: { clock.now })
      #expect(store.today == day("2026-11-29"))
      let state = try store.record(4, for: "late-night")
      #expect(state.due == day("2026-11-30"))
      #expect(store.state.reviews(on: day("2026-11-29")) == 1)
    }
  }

  @Test("A reader sees what the writer wrote so far, and cannot write")
  func reader() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let writer = try openStore(folder, clock: clock)
      try writer.record(4, for: "a")
      let reader = try ReviewStore.openReadOnly(folder: folder)
      #expect(reader.state == writer.state)
      #expect(reader.today == nil)
      #expect(throws: StateError.self) { try reader.record(4, for: "a") }
      #expect(throws: StateError.self) { try reader.suspend("a") }
      #expect(throws: StateError.self) { try reader.compact() }
    }
  }

  @Test("A reader of a folder that does not exist sees nothing and creates nothing")
  func readerOfNothing() throws {
    try withTemporaryDirectory { folder in
      let missing = folder.appending(path: "not-there")
      let state = try ReviewStore.openReadOnly(folder: missing).state
      #expect(state == ReviewState())
      #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
  }

  @Test("A writer creates missing parent folders too")
  func createsParents() throws {
    try withTemporaryDirectory { folder in
      let nested = folder.appending(path: "a/b/state")
      let store = try openStore(nested, clock: TestClock("2026-11-29T10:00:00Z"))
      try store.record(4, for: "a")
      #expect(FileManager.default.fileExists(atPath: nested.journal.path))
      // Opening it again, now that it exists, is fine.
      try store.close()
      #expect(try openStore(nested, clock: TestClock("2026-11-29T10:00:00Z")).state(of: "a") != nil)
    }
  }

  @Test(
    "A folder that cannot be created is an error with the real reason, not an I/O error",
    arguments: ["file", "file/state", "file/a/b"])
  func folderCannotBeCreated(path: String) throws {
    try withTemporaryDirectory { folder in
      try Data("not a folder\n".utf8).write(to: folder.appending(path: "file"))
      let target = folder.appending(path: path)
      let error = try #require(throws: StateError.self) {
        try openStore(target, clock: TestClock("2026-11-29T10:00:00Z"))
      }
      #expect(error == .io(file: target, operation: "create it", code: ENOTDIR))
      #expect(error.description == "\(target.path): could not create it: Not a directory.")
    }
  }

  @Test("A state.json that cannot be rewritten when opening is a warning; grades still record")
  func snapshotUnwritableOnOpen() throws {
    try withTemporaryDirectory { root in
      // A folder whose path leaves room for "/reviews.jsonl" and "/state.json" but not for the
      // temporary file's name (PATH_MAX is 4096): rewriting state.json fails, as it does in a
      // read-only folder or on a full disk, and without needing permissions that root ignores.
      var folder = root
      while folder.path.utf8.count < 3800 {
        folder.append(path: String(repeating: "d", count: 200))
      }
      folder.append(path: String(repeating: "e", count: 4040 - folder.path.utf8.count - 1))
      #expect(folder.path.utf8.count == 4040)
      let clock = TestClock("2026-11-29T10:00:00Z")
      do {
        // Dropped without close, as by kill -9: the journal has a grade, there is no state.json.
        let store = try openStore(folder, clock: clock)
        try store.record(4, for: "a")
      }
      #expect(!FileManager.default.fileExists(atPath: folder.snapshot.path))

      // Opening wants to write the missing state.json, cannot, and says so; the session goes on.
      let store = try openStore(folder, clock: clock)
      guard case .compactionFailed(let reason) = store.warnings.first else {
        Issue.record("No warning: \(store.warnings)")
        return
      }
      #expect(reason.contains("File name too long"))
      try store.record(5, for: "b")
      #expect(try ReviewStore.openReadOnly(folder: folder).state == store.state)
      #expect(store.state.cards.count == 2)
      // Nothing but the journal and the lock: no temporary file was left behind.
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
          == ["lock", "reviews.jsonl"])
    }
  }

  @Test("After close, writing is refused")
  func closed() throws {
    try withTemporaryDirectory { folder in
      let store = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      try store.close()
      #expect {
        try store.record(4, for: "a")
      } throws: { error in
        guard case .notWritable = error as? StateError else { return false }
        return true
      }
    }
  }

  @Test("EF and due survive the files bit for bit, over many random grades")
  func exactPersistence() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      var generator = SeededGenerator(seed: 11)
      let store = try openStore(folder, clock: clock, compactionThreshold: 50)
      for _ in 0..<400 {
        let card = "card-\(Int.random(in: 0..<30, using: &generator))"
        try store.record(Grade.allCases.randomElement(using: &generator)!, for: card)
        clock.advance(seconds: Double.random(in: 0...90_000, using: &generator))
      }
      let expected = store.state
      try store.close()
      let reopened = try ReviewStore.openReadOnly(folder: folder).state
      #expect(reopened == expected)
      try FileManager.default.removeItem(at: folder.snapshot)
      #expect(try ReviewStore.openReadOnly(folder: folder).state == expected)
    }
  }
}
