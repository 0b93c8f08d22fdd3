import Foundation
import ReviewStorage
import Scheduler

/// Review histories: the grades a person would have given a deck day after day, written into a
/// state folder either by ``ReviewStore`` itself or by a fast writer of the same format.
///
/// Each day the cards that are due are graded (a card still due after its grade comes back the
/// same day, as in a session), then up to 20 new cards. A card is forgotten (graded 0, 1 or 2)
/// with a chance that grows with its interval, 8% at first, 48% at 100 days, at most 90%, as
/// people forget; otherwise it gets 3 (20%), 4 (45%) or 5 (35%). Without forgetting, SM-2's
/// intervals would grow without end and a long history would stretch over centuries. Reviews
/// are at 08:00 UTC and 15 s apart; days start on 2000-01-01. The history stops at the requested
/// number of reviews, and the session day ("today") is the day after the last one.
enum HistoryGenerator {
  static let firstDay = Day(year: 2000, month: 1, day: 1)!
  static let dayClock = DayClock(timeZone: TimeZone(identifier: "UTC")!, dayStartHour: 4)
  static let newPerDay = 20

  /// Runs the simulation, handing each grade to `record`, which returns the card's new state.
  /// Returns the last day with a review.
  static func simulate(
    cards: Int, reviews: Int, seed: UInt64,
    record: (_ card: Int, _ grade: Grade, _ at: Date, _ day: Day) throws -> CardState
  ) rethrows -> Day {
    var random = SeededGenerator(seed: seed)
    var dueOn: [Int: [Int]] = [:]
    var intervals = [Int](repeating: 0, count: cards)
    var nextNew = 0
    var given = 0
    var day = firstDay
    while true {
      var queue = dueOn.removeValue(forKey: day.daysSince1970) ?? []
      let fresh = min(newPerDay, cards - nextNew)
      queue += nextNew..<(nextNew + fresh)
      nextNew += fresh
      var position = 0
      var moment = Double(day.daysSince1970) * 86_400 + 8 * 3600
      while position < queue.count {
        let card = queue[position]
        position += 1
        let state = try record(
          card, grade(&random, interval: intervals[card]), Date(timeIntervalSince1970: moment),
          day)
        intervals[card] = state.interval
        moment += 15
        given += 1
        if given == reviews { return day }
        if state.due <= day {
          queue.append(card)
        } else {
          dueOn[state.due.daysSince1970, default: []].append(card)
        }
      }
      day = day + 1
    }
  }

  private static func grade(_ random: inout SeededGenerator, interval: Int) -> Grade {
    let forgetting = min(0.9, 0.08 + Double(interval) / 250)
    if random.chance(forgetting) { return Grade(rawValue: random.int(0...2))! }
    let roll = random.int(0...99)
    return Grade(rawValue: roll < 20 ? 3 : roll < 65 ? 4 : 5)!
  }

  /// Makes `folder` an empty folder: a `--work` folder used before holds the last run's state
  /// files, which a new history must not be appended to or checked against.
  private static func emptyFolder(_ folder: URL) throws {
    if FileManager.default.fileExists(atPath: folder.path) {
      try FileManager.default.removeItem(at: folder)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Writes the history with ``ReviewStore`` itself: one `record` (and one fsync) per grade, on
  /// a clock that the simulation moves. Returns the session day.
  static func writeWithStore(
    to folder: URL, cardIDs: [String], reviews: Int, seed: UInt64
  ) throws -> Day {
    try emptyFolder(folder)
    final class Clock { var now = Date(timeIntervalSince1970: 0) }
    let clock = Clock()
    let store = try ReviewStore.open(folder: folder, dayClock: dayClock, now: { clock.now })
    let last = try simulate(cards: cardIDs.count, reviews: reviews, seed: seed) {
      card, grade, at, _ in
      clock.now = at
      return try store.record(grade, for: cardIDs[card], seconds: 9.5)
    }
    try store.close()
    return last + 1
  }

  /// What the fast writer computed, to check against what ``ReviewStore`` reads back.
  struct Expected {
    var cards: [String: CardState] = [:]
    var reviewsByDay: [Day: Int] = [:]
    var newCardsByDay: [Day: Int] = [:]
    var today = firstDay
  }

  /// Writes the journal line by line in the format of docs/state-format.md, much faster than
  /// one `record` per grade: no fsync, no JSONEncoder. With `snapshot`, also writes a `state.json`
  /// covering all but the last `unsnapshotted` events, as quiz would have left it.
  static func writeFast(
    to folder: URL, cardIDs: [String], reviews: Int, seed: UInt64, snapshot: Bool,
    unsnapshotted: Int = 0
  ) throws -> Expected {
    try emptyFolder(folder)
    let journalURL = folder.appending(path: "reviews.jsonl")
    guard FileManager.default.createFile(atPath: journalURL.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    let journal = try FileHandle(forWritingTo: journalURL)
    defer { try? journal.close() }
    var ids = SeededGenerator(seed: seed &+ 17)
    var states = [CardState?](repeating: nil, count: cardIDs.count)
    var expected = Expected()
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 20)
    var bytes = 0
    var entries = 0
    var lastEventID: UUID?
    var covered: (bytes: Int, entries: Int, lastEventID: UUID?, expected: Expected)?
    let coverUpTo = reviews - unsnapshotted

    let last = try simulate(cards: cardIDs.count, reviews: reviews, seed: seed) {
      card, grade, at, day in
      let before = states[card] ?? .new(due: day)
      let after = SM2.review(before, grade: grade, on: day, at: at)
      if states[card] == nil { expected.newCardsByDay[day, default: 0] += 1 }
      states[card] = after
      expected.reviewsByDay[day, default: 0] += 1
      let id = ids.uuid()
      let start = buffer.count
      let event = JournalEvent.review(
        ReviewEvent(
          id: id, card: cardIDs[card], at: at, day: day, grade: grade, seconds: 9.5,
          before: before, after: after))
      // The product's own line: the generator writes no format of its own.
      buffer += try! event.encodedLine()
      buffer.append(UInt8(ascii: "\n"))
      bytes += buffer.count - start
      entries += 1
      lastEventID = id
      if entries == coverUpTo {
        var soFar = expected
        soFar.cards = Dictionary(
          uniqueKeysWithValues: states.indices.compactMap { index in
            states[index].map { (cardIDs[index], $0) }
          })
        covered = (bytes, entries, id, soFar)
      }
      if buffer.count >= 1 << 20 {
        try journal.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
      }
      return after
    }
    try journal.write(contentsOf: buffer)
    expected.cards = Dictionary(
      uniqueKeysWithValues: states.indices.compactMap { index in
        states[index].map { (cardIDs[index], $0) }
      })
    expected.today = last + 1
    if snapshot, let covered {
      try writeSnapshot(
        to: folder, journalBytes: covered.bytes, journalEntries: covered.entries,
        lastEventID: covered.lastEventID, state: covered.expected)
    }
    _ = lastEventID
    return expected
  }

  /// `state.json` as ``ReviewStore`` writes it.
  static func writeSnapshot(
    to folder: URL, journalBytes: Int, journalEntries: Int, lastEventID: UUID?,
    state: Expected
  ) throws {
    var reviewState = ReviewState()
    reviewState.cards = state.cards
    reviewState.newCardsByDay = state.newCardsByDay
    reviewState.reviewsByDay = state.reviewsByDay
    let snapshot = Snapshot(
      journalEntries: journalEntries, journalBytes: journalBytes, lastEventID: lastEventID,
      state: reviewState)
    try snapshot.encoded().write(to: folder.appending(path: "state.json"))
  }

}
