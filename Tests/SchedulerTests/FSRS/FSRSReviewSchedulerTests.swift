import Foundation
import SchedulerTestSupport
import Testing

@testable import Scheduler

@Suite("FSRS behind the scheduler seam")
struct FSRSReviewSchedulerTests {
  private let scheduler = FSRSReviewScheduler(parameters: try! FSRSParameters(fuzzing: false))
  private let today = day("2026-11-29")
  private let now = moment("2026-11-29T10:00:00Z")

  @Test("A new card graded 4 is in learning, due today after its first step")
  func firstReview() throws {
    let after = scheduler.review(.new(due: today), grade: 4, on: today, at: now)
    let memory = try #require(after.fsrs)
    #expect(memory.state == .learning && memory.step == 1)
    #expect(memory.due == now + 600)
    #expect(after.due == today && after.interval == 0)
    #expect(after.reviews == 1 && after.repetitions == 1 && after.lastReview == now)
    #expect(after.scheduler == .fsrs)
  }

  @Test("Each review is FSRSScheduler's, and the day it is due follows FSRS's due moment")
  func followsFSRS() throws {
    var state = CardState.new(due: today)
    var card = FSRSCard(due: now)
    var at = now
    for (step, grade) in [4, 4, 5, 3, 1, 4, 4].enumerated() {
      let day = utcMidnight.day(for: at)
      state = scheduler.review(state, grade: Grade(rawValue: grade)!, on: day, at: at)
      card =
        scheduler.scheduler.review(card, rating: FSRSRating(Grade(rawValue: grade)!), at: at) {
          Issue.record("no draw with fuzz off")
          return 0
        }.card
      #expect(state.fsrs == card, "review \(step)")
      let days = Int(card.due.timeIntervalSince(at) / 86_400)
      #expect(state.due == day + days && state.interval == days)
      at = max(card.due, at + 3600)
    }
    #expect(state.lapses == 1)
  }

  @Test("The fuzz's draw depends only on the card and the moment, so a replay gives the same")
  func deterministicFuzz() {
    let fuzzy = FSRSReviewScheduler()
    var state = CardState.new(due: today)
    var at = now
    for _ in 0..<6 {
      let day = utcMidnight.day(for: at)
      let once = fuzzy.review(state, grade: 5, on: day, at: at)
      #expect(fuzzy.review(state, grade: 5, on: day, at: at) == once)
      state = once
      at = state.fsrs!.due
    }
    #expect(state.interval >= 3)
  }
}
