import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Imported states in the journal")
struct ImportEventTests {
  let imported = CardState(
    repetitions: 2, easeFactor: 2.3, interval: 6, due: day("2026-12-05"), lapses: 1, reviews: 3,
    lastReview: moment("2026-11-29T08:00:00Z"))

  func event(_ text: String, state: CardState? = nil) -> JournalEvent {
    .imported(
      ImportEvent(
        id: JournalEvent.derivedID(text), card: "anki-a", at: moment("2026-11-30T10:00:00Z"),
        origin: "anki", state: state ?? imported))
  }

  @Test("an import event reads back as it was written, as type \"import\"")
  func coding() throws {
    let line = try event("one").encodedLine()
    let object = try jsonObject(String(decoding: line, as: UTF8.self))
    #expect(object["type"] as? String == "import")
    #expect(object["from"] as? String == "anki")
    #expect(object["v"] as? Int == 2)
    #expect(try JournalEvent.decode(line: line) == event("one"))
  }

  @Test("the same text always gives the same id, other texts other ids")
  func derivedIDs() {
    #expect(JournalEvent.derivedID("a|1") == JournalEvent.derivedID("a|1"))
    #expect(JournalEvent.derivedID("a|1") != JournalEvent.derivedID("a|2"))
    #expect(JournalEvent.derivedID("x").uuidString.dropFirst(14).first == "8")
  }

  @Test("appending the same imported events twice adds them once")
  func idempotent() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      #expect(try store.appendImported([event("one")]) == 1)
      #expect(try store.appendImported([event("one")]) == 0)
      try store.close()
      let again = try openStore(folder, clock: clock)
      #expect(try again.appendImported([event("one")]) == 0)
      #expect(again.state(of: "anki-a") == imported)
      #expect(try again.journalEvents().count == 1)
      try again.close()
    }
  }

  @Test("imported events the journal would not read back are refused, and none of them written")
  func unreadableStates() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      var beyond = imported
      // 1e16 ms after 1970: the year 318857, beyond the moments the journal reads.
      beyond.lastReview = Date(timeIntervalSince1970: 1e13)
      #expect(throws: StateError.self) {
        try store.appendImported([event("fine"), event("beyond", state: beyond)])
      }
      #expect(try store.journalEvents().isEmpty)
      try store.close()
    }
  }

  @Test("an import sets a card's state unless quiz reviewed the card later")
  func newerProgressWins() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-30T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      let reviewed = try store.record(4, for: "anki-a")
      try store.appendImported([event("older")])
      #expect(store.state(of: "anki-a") == reviewed)
      var newer = imported
      newer.lastReview = moment("2026-11-30T11:00:00Z")
      try store.appendImported([event("newer", state: newer)])
      #expect(store.state(of: "anki-a") == newer)
      try store.close()
      // The snapshot and the replayed journal agree.
      #expect(try ReviewStore.openReadOnly(folder: folder).state(of: "anki-a") == newer)
    }
  }

  @Test("merging a folder with imported states brings them in once")
  func merged() throws {
    try withTemporaryDirectory { root in
      let clock = TestClock("2026-11-30T10:00:00Z")
      let other = root.appending(path: "other")
      let mine = root.appending(path: "mine")
      let source = try openStore(other, clock: clock)
      try source.appendImported([event("one")])
      try source.close()
      for _ in 0..<2 {
        let store = try openStore(mine, clock: clock)
        _ = try store.merge(from: other)
        #expect(store.state(of: "anki-a") == imported)
        #expect(try store.journalEvents() == [event("one")])
        try store.close()
      }
    }
  }

  @Test("an event without a card id the journal reads is refused before anything is written")
  func badCardRefused() throws {
    try withTemporaryDirectory { folder in
      let store = try openStore(folder, clock: TestClock("2026-11-30T10:00:00Z"))
      let bad = JournalEvent.imported(
        ImportEvent(
          id: UUID(), card: "bad\u{7}", at: Date(), origin: "anki", state: imported))
      #expect(throws: StateError.self) { try store.appendImported([event("one"), bad]) }
      #expect(try store.journalEvents().isEmpty)
    }
  }
}
