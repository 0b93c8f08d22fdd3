import Foundation
import SchedulerTestSupport
import Testing

@testable import Scheduler

/// The examples here were worked out with py-fsrs 6.3.2 itself.
@Suite("FSRS scheduler")
struct FSRSSchedulerTests {
  let start = moment("2026-01-01T00:00:00Z")
  let plain = FSRSScheduler(parameters: try! FSRSParameters(fuzzing: false))

  /// `seconds` after `start`, to the millisecond, as the scheduler writes moments.
  func at(_ seconds: Double) -> Date {
    Timestamp.date(milliseconds: Timestamp.milliseconds(start) + Int64((seconds * 1000).rounded()))
  }

  /// A review that must not draw.
  func review(
    _ scheduler: FSRSScheduler, _ card: FSRSCard, _ rating: FSRSRating, at date: Date
  ) -> FSRSCard {
    scheduler.review(card, rating: rating, at: date) {
      Issue.record("An unexpected draw")
      return 0
    }.card
  }

  @Test("A new card rated Good goes to the second learning step, due in 10 minutes")
  func firstReview() {
    let card = review(plain, FSRSCard(due: start), .good, at: start)
    #expect(card.state == .learning && card.step == 1)
    #expect(card.stability == 2.3065)
    #expect(isClose(card.difficulty, 2.118103970459016))
    #expect(card.due == at(600))
    #expect(card.lastReview == start)
  }

  @Test("A card through learning, into review and forgotten, as py-fsrs schedules it")
  func journey() {
    var card = review(plain, FSRSCard(due: start), .good, at: start)
    card = review(plain, card, .good, at: at(600))
    // Graduated the same day: the short-term stability, never lowered by a recall.
    #expect(card.state == .review && card.step == nil)
    #expect(card.stability == 2.3065 && isClose(card.difficulty, 2.111214235785395))
    #expect(card.due == at(600 + 2 * 86_400))
    let fuzzed = FSRSScheduler()
    var draws = 0
    card =
      fuzzed.review(card, rating: .good, at: at(600 + 3 * 86_400)) {
        draws += 1
        return 0.25
      }.card
    #expect(draws == 1)
    #expect(isClose(card.stability, 13.835840133660218))
    #expect(isClose(card.difficulty, 2.1043313908464483))
    #expect(card.due == moment("2026-01-17T00:10:00Z"))
    card = review(fuzzed, card, .again, at: moment("2026-01-14T00:10:00Z"))
    #expect(card.state == .relearning && card.step == 0)
    #expect(isClose(card.stability, 1.666890180902645))
    #expect(isClose(card.difficulty, 7.389975788014609))
    #expect(card.due == moment("2026-01-14T00:20:00Z"))
    let later = moment("2026-01-19T00:10:00Z")
    #expect(isClose(plain.retrievability(of: card, at: later), 0.8094005933460614))
  }

  @Test("Hard on the first step waits halfway to the second, or 1.5 times a single step")
  func hardSteps() throws {
    #expect(review(plain, FSRSCard(due: start), .hard, at: start).due == at(330))
    let one = FSRSScheduler(
      parameters: try FSRSParameters(learningSteps: [.seconds(7)], fuzzing: false))
    let card = review(one, FSRSCard(due: start), .hard, at: start)
    #expect(card.due == at(10.5) && card.step == 0)
  }

  @Test("A card past the scheduler's last step graduates when recalled and restarts on Again")
  func stepsBeyondTheLast() throws {
    let card = try FSRSCard(
      state: .learning, step: 5, stability: 3, difficulty: 5, due: start, lastReview: start)
    for rating in [FSRSRating.hard, .good, .easy] {
      #expect(review(plain, card, rating, at: at(60)).state == .review)
    }
    let again = review(plain, card, .again, at: at(60))
    #expect(again.state == .learning && again.step == 0 && again.due == at(120))
  }

  @Test(
    "Without relearning steps a forgotten card stays in review; without learning steps a new one graduates"
  )
  func noSteps() throws {
    let bare = FSRSScheduler(
      parameters: try FSRSParameters(learningSteps: [], relearningSteps: [], fuzzing: false))
    let new = review(bare, FSRSCard(due: start), .again, at: start)
    #expect(new.state == .review && new.due == at(86_400))
    let forgotten = review(bare, new, .again, at: at(30 * 86_400))
    #expect(forgotten.state == .review && forgotten.step == nil)
  }

