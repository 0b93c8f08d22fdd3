import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

/// An import holds exactly only the ids that may repeat, found by a filter (issue 31): what it
/// writes must be what holding every id wrote.
@Suite("An import's ids, held where they may repeat")
struct ImportedIDsTests {
  let imported = CardState.leftByAnki

  /// The history event `number` of card `card`, a minute after the one before, its id derived
  /// from `key` (the number when nil).
  func history(
    _ number: Int, card: String = "anki-a", key: String? = nil, grade: Grade = 4,
    first: Bool? = nil
  ) -> HistoryEvent {
    let first = first ?? (number == 0)
    return HistoryEvent(
      id: JournalEvent.derivedID("\(card)|\(key ?? String(number))"), card: card,
      at: moment("2026-11-01T08:00:00Z") + Double(number * 60), origin: "anki", grade: grade,
      kind: first ? .learning : .review, isFirst: first)
  }

  func importEvent(card: String = "anki-a") -> JournalEvent {
    .imported(
      ImportEvent(
        id: JournalEvent.derivedID("state|\(card)"), card: card,
        at: moment("2026-11-30T10:00:00Z"), origin: "anki", state: imported))
  }

  @Test("the filter says every id it was given may be there, and of other ids few")
  func filter() {
    let given = (0..<10_000).map { _ in UUID() }
    var filter = EventIDFilter(expecting: given.count)
    #expect(given.filter { filter.insert($0) }.count < 100)
    #expect(given.allSatisfy { filter.insert($0) })
    #expect(given.allSatisfy { filter.mayContain($0) })
    // About one in two hundred, some fifty: three hundred is far beyond any run's count.
    let others = (0..<10_000).map { _ in UUID() }
    #expect(others.filter { filter.mayContain($0) }.count < 300)
  }

  @Test("an id that comes again in one import is written once, as it came first")
  func repeatedInOneImport() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      let first = history(1)
      let again = history(5, key: "1", grade: 1)
      let log = [history(0), first, history(2), again, history(3), again]
      let added = try store.appendImported([importEvent(), importEvent()], history: log)
      #expect(added.history == 4 && added.events == 1)
      let expected: [JournalEvent] =
        [history(0), first, history(2), history(3)].map(JournalEvent.history) + [importEvent()]
      #expect(try store.journalEvents() == expected)
      try store.close()
      #expect(try ReviewStore.openReadOnly(folder: folder).journalEvents() == expected)
    }
  }

  @Test("of thousands of events, those the journal holds are left out and the others added once")
  func partlyKnown() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T10:00:00Z")
      let cards = ["anki-a", "anki-b", "anki-c"]
      let log = (0..<3_000).map { history($0 / 3, card: cards[$0 % 3]) }
      let events = cards.map { importEvent(card: $0) }
      let store = try openStore(folder, clock: clock)
      let part = try store.appendImported(
        [events[1]], history: log.enumerated().filter { $0.offset % 4 == 0 }.map(\.element))
      #expect(part.history == 750 && part.events == 1)
      // Twice the whole, in one call: each event of it once more at most.
      let rest = try store.appendImported(events + events, history: log + log)
      #expect(rest.history == 2_250 && rest.events == 2)
      try store.close()
      let reopened = try openStore(folder, clock: clock)
      let written = try reopened.journalEvents()
      #expect(written.count == 3_003)
      #expect(Set(written.map(\.id)) == Set((log.map(JournalEvent.history) + events).map(\.id)))
      #expect(try reopened.appendImported(events, history: log) == (events: 0, history: 0))
      #expect(try reopened.cardsWithProgress(changedBy: events).isEmpty)
      try reopened.close()
    }
  }

  @Test("under FSRS an imported card's memory is the same appended as replayed from the journal")
  func fsrsMemory() throws {
    let fsrs = FSRSReviewScheduler(parameters: try FSRSParameters(fuzzing: false))
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T10:00:00Z")
      let store = try ReviewStore.open(
        folder: folder, dayClock: utcMidnight, now: { clock.now }, scheduler: fsrs)
      // Two answers at one moment, ordered by their ids; the memory starts again at one.
      var tied = history(3, key: "tied", grade: 1)
      tied.at = history(2).at
      let log = [history(0), history(1, grade: 3), history(2, first: true), tied, history(4)]
      try store.appendImported([importEvent()], history: log)
      let appended = try #require(store.state(of: "anki-a"))
      #expect(appended.fsrs != nil)
      let ordered = log.sorted {
        $0.at != $1.at ? $0.at < $1.at : $0.id.journalText < $1.id.journalText
      }
      let start = try #require(ordered.lastIndex { $0.isFirst })
      let reviews = ordered[start...].map { FSRSHistoryReview(moment: $0.at, grade: $0.grade) }
      #expect(appended == fsrs.importedState(imported, replaying: reviews))
      try store.close()
      for file in ["state.json", "state.bin"] {
        try FileManager.default.removeItem(at: folder.appending(path: file))
      }
      let replayed = try ReviewStore.openReadOnly(folder: folder, scheduler: fsrs)
      #expect(replayed.state(of: "anki-a") == appended)
    }
  }
}
