import Foundation
import Testing

@testable import Scheduler

@Suite("A year of reviews simulated under FSRS and SM-2")
struct ReviewSimulationTests {
  static let today = Day(year: 2026, month: 1, day: 1)!
  static let start = Date(timeIntervalSince1970: Double(today.daysSince1970) * 86_400 + 8 * 3600)
  static let fsrs = FSRSReviewScheduler(parameters: try! FSRSParameters(fuzzing: false))

  static func plan(days: Int = 365, newPerDay: Int = 20, newAlreadyToday: Int = 0)
    -> SimulationPlan
  {
    SimulationPlan(
      days: days, today: today, start: start, newPerDay: newPerDay,
      newAlreadyToday: newAlreadyToday, fsrs: fsrs)
  }

  /// `count` cards never reviewed.
  static func fresh(_ count: Int) -> [SimulationCard] {
    Array(repeating: SimulationCard(fsrs: nil, sm2: nil), count: count)
  }

  /// `count` cards reviewed over the last months under both schedulers, each graded Good on
  /// the days each scheduler made it due, from its first review `count % 90` days ago.
  static func learnt(_ count: Int) -> [SimulationCard] {
    (0..<count).map { index in
      var cards: [CardState] = []
      for scheduler in [fsrs as any ReviewScheduler, SM2Scheduler()] {
        var day = today - 1 - index % 90
        var state = CardState.new(due: day)
        while day < today {
          let moment = Date(timeIntervalSince1970: Double(day.daysSince1970) * 86_400 + 8 * 3600)
          state = scheduler.review(state, grade: 4, on: day, at: moment)
          if state.due <= day {
            state = scheduler.review(state, grade: 4, on: day, at: moment + 600)
          }
          day = state.due
        }
        cards.append(state)
      }
      return SimulationCard(fsrs: cards[0], sm2: cards[1])
    }
  }

  @Test("No cards: every day without reviews, and no recall to give")
  func noCards() {
    var generator = SeededGenerator(seed: 1)
    let result = ReviewSimulation.run([], plan: Self.plan(days: 30), using: &generator)
    for schedule in [result.fsrs, result.sm2] {
      #expect(schedule.reviews == Array(repeating: 0, count: 30))
      #expect(schedule.newCards == Array(repeating: 0, count: 30))
      #expect(schedule.recallAtEnd == nil)
    }
  }

  @Test("The same seed gives the same days; the totals are the sums of the days")
  func reproducible() {
    let cards = Self.learnt(200) + Self.fresh(300)
    var first = SeededGenerator(seed: 42)
    var second = SeededGenerator(seed: 42)
    var other = SeededGenerator(seed: 43)
    let one = ReviewSimulation.run(cards, plan: Self.plan(), using: &first)
    let two = ReviewSimulation.run(cards, plan: Self.plan(), using: &second)
    #expect(one.fsrs == two.fsrs && one.sm2 == two.sm2)
    let three = ReviewSimulation.run(cards, plan: Self.plan(), using: &other)
    #expect(three.fsrs.reviews != one.fsrs.reviews)
    for schedule in [one.fsrs, one.sm2] {
      #expect(schedule.reviews.count == 365 && schedule.newCards.count == 365)
      #expect(schedule.totalReviews == schedule.reviews.reduce(0, +))
      #expect(schedule.totalNewCards == 300)
      // 20 a day for 15 days.
      #expect(schedule.newCards.prefix(16) == ArraySlice(Array(repeating: 20, count: 15) + [0]))
    }
  }

  @Test("New cards already introduced today count against today's limit")
  func newToday() {
    var generator = SeededGenerator(seed: 1)
    let result = ReviewSimulation.run(
      Self.fresh(10), plan: Self.plan(days: 3, newPerDay: 4, newAlreadyToday: 3),
      using: &generator)
    #expect(result.fsrs.newCards == [1, 4, 4])
    #expect(result.sm2.newCards == [1, 4, 4])
  }

  @Test("A card's first review draws the same number under both: the same cards are forgotten")
  func sameDraws() {
    // Under FSRS a new card takes 2 answers (Good, then Good after its 10-minute step), 3 when
    // forgotten first (Again, Good after a minute, Good); under SM-2 1 answer, 2 when forgotten
    // (1, then 4 the same day). Both forget the same cards, so FSRS gives exactly one answer
    // more per card.
    let count = 2_000
    var generator = SeededGenerator(seed: 5)
    let result = ReviewSimulation.run(
      Self.fresh(count), plan: Self.plan(days: 1, newPerDay: count), using: &generator)
    let forgotten = result.sm2.reviews[0] - count
    #expect(result.fsrs.reviews[0] == 2 * count + forgotten)
    let share = Double(forgotten) / Double(count)
    #expect(abs(share - (1 - ReviewSimulation.firstReviewRecall)) < 0.03)
  }

  @Test("SM-2's reviews are recalled with FSRS's retrievability, not a rate of its own")
  func sm2RecallFromFSRS() throws {
    // Cards SM-2 has due today at a 100-day interval (0.9^(200/100) = 81% by SM-2's own
    // reckoning), whose memory FSRS says has a stability of 1 day, 200 days on.
    let day = Self.today - 200
    let moment = Date(timeIntervalSince1970: Double(day.daysSince1970) * 86_400 + 8 * 3600)
    let memory = try FSRSCard(
      state: .review, step: nil, stability: 1, difficulty: 9, due: moment + 86_400,
      lastReview: moment)
    let recall = Self.fsrs.scheduler.retrievability(of: memory, at: Self.start)
    #expect(recall < 0.5)
    let card = SimulationCard(
      fsrs: CardState(interval: 1, due: Self.today, reviews: 1, lastReview: moment, fsrs: memory),
      sm2: CardState(repetitions: 5, interval: 100, due: Self.today, reviews: 5, lastReview: moment)
    )
    let count = 2_000
    var generator = SeededGenerator(seed: 3)
    let result = ReviewSimulation.run(
      Array(repeating: card, count: count), plan: Self.plan(days: 1, newPerDay: 0),
      using: &generator)
    // A lapse is answered twice that day under either (SM-2's repeat; FSRS's relearning step).
    let forgotten = result.sm2.reviews[0] - count
    #expect(abs(Double(forgotten) / Double(count) - (1 - recall)) < 0.03)
    // The same draws and the same chance: the same cards are forgotten under FSRS.
    #expect(result.fsrs.reviews == result.sm2.reviews)
  }

  @Test("simulates 10,000 cards over a year, every learnt card reviewed under both schedulers")
  func tenThousand() {
    let cards = Self.learnt(5_000) + Self.fresh(5_000)
    var generator = SeededGenerator(seed: 9)
    let result = ReviewSimulation.run(cards, plan: Self.plan(), using: &generator)
    #expect(result.fsrs.totalReviews > 10_000)
    #expect(result.sm2.totalReviews > 5_000)
  }
}
