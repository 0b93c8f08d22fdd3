import Basics
import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

/// `ReviewStore.gradesInEffect(from:)`, which takes the grades `journal-index.bin` keeps and
/// reads the journal after it, or from where it says the days begin, against the simple model:
/// every event of the journal, the reviews in effect, the earlier days left out.
@Suite("Reviews in effect from a day")
struct ReviewsFromDayTests {
  /// What the simple model gives for `firstDay` on the folder as a reader sees it.
  static func model(_ store: ReviewStore, from firstDay: Day) throws -> [CountedGrade] {
    try store.journalEvents().reviewsInEffect().filter { $0.day >= firstDay }.map(
      CountedGrade.init)
  }

  /// `quiz stats --json` of cards `a` to `g` in two decks, from `reviews`.
  static func statistics(
    _ store: ReviewStore, grades: [CountedGrade], today: Day
  ) throws -> String {
    let cards = ["a", "b", "c", "d", "e", "f", "g"].enumerated().map {
      TrackedCard(
        id: $0.element, deck: $0.offset < 4 ? "one" : "two", topic: "t\($0.offset % 3)",
        kind: "syntax")
    }
    let decks = ["one", "two"].map { TrackedDeck(name: $0, title: $0, location: $0) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let statistics = ReviewStatistics(
      cards: cards, decks: decks, state: store.state, grades: grades, today: today)
    return String(decoding: try encoder.encode(statistics), as: UTF8.self)
  }

  /// Every day a review or undo of the journal names, with the days either side, and one
  /// before and after all of them.
  static func daysToAsk(_ store: ReviewStore) throws -> [Day] {
    var days: Set<Day> = []
    for event in try store.journalEvents() {
      switch event {
      case .review(let review): days.insert(review.day)
      case .undo(let undo): days.insert(undo.reviewDay)
      default: break
      }
    }
    var asked = Set(days.flatMap { [$0 - 1, $0, $0 + 1] })
    if let first = days.min(), let last = days.max() {
      asked.formUnion([first - 40, last + 40])
    }
    return asked.sorted()
  }

  @Test(
    "gives the simple model's reviews on random journals with undos, merges, imports, day-start changes, lost and old snapshots and indexes, and torn lines",
    arguments: 0..<10)
  func randomJournals(seed: Int) throws {
    try withTemporaryDirectory { root in
      var journal = RandomJournal(root: root, seed: UInt64(seed))
      var skipped = 0
      var kept = 0
      for _ in 0..<12 {
        try journal.step()
        guard FileManager.default.fileExists(atPath: journal.folder.journal.path) else { continue }
        let store = try ReviewStore.openReadOnly(folder: journal.folder)
        let reader = JournalReader(file: try StateFile(journal.folder.journal, flags: O_RDONLY))
        for day in try Self.daysToAsk(store) {
          let fast = try store.gradesInEffect(from: day)
          #expect(fast == (try Self.model(store, from: day)), "seed \(seed), from \(day)")
          if let index = store.usableIndex(in: reader) {
            if index.recent?.keeps(day) == true {
              kept += 1
            } else if (ReviewStore.lineStart(of: index, from: day, in: reader) ?? 0) > 0 {
              skipped += 1
            }
          }
          // And so `quiz stats --json` for the day whose retention starts there.
          let today = day + (ReviewStatistics.retentionDays - 1)
          let all = try store.journalEvents().reviewsInEffect().map(CountedGrade.init)
          #expect(
            try Self.statistics(store, grades: fast, today: today)
              == (try Self.statistics(store, grades: all, today: today)))
        }
      }
      // Both shortcuts were taken: the property holds of them, not only of a full read.
      #expect(kept > 0)
      #expect(skipped > 0)
    }
  }
}

/// A state folder changed at random, one step at a time, in the ways a journal comes to be.
struct RandomJournal {
  let folder: URL
  let other: URL
  private var random: SeededGenerator
  private var now = moment("2026-01-05T10:00:00Z")
  private var savedSnapshot: Data?
  private var savedIndex: Data?
  private var tornAtEnd = false
  private let cards = ["a", "b", "c", "d", "e", "f", "g"]

  init(root: URL, seed: UInt64) {
    folder = root.appending(path: "state")
    other = root.appending(path: "other")
    random = SeededGenerator(seed: seed &* 7919 &+ 17)
  }

