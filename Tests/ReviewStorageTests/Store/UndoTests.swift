import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: undo")
struct UndoTests {
  @Test("Undo restores the card exactly to its state before the grade, then the grade before")
  func undoRestoresExactly() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      let first = try store.record(4, for: "a", seconds: 4)
      clock.advance(seconds: 40)
      try store.record(3, for: "b")
      clock.advance(seconds: 40)
      try store.record(5, for: "a")

      let undone = try #require(try store.undo())
      #expect(undone.card == "a")
      #expect(undone.grade == 5)
      #expect(store.state(of: "a") == first)
      #expect(store.state.reviews(on: day("2026-11-29")) == 2)

      #expect(try store.undo()?.card == "b")
      #expect(store.state(of: "b") == nil)  // b is a new card again
      #expect(store.state.newCards(on: day("2026-11-29")) == 1)

      #expect(try store.undo()?.card == "a")
      #expect(store.state.cards.isEmpty)
      #expect(store.state.reviewsByDay.isEmpty)
      #expect(store.state.newCardsByDay.isEmpty)
      #expect(!store.canUndo)
      #expect(try store.undo() == nil)
      #expect(try lines(of: folder.journal).count == 6)
    }
  }

  @Test("Undos are journaled: opening again, from the snapshot or the whole journal, agrees")
  func undoSurvivesReopening() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      try store.record(2, for: "b")
      try store.undo()
      try store.record(5, for: "b")
      let expected = store.state
      #expect(try ReviewStore.openReadOnly(folder: folder).state == expected)
      try store.close()
      #expect(try ReviewStore.openReadOnly(folder: folder).state == expected)
      let undo = try jsonObject(try lines(of: folder.journal)[2])
      #expect(undo["type"] as? String == "undo")
      #expect(
        undo["undoes"] as? String == (try jsonObject(try lines(of: folder.journal)[1]))["id"]
          as? String)
    }
  }

  @Test("An undo whose review lies before the snapshot is applied from its own record")
  func undoAcrossCompaction() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock, compactionThreshold: 1)
      let first = try store.record(4, for: "a")
      clock.advance(days: 1)
      try store.record(5, for: "a")  // the snapshot now covers both reviews
      try store.undo()
      #expect(store.state(of: "a") == first)
      let reopened = try ReviewStore.openReadOnly(folder: folder)
      #expect(reopened.state == store.state)
      #expect(reopened.state.reviews(on: day("2026-11-30")) == 0)
    }
  }

  @Test("Only this session's grades can be undone")
  func sessionOnly() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      try store.close()
      let next = try openStore(folder, clock: clock)
      #expect(!next.canUndo)
      #expect(try next.undo() == nil)
      #expect(next.state(of: "a")?.reviews == 1)
    }
  }
}
