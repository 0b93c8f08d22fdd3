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
      let reopened = try ReviewStore.openReadOnly(folder: folder, scheduler: WeeklyScheduler())
      #expect(reopened.state(of: "a") == after)
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

  @Test(
    "Grades recorded under another scheduler are applied again by the store's, after a merge too")
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
      // Both grades were recorded by SM-2; the weekly scheduler applies both again, so nothing
      // of SM-2's (its repetitions) is left.
      let a = try #require(store.state(of: "a"))
      #expect(a.due == day("2026-12-06") && a.reviews == 2 && a.repetitions == 0)
    }
  }
}