  private mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  /// A clock whose days start at 0, 4 or 12 o'clock, in UTC or a few hours away from it.
  private mutating func dayClock() -> DayClock {
    let offset = [0, 0, -5, 3, 9].randomElement(using: &random)! * 3600
    return DayClock(
      timeZone: TimeZone(secondsFromGMT: offset)!,
      dayStartHour: [0, 4, 4, 12].randomElement(using: &random)!)
  }

  /// A session in `folder` that grades, undoes, suspends and imports, sometimes closed and
  /// sometimes dropped as a crash would leave it; the clock mostly moves forward.
  private mutating func session(in place: URL, from clock: Date, merging: Bool) throws -> Date {
    let threshold = Int.random(in: 2...40, using: &random)
    var time = clock
    let ticks = TestClock("2026-01-01T00:00:00Z")
    ticks.now = time
    if place == folder { tornAtEnd = false }
    let store = try ReviewStore.open(
      folder: place, dayClock: dayClock(), now: { ticks.now }, compactionThreshold: threshold)
    for _ in 0..<Int.random(in: 1...30, using: &random) {
      let roll = Int.random(in: 0..<100, using: &random)
      let card = cards.randomElement(using: &random)!
      switch roll {
      case 0..<62:
        try store.record(Grade(rawValue: Int.random(in: 0...5, using: &random))!, for: card)
      case 62..<78:
        try store.undo()
      case 78..<84:
        if store.isSuspended(card) { try store.unsuspend(card) } else { try store.suspend(card) }
      case 84..<89:
        let at = ticks.now - Double(Int.random(in: 0...90, using: &random)) * 86_400
        let state = CardState(
          repetitions: Int.random(in: 0...4, using: &random), interval: 3,
          due: utcMidnight.day(for: at),
          reviews: 2, lastReview: chance(80) ? at : nil)
        try store.appendImported([
          .imported(
            ImportEvent(
              id: JournalEvent.derivedID("\(card) \(at)"), card: card, at: ticks.now,
              origin: "anki", state: state))
        ])
      default:
        break
      }
      // Seconds apart, hours, days, and now and then a clock set back by a day or two.
      let step: [Double] = [5, 40, 3_600, 7 * 3_600, 86_400, 2 * 86_400, -86_400, -2 * 86_400]
      ticks.now += step.randomElement(using: &random)! + Double.random(in: 0...60, using: &random)
      time = max(time, ticks.now)
    }
    if merging {
      try store.merge(from: other)
      // A snapshot from before a merge may name a torn-line marker that the merge left out.
      savedSnapshot = nil
    }
    if chance(85) { try store.close() }
    return time + 3_600
  }

  /// One thing that happens to the folder.
  mutating func step() throws {
    // Now and then a break of days or weeks, so that the journal outgrows the grades kept.
    if chance(40) { now += Double(Int.random(in: 5...20, using: &random)) * 86_400 }
    let roll = Int.random(in: 0..<100, using: &random)
    switch roll {
    case 0..<55:
      now = try session(in: folder, from: now, merging: false)
    case 55..<70:
      // Another machine's grades, interleaved by time with this one's.
      let start = now + Double(Int.random(in: -3...0, using: &random)) * 86_400
      _ = try session(in: other, from: start, merging: false)
      now = try session(in: folder, from: now, merging: true)
    case 70..<76:
      try? FileManager.default.removeItem(at: folder.snapshot)
    case 76..<82:
      try? FileManager.default.removeItem(at: folder.appending(path: "journal-index.bin"))
    case 82..<88:
      // Files put back from an earlier copy: an old snapshot (replayed from), an old index.
      if let savedSnapshot, chance(50) { try savedSnapshot.write(to: folder.snapshot) }
      if let savedIndex, chance(50) {
        try savedIndex.write(to: folder.appending(path: "journal-index.bin"))
      }
      savedSnapshot = try? Data(contentsOf: folder.snapshot)
      savedIndex = try? Data(contentsOf: folder.appending(path: "journal-index.bin"))
    case 88..<94:
      if FileManager.default.fileExists(atPath: folder.journal.path), !tornAtEnd {
        // A write cut short: a torn last line, which the next writer marks as such.
        try append(Data(#"{"v":1,"id":"0b"#.utf8), to: folder.journal)
        tornAtEnd = true
      }
      if chance(50) { now = try session(in: folder, from: now, merging: false) }
    default:
      savedSnapshot = try? Data(contentsOf: folder.snapshot)
      savedIndex = try? Data(contentsOf: folder.appending(path: "journal-index.bin"))
      now = try session(in: folder, from: now, merging: false)
    }
  }
}
