import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Reviews imported as history")
struct HistoryEventTests {
  let imported = CardState.leftByAnki

  func history(
    _ at: String, grade: Grade, first: Bool = false, card: String = "anki-a"
  ) -> HistoryEvent {
    HistoryEvent(
      id: JournalEvent.derivedID("\(card)|\(at)"), card: card, at: moment(at), origin: "anki",
      grade: grade, kind: first ? .learning : .review, seconds: first ? 6.5 : nil,
      isFirst: first)
  }

  var log: [HistoryEvent] {
    [
      history("2026-11-20T08:00:00Z", grade: 1, first: true),
      history("2026-11-20T08:10:00Z", grade: 4),
      history("2026-11-22T08:00:00Z", grade: 3),
      history("2026-11-29T08:00:00Z", grade: 5),
    ]
  }

  func importEvent(_ state: CardState) -> JournalEvent {
    .imported(
      ImportEvent(
        id: JournalEvent.derivedID("state"), card: "anki-a",
        at: moment("2026-11-30T10:00:00Z"), origin: "anki", state: state))
  }

  @Test("a history line says version 3 and reads back alike through both readers")
  func coding() throws {
    for event in log {
      let line = try JournalEvent.history(event).encodedLine()
      let object = try jsonObject(String(decoding: line, as: UTF8.self))
      #expect(object["v"] as? Int == 3)
      #expect(object["type"] as? String == "history")
      #expect(object["first"] as? Bool == (event.isFirst ? true : nil))
      #expect(JournalLineReader.read(line) == .history(event))
      #expect(try JournalEvent.decodeGenerically(line: line) == .history(event))
    }
    let unknown = Data(
      #"{"v":3,"type":"history","id":"5be76fc8-dd4f-4e65-8a06-525717b03ab3","card":"a","at":"2026-11-29T08:00:00.000Z","from":"anki","kind":"cram","grade":4}"#
        .utf8)
    #expect(throws: JournalEvent.LineError.self) { try JournalEvent.decode(line: unknown) }
  }

  @Test("history changes no state: the imported state stands, in either order, replayed or not")
  func stateUnchanged() throws {
    for historyFirst in [true, false] {
      try withTemporaryDirectory { folder in
        let clock = TestClock("2026-11-30T10:00:00Z")
        let store = try openStore(folder, clock: clock)
        if historyFirst {
          try store.appendImported([importEvent(imported)], history: log)
        } else {
          try store.appendImported([importEvent(imported)])
          try store.appendImported([], history: log)
        }
        #expect(store.state(of: "anki-a") == imported)
        #expect(store.state.reviewsByDay.isEmpty)
        try store.close()
        try FileManager.default.removeItem(at: folder.appending(path: "state.json"))
        #expect(try ReviewStore.openReadOnly(folder: folder).state(of: "anki-a") == imported)
      }
    }
  }

  @Test("the same history appended twice is written once")
  func idempotent() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      let first = try store.appendImported([importEvent(imported)], history: log)
      #expect(first.events == 1 && first.history == 4)
      let second = try store.appendImported([importEvent(imported)], history: log)
      #expect(second.events == 0 && second.history == 0)
      #expect(try store.journalEvents().count == 5)
    }
  }

  @Test("FSRS's history takes the imported reviews from the last first one, then quiz's own")
  func fsrsHistory() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-12-02T08:00:00Z")
      let store = try openStore(folder, clock: clock)
      // A review before the card was reset in Anki; one of a card whose log has no start.
      let early = history("2026-11-01T08:00:00Z", grade: 4, first: true)
      let unstarted = history("2026-11-25T08:00:00Z", grade: 4, card: "anki-b")
      try store.appendImported(
        [importEvent(imported)], history: [early] + log + [unstarted])
      try store.record(4, for: "anki-a")
      let fsrs = try store.fsrsHistory()
      #expect(fsrs.cardsWithoutStart == 1)
      #expect(
        fsrs.cards == [
          log.map { FSRSHistoryReview(moment: $0.at, grade: $0.grade) }
            + [FSRSHistoryReview(moment: clock.now, grade: 4)]
        ])
    }
  }

  @Test("an imported review that is quiz's own, come back from Anki, is not added again")
  func ownReviews() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-20T08:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(2, for: "anki-a")
      try store.record(4, for: "anki-a")
      let exported = [
        // Quiz's two reviews at one moment, exported a millisecond apart.
        history("2026-11-20T08:00:00Z", grade: 1, first: true),
        history("2026-11-20T08:00:00.001Z", grade: 4),
        // Reviewed in Anki since.
        history("2026-11-21T08:00:00Z", grade: 4),
        history("2026-11-21T08:00:30Z", grade: 4, card: "anki-b"),
      ]
      #expect(try store.recordedHistory(in: exported) == Set(exported.prefix(2).map(\.id)))
    }
  }
}

extension CardState {
  /// Where Anki left a card: reviewed last at the moment of its last history event.
  static let leftByAnki = CardState(
    repetitions: 2, easeFactor: 2.3, interval: 6, due: day("2026-12-05"), lapses: 1, reviews: 4,
    lastReview: moment("2026-11-29T08:00:00Z"))
}
