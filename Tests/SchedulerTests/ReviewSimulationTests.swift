import Foundation
import Testing

@testable import Scheduler

@Suite("A year of reviews simulated under FSRS and SM-2")
struct ReviewSimulationTests {
  static let today = Day(year: 2026, month: 1, day: 1)!
  static let start = Date(timeIntervalSince1970: Double(today.daysSince1970) * 86_400 + 8 * 3600)
  static let fsrs = FSRSReviewScheduler(parameters: try! FSRSParameters(fuzzing: false))

  static func plan(
    days: Int = 365, newPerDay: Int = 20, newAlreadyToday: Int = 0,
    retention: SimulationRetention = .sm2
  ) -> SimulationPlan {
    SimulationPlan(
      days: days, today: today, start: start, newPerDay: newPerDay,
      newAlreadyToday: newAlreadyToday, fsrs: fsrs, retention: retention)
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
    // FSRS at its own retention, so that its state is due as given.
    let result = ReviewSimulation.run(
      Array(repeating: card, count: count),
      plan: Self.plan(days: 1, newPerDay: 0, retention: .fixed(0.9)), using: &generator)
    // A lapse is answered twice that day under either (SM-2's repeat; FSRS's relearning step).
    let forgotten = result.sm2.reviews[0] - count
    #expect(abs(Double(forgotten) / Double(count) - (1 - recall)) < 0.03)
    // The same draws and the same chance: the same cards are forgotten under FSRS.
    #expect(result.fsrs.reviews == result.sm2.reviews)
  }

  @Test("By default FSRS runs at the retention SM-2 gave, and its own measure comes out near it")
  func atSM2Retention() throws {
    var generator = SeededGenerator(seed: 8)
    let result = ReviewSimulation.run(
      Self.learnt(1_000) + Self.fresh(500), plan: Self.plan(), using: &generator)
    let sm2 = try #require(result.sm2.retention)
    #expect(result.retentionSource == .sm2)
    #expect(result.fsrs.desiredRetention == sm2 && result.sm2.desiredRetention == nil)
    let fsrs = try #require(result.fsrs.retention)
    #expect(abs(fsrs - sm2) < 0.01, "FSRS \(fsrs), SM-2 \(sm2)")
  }

  @Test("With the same draws, a lower desired retention asks for no more reviews, and SM-2's stay")
  func lowerRetention() {
    let cards = Self.learnt(300) + Self.fresh(300)
    let outcomes = [0.97, 0.9, 0.85, 0.8, 0.7].map { retention in
      var generator = SeededGenerator(seed: 4)
      return ReviewSimulation.run(
        cards, plan: Self.plan(retention: .fixed(retention)), using: &generator)
    }
    let totals = outcomes.map(\.fsrs.totalReviews)
    #expect(totals == totals.sorted(by: >), "\(totals)")
    #expect(outcomes.map(\.fsrs.desiredRetention) == [0.97, 0.9, 0.85, 0.8, 0.7])
    #expect(outcomes.allSatisfy { $0.retentionSource == .fixed && $0.sm2 == outcomes[0].sm2 })
    // Each schedule's measure follows the retention it asked for.
    let measured = outcomes.compactMap(\.fsrs.retention)
    #expect(measured == measured.sorted(by: >), "\(measured)")
  }

  @Test("SM-2's retention outside FSRS's range is taken to the nearer bound; none, FSRS's own")
  func clampedRetention() throws {
    // Cards SM-2 has due today at a 100-day interval whose memory FSRS says has a stability of
    // 1 day, 200 days on: SM-2's reviews are mostly forgotten.
    let day = Self.today - 200
    let moment = Date(timeIntervalSince1970: Double(day.daysSince1970) * 86_400 + 8 * 3600)
    let memory = try FSRSCard(
      state: .review, step: nil, stability: 1, difficulty: 9, due: moment + 86_400,
      lastReview: moment)
    let card = SimulationCard(
      fsrs: CardState(interval: 1, due: day + 1, reviews: 1, lastReview: moment, fsrs: memory),
      sm2: CardState(repetitions: 5, interval: 100, due: Self.today, reviews: 5, lastReview: moment)
    )
    var generator = SeededGenerator(seed: 3)
    let low = ReviewSimulation.run(
      Array(repeating: card, count: 500), plan: Self.plan(days: 1, newPerDay: 0),
      using: &generator)
    #expect(try #require(low.sm2.retention) < SimulationRetention.range.lowerBound)
    #expect(low.retentionSource == .sm2Clamped)
    #expect(low.fsrs.desiredRetention == SimulationRetention.range.lowerBound)
    let none = ReviewSimulation.run(
      Self.fresh(10), plan: Self.plan(days: 1), using: &generator)
    #expect(none.sm2.retention == nil && none.retentionSource == .fsrs)
    #expect(none.fsrs.desiredRetention == Self.fsrs.scheduler.parameters.desiredRetention)
  }

  @Test("At another retention a card in review falls due when its stability says; others stay")
  func rescheduled() throws {
    let scheduler = FSRSScheduler(
      parameters: try FSRSParameters(desiredRetention: 0.8, fuzzing: false))
    let learnt = try #require(Self.learnt(40).compactMap(\.fsrs).last)
    let memory = try #require(learnt.fsrs)
    #expect(memory.state == .review)
    let moved = ReviewSimulation.rescheduled(learnt, by: scheduler)
    let days = scheduler.nextInterval(stability: try #require(memory.stability))
    #expect(days > learnt.interval)
    #expect(moved.interval == days && moved.due == learnt.due - learnt.interval + days)
    #expect(moved.fsrs?.due == memory.lastReview! + Double(days) * 86_400)
    #expect(
      moved.fsrs?.stability == memory.stability && moved.fsrs?.difficulty == memory.difficulty)
    let learning = Self.fsrs.review(.new(due: Self.today), grade: 1, on: Self.today, at: Self.start)
    #expect(ReviewSimulation.rescheduled(learning, by: scheduler) == learning)
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
