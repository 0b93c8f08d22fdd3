import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: the scheduler it is given")
struct SchedulerSeamTests {
  @Test("A store opened with another scheduler records what that scheduler computes")
  func recordsWithTheGivenScheduler() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try ReviewStore.open(
        folder: folder, dayClock: utcMidnight, now: { clock.now }, scheduler: WeeklyScheduler())
      let after = try store.record(5, for: "a")
      #expect(after.due == day("2026-12-06"))
      #expect(after.interval == 7 && after.repetitions == 0)
      try store.close()
      #expect(try ReviewStore.openReadOnly(folder: folder).state(of: "a") == after)
    }
  }

  @Test("The default scheduler is SM-2 exactly")
  func defaultIsSM2() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      let after = try store.record(4, for: "a")
      let today = day("2026-11-29")
      #expect(after == SM2.review(.new(due: today), grade: 4, on: today, at: clock.now))
    }
  }

  @Test("A merged review whose before no longer fits is computed again by the store's scheduler")
  func mergeReplaysWithTheScheduler() throws {
    try withTemporaryDirectory { root in
      let laptop = root.appending(path: "laptop")
      let desktop = root.appending(path: "desktop")
      let onLaptop = try openStore(laptop, clock: TestClock("2026-11-29T10:00:00Z"))
      try onLaptop.record(4, for: "a")
      try onLaptop.close()
      let onDesktop = try openStore(desktop, clock: TestClock("2026-11-29T11:00:00Z"))
      try onDesktop.record(5, for: "a")
      try onDesktop.close()
      let clock = TestClock("2026-11-29T12:00:00Z")
      let store = try ReviewStore.open(
        folder: laptop, dayClock: utcMidnight, now: { clock.now }, scheduler: WeeklyScheduler())
      try store.merge(from: desktop)
      // The laptop's 4 stands as recorded; the desktop's 5, recorded from a new card, is
      // applied to the laptop's state by the weekly scheduler, not by SM-2.
      let a = try #require(store.state(of: "a"))
      #expect(a.due == day("2026-12-06") && a.reviews == 2 && a.repetitions == 1)
    }
  }
}
