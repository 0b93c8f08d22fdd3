import Foundation
import Testing

@testable import Scheduler

@Suite("Review store: reading the journal's events")
struct JournalEventsTests {
  @Test("Every event comes back in journal order, with the snapshot covering part of it")
  func everyEventInOrder() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a", seconds: 2.5)
      try store.compact()
      clock.advance(seconds: 10)
      try store.suspend("b")
      clock.advance(seconds: 10)
      try store.record(2, for: "b")
      try store.undo()
      try store.close()

      let reader = try ReviewStore.openReadOnly(folder: folder)
      let events = try reader.journalEvents()
      #expect(events.count == 4)
      guard case .review(let first) = events[0], case .suspension(let suspension) = events[1],
        case .review(let second) = events[2], case .undo(let undo) = events[3]
      else {
        Issue.record("unexpected events: \(events)")
        return
      }
      #expect(first.card == "a" && first.grade == 4 && first.seconds == 2.5)
      #expect(suspension.card == "b" && suspension.isSuspended)
      #expect(undo.undoes == second.id)
      #expect(events.map(\.at) == events.map(\.at).sorted())
    }
  }

  @Test("A writer's events include what it appended since opening")
  func writerSeesItsOwnEvents() throws {
    try withTemporaryDirectory { folder in
      let store = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      #expect(try store.journalEvents().isEmpty)
      try store.record(5, for: "a")
      #expect(try store.journalEvents().map(\.id).count == 1)
    }
  }

  @Test("A folder with no journal has no events, and reading it creates nothing")
  func noJournal() throws {
    try withTemporaryDirectory { folder in
      let missing = folder.appending(path: "never-used")
      let events = try ReviewStore.openReadOnly(folder: missing).journalEvents()
      #expect(events.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
  }

  @Test("A torn last line is skipped, and the file is left as it is")
  func tornLastLine() throws {
    try withTemporaryDirectory { folder in
      let store = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      try append(
        Data(#"{"v":1,"id":"5b0c","card":"a","at":"2026-11-29T1"#.utf8), to: folder.journal)
      let files = try stateFiles(in: folder)

      #expect(try ReviewStore.openReadOnly(folder: folder).journalEvents().count == 1)
      #expect(try stateFiles(in: folder) == files)
    }
  }

  @Test(
    "Events appended by a writer after a reader opened are not read, so they agree with its state")
  func readerStopsWhereItsStateStops() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let writer = try openStore(folder, clock: clock)
      try writer.record(4, for: "a")
      let reader = try ReviewStore.openReadOnly(folder: folder)
      try writer.record(5, for: "b")
      #expect(try reader.journalEvents().count == 1)
      #expect(reader.state.cards.keys.sorted() == ["a"])
    }
  }

  @Test("Reviews in effect leave out the undone grades and keep the rest in order")
  func reviewsInEffect() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      clock.advance(seconds: 5)
      try store.record(1, for: "b")
      try store.undo()
      clock.advance(seconds: 5)
      try store.record(3, for: "b")
      try store.suspend("a")

      let reviews = try store.journalEvents().reviewsInEffect()
      #expect(reviews.map(\.card) == ["a", "b"])
      #expect(reviews.map(\.grade) == [4, 3])
    }
  }
}
