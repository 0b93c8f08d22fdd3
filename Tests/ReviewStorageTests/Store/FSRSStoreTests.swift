import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: FSRS and switching schedulers")
struct FSRSStoreTests {
  private static let fsrs = FSRSReviewScheduler(
    parameters: try! FSRSParameters(fuzzing: false))

  /// Grades of three cards over three weeks, a few a day, some failed.
  private static let grades: [(card: String, grade: Grade, day: Int, minute: Int)] = {
    var random = SeededGenerator(seed: 5)
    return (0..<60).map { index in
      (
        ["a", "b", "c"][Int(random.next() % 3)], Grade(rawValue: Int(random.next() % 6))!,
        index / 3, Int(random.next() % 600)
      )
    }
  }()

  private static func moment(day: Int, minute: Int) -> Date {
    SchedulerTestSupport.moment("2026-11-01T08:00:00Z") + Double(day * 86_400 + minute * 60)
  }

  /// Records `grades[range]` in `folder` under `scheduler`.
  private func record(
    _ range: Range<Int>, in folder: URL, with scheduler: any ReviewScheduler
  ) throws {
    let clock = TestClock("2026-11-01T08:00:00Z")
    let store = try ReviewStore.open(
      folder: folder, dayClock: utcMidnight, now: { clock.now }, scheduler: scheduler)
    for grade in Self.grades[range] {
      clock.now = Self.moment(day: grade.day, minute: grade.minute)
      try store.record(grade.grade, for: grade.card)
    }
    try store.close()
  }

  /// The states that `scheduler` gives every grade, applied from new cards in order.
  private func model(_ scheduler: any ReviewScheduler, _ range: Range<Int>) -> [String: CardState] {
    var states: [String: CardState] = [:]
    for grade in Self.grades[range] {
      let at = Self.moment(day: grade.day, minute: grade.minute)
      let day = utcMidnight.day(for: at)
      states[grade.card] = scheduler.review(
        states[grade.card] ?? .new(due: day), grade: grade.grade, on: day, at: at)
    }
    return states
  }

  @Test("Grades under SM-2, then FSRS: each scheduler's view is every grade applied by it alone")
  func switching() throws {
    try withTemporaryDirectory { folder in
      try record(0..<30, in: folder, with: SM2Scheduler())
      try record(30..<60, in: folder, with: Self.fsrs)
      let underFSRS = try ReviewStore.openReadOnly(folder: folder, scheduler: Self.fsrs)
      #expect(underFSRS.state.cards == model(Self.fsrs, 0..<60))
      #expect(underFSRS.state.cards.values.allSatisfy { $0.fsrs != nil })
      let underSM2 = try ReviewStore.openReadOnly(folder: folder)
      #expect(underSM2.state.cards == model(SM2Scheduler(), 0..<60))
      #expect(underSM2.state.cards.values.allSatisfy { $0.fsrs == nil })
    }
  }

  @Test("Switching twice gives back the same states, whatever state.json held")
  func switchingTwice() throws {
    try withTemporaryDirectory { folder in
      try record(0..<40, in: folder, with: Self.fsrs)
      let first = try ReviewStore.openReadOnly(folder: folder, scheduler: Self.fsrs).state
      for scheduler in [SM2Scheduler(), Self.fsrs, SM2Scheduler()] as [any ReviewScheduler] {
        // A writer rewrites state.json for its own scheduler.
        let clock = TestClock("2026-12-01T08:00:00Z")
        try ReviewStore.open(
          folder: folder, dayClock: utcMidnight, now: { clock.now }, scheduler: scheduler
        ).close()
      }
      #expect(try ReviewStore.openReadOnly(folder: folder, scheduler: Self.fsrs).state == first)
      #expect(
        try ReviewStore.openReadOnly(folder: folder).state.cards
          == model(SM2Scheduler(), 0..<40))
    }
  }

  @Test("FSRS states read back the same from the journal, from state.json and from state.bin")
  func roundTrip() throws {
    try withTemporaryDirectory { folder in
      try record(0..<60, in: folder, with: Self.fsrs)
      let expected = model(Self.fsrs, 0..<60)
      let withSidecar = try ReviewStore.openReadOnly(folder: folder, scheduler: Self.fsrs)
      #expect(withSidecar.state.cards == expected)
      try FileManager.default.removeItem(at: folder.appending(path: "state.bin"))
      #expect(
        try ReviewStore.openReadOnly(folder: folder, scheduler: Self.fsrs).state.cards == expected)
      let json = try Data(contentsOf: folder.appending(path: "state.json"))
      let fast = try #require(SnapshotReader.read(json))
      #expect(fast == (try JSONDecoder().decode(Snapshot.self, from: json)))
      #expect(fast.scheduler == .fsrs && fast.state.cards == expected)
      try FileManager.default.removeItem(at: folder.appending(path: "state.json"))
      #expect(
        try ReviewStore.openReadOnly(folder: folder, scheduler: Self.fsrs).state.cards == expected)
    }
  }

  @Test("Every journal line with an FSRS state reads the same by the fast reader and the decoder")
  func journalLines() throws {
    try withTemporaryDirectory { folder in
      try record(0..<60, in: folder, with: Self.fsrs)
      let journal = try Data(contentsOf: folder.appending(path: "reviews.jsonl"))
      for line in journal.split(separator: UInt8(ascii: "\n")) {
        let fast = try #require(JournalLineReader.read(Data(line)))
        #expect(fast == (try JournalEvent.decodeGenerically(line: Data(line))))
      }
    }
  }

  @Test("An SM-2 state.json says nothing of a scheduler, and an FSRS one says fsrs")
  func snapshotNamesItsScheduler() throws {
    try withTemporaryDirectory { folder in
      try record(0..<3, in: folder, with: SM2Scheduler())
      let sm2 = String(
        decoding: try Data(contentsOf: folder.appending(path: "state.json")), as: UTF8.self)
      #expect(!sm2.contains("scheduler") && !sm2.contains("fsrs"))
      try record(3..<6, in: folder, with: Self.fsrs)
      let fsrs = String(
        decoding: try Data(contentsOf: folder.appending(path: "state.json")), as: UTF8.self)
      #expect(fsrs.contains(#""scheduler" : "fsrs""#))
    }
  }

  @Test("A state whose FSRS memory breaks FSRS's rules is refused, naming the key")
  func badMemory() {
    let line =
      #"{"v":1,"type":"import","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","#
      + #""at":"2026-11-29T10:00:00.000Z","from":"x","state":{"due":"2026-11-29","#
      + #""fsrs":{"difficulty":11,"due":"2026-11-29T10:00:00.000Z","stability":2,"#
      + #""state":"review"},"lastReview":"2026-11-28T10:00:00.000Z"}}"#
    #expect(JournalLineReader.read(Data(line.utf8)) == nil)
    #expect(throws: JournalEvent.LineError.self) {
      try JournalEvent.decodeGenerically(line: Data(line.utf8))
    }
  }
}
