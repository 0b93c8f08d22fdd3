import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("The journal as FSRS's history")
struct FSRSHistoryTests {
  @Test("Each card's reviews in effect, in time order, with their grades and FSRS's ratings")
  func reviewsInEffect() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-01T08:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      clock.advance(seconds: 30)
      try store.record(2, for: "b")
      clock.advance(days: 1)
      try store.record(3, for: "b")
      clock.advance(seconds: 30)
      try store.record(5, for: "a")
      clock.advance(seconds: 30)
      try store.record(0, for: "a")
      try store.undo()
      try store.close()

      let history = try ReviewStore.openReadOnly(folder: folder).fsrsHistory()
      #expect(history.reviewCount == 4)
      #expect(history.cardsWithoutStart == 0)
      #expect(
        history.cards == [
          [
            FSRSHistoryReview(moment: moment("2026-11-01T08:00:00Z"), grade: 4),
            FSRSHistoryReview(moment: moment("2026-11-02T08:01:00Z"), grade: 5),
          ],
          [
            FSRSHistoryReview(moment: moment("2026-11-01T08:00:30Z"), grade: 2),
            FSRSHistoryReview(moment: moment("2026-11-02T08:00:30Z"), grade: 3),
          ],
        ])
      #expect(history.cards.map { $0.map(\.rating) } == [[.good, .easy], [.again, .hard]])
    }
  }

  @Test("Undone reviews are left out, the undone first review of a card with it")
  func undone() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-01T08:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      try store.record(1, for: "c")
      try store.undo()
      try store.undo()
      try store.record(5, for: "a")
      try store.close()
      let history = try ReviewStore.openReadOnly(folder: folder).fsrsHistory()
      #expect(history.cards == [[FSRSHistoryReview(moment: clock.now, grade: 5)]])
    }
  }

  @Test("A card imported with progress is left out: its first reviews are not in the journal")
  func imported() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T08:00:00Z")
      let store = try openStore(folder, clock: clock)
      let state = CardState(
        repetitions: 2, interval: 6, due: day("2026-12-05"), reviews: 3,
        lastReview: moment("2026-11-29T08:00:00Z"))
      try store.appendImported([
        .imported(
          ImportEvent(
            id: JournalEvent.derivedID("a"), card: "anki-a", at: clock.now, origin: "anki",
            state: state))
      ])
      clock.advance(days: 6)
      try store.record(4, for: "anki-a")
      try store.record(4, for: "new")
      let history = try store.fsrsHistory()
      #expect(history.cards.count == 1)
      #expect(history.reviewCount == 1)
      #expect(history.cardsWithoutStart == 1)
    }
  }

  @Test("Reviews a merge put out of time order are sorted by their moments")
  func timeOrder() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-10T08:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      clock.advance(days: -5)
      try store.record(3, for: "a")
      let history = try store.fsrsHistory()
      #expect(history.cards.first?.map(\.rating) == [.hard, .good])
      // The earlier review was recorded second, of a card already reviewed: the card is kept,
      // since one of its reviews was of a new card.
      #expect(history.cardsWithoutStart == 0)
    }
  }
}