  @Test("A review before the last one counts as the same day")
  func clockSetBack() throws {
    let card = try FSRSCard(
      state: .review, step: nil, stability: 10, difficulty: 5, due: start, lastReview: start)
    let early = review(plain, card, .good, at: at(-3_600))
    #expect(early.stability == plain.shortTermStability(10, rating: .good))
    #expect(early.lastReview == at(-3_600))
    #expect(plain.retrievability(of: card, at: at(-3_600)) == 1)
  }

  @Test("The fuzz draws only for a card in review due in 3 days or more, and only with fuzz on")
  func drawsOnlyWhenFuzzing() throws {
    let fuzzed = FSRSScheduler()
    var draws = 0
    _ = fuzzed.review(FSRSCard(due: start), rating: .good, at: start) {
      draws += 1
      return 0
    }
    #expect(draws == 0)
    let card = try FSRSCard(
      state: .review, step: nil, stability: 30, difficulty: 5, due: start, lastReview: start)
    _ = fuzzed.review(card, rating: .good, at: at(30 * 86_400)) {
      draws += 1
      return 0
    }
    #expect(draws == 1)
    _ = review(plain, card, .good, at: at(30 * 86_400))
  }

  @Test("The fuzz rounds halves to even and can reach one day past its range, as py-fsrs does")
  func fuzzEdges() throws {
    let fuzzed = FSRSScheduler()
    // 10 days: the range is 8…12, and 0.1 · 5 + 8 = 8.5 rounds to 8.
    #expect(fuzzed.fuzzed(10, uniform: { 0.1 }) == 8)
    #expect(fuzzed.fuzzed(10, uniform: { 0 }) == 8)
    #expect(fuzzed.fuzzed(10, uniform: { 0.999_999 }) == 13)
    #expect(fuzzed.fuzzed(3, uniform: { 0 }) == 2)
    #expect(fuzzed.fuzzed(3, uniform: { 0.999 }) == 5)
    #expect(fuzzed.fuzzed(2, uniform: { 0.5 }) == 2)
    #expect(fuzzed.fuzzed(36_499, uniform: { 0.99 }) == 36_483)
    #expect(fuzzed.fuzzed(36_500, uniform: { 0.999_999 }) == 36_500)
    let short = FSRSScheduler(parameters: try FSRSParameters(maximumInterval: 12))
    #expect(short.fuzzed(10, uniform: { 0.999_999 }) == 12)
  }

  @Test("The interval is the stability's days at 90% retention, at least 1, at most the maximum")
  func nextInterval() {
    let pairs: [(Double, Int)] = [
      (0.001, 1), (0.5, 1), (1, 1), (2.4, 2), (100, 100), (1e6, 36_500), (1e300, 36_500),
    ]
    for (stability, days) in pairs {
      #expect(plain.nextInterval(stability: stability) == days)
    }
    #expect(plain.nextInterval(stability: .infinity) == 36_500)
  }

  @Test("Retrievability is 0 before the first review, 1 that day, and 90% after the stability")
  func retrievability() throws {
    #expect(plain.retrievability(of: FSRSCard(due: start), at: start) == 0)
    let card = try FSRSCard(
      state: .review, step: nil, stability: 10, difficulty: 5, due: start, lastReview: start)
    #expect(plain.retrievability(of: card, at: at(86_399.999)) == 1)
    #expect(abs(plain.retrievability(of: card, at: at(10 * 86_400)) - 0.9) < 1e-12)
    #expect(
      plain.retrievability(of: card, at: at(10 * 86_400))
        == plain.retrievability(of: card, at: at(11 * 86_400 - 0.001)))
  }

  @Test("The log carries the rating, the moment to the millisecond, and the duration given")
  func log() {
    var generator = SeededGenerator(seed: 1)
    let log = plain.review(
      FSRSCard(due: start), rating: .easy, at: start + 0.000_6, duration: .seconds(4),
      using: &generator
    ).log
    #expect(log == FSRSReviewLog(rating: .easy, reviewedAt: at(0.001), duration: .seconds(4)))
  }

  @Test("Whole days round down, before the last review too, as timedelta.days does")
  func days() {
    #expect(FSRSScheduler.days(86_399_999) == 0)
    #expect(FSRSScheduler.days(86_400_000) == 1)
    #expect(FSRSScheduler.days(0) == 0)
    #expect(FSRSScheduler.days(-1) == -1)
    #expect(FSRSScheduler.days(-86_400_000) == -1)
    #expect(FSRSScheduler.days(-86_400_001) == -2)
  }
}
