import FoundationEssentials

/// A card as a simulation starts from it: its state today under each scheduler, nil for a card
/// never reviewed.
public struct SimulationCard: Equatable, Sendable {
  /// Its state under FSRS, whose memory is the learner's in both simulations.
  public var fsrs: CardState?
  /// Its state under SM-2.
  public var sm2: CardState?

  /// A card whose state today is `fsrs` under FSRS and `sm2` under SM-2.
  public init(fsrs: CardState?, sm2: CardState?) {
    self.fsrs = fsrs
    self.sm2 = sm2
  }
}

/// What a simulation runs: how long, from when, with how many new cards a day, FSRS as set and
/// the retention it schedules for.
public struct SimulationPlan: Sendable {
  /// The days simulated, today first.
  public var days: Int
  /// Today, the first day simulated.
  public var today: Day
  /// The moment of today's reviews; each later day's come 24 hours after the day before's.
  public var start: Date
  /// New cards introduced a day, at most.
  public var newPerDay: Int
  /// New cards already introduced today, which today's limit counts.
  public var newAlreadyToday: Int
  /// FSRS as it schedules: its weights (the learner's memory follows them in both simulations),
  /// steps and fuzz, and the desired retention used when SM-2 gives none to match.
  public var fsrs: FSRSReviewScheduler
  /// The desired retention FSRS schedules for.
  public var retention: SimulationRetention

  /// A plan of `days` days from `today`, the first reviews at `start`, `newPerDay` new cards a day.
  public init(
    days: Int, today: Day, start: Date, newPerDay: Int, newAlreadyToday: Int = 0,
    fsrs: FSRSReviewScheduler, retention: SimulationRetention = .sm2
  ) {
    self.days = days
    self.today = today
    self.start = start
    self.newPerDay = newPerDay
    self.newAlreadyToday = newAlreadyToday
    self.fsrs = fsrs
    self.retention = retention
  }
}

/// What one scheduler's simulation gave.
public struct SimulatedSchedule: Hashable, Sendable {
  /// Per day, today first: every answer given (a new card's first, and each learning step's,
  /// included).
  public var reviews: [Int]
  /// Per day: the new cards introduced.
  public var newCards: [Int]
  /// The mean probability of recall, by FSRS's forgetting curve, of the cards with a memory on
  /// the day after the last one simulated; nil when no card has one.
  public var recallAtEnd: Double?
  /// The reviews of cards already introduced at the start of their day (a new card's first, and
  /// the same day's repeats, left out).
  public var dueReviews = 0
  /// How many of ``dueReviews`` were recalled.
  public var dueRecalled = 0
  /// The retention the scheduler asked for: FSRS's desired retention; nil for SM-2, which has
  /// none.
  public var desiredRetention: Double?

  /// Every answer over the days simulated.
  public var totalReviews: Int { reviews.reduce(0, +) }
  /// Every new card introduced.
  public var totalNewCards: Int { newCards.reduce(0, +) }
  /// The share of ``dueReviews`` recalled: the retention the schedule gave; nil without any.
  public var retention: Double? {
    dueReviews == 0 ? nil : Double(dueRecalled) / Double(dueReviews)
  }
}

/// The next days of reviews simulated twice from today's state, once scheduled by SM-2 and once
/// by FSRS, on the same random draws: what each would ask of the learner.
///
/// The learner's memory follows FSRS's model with the weights in use in both: each day, every
/// card due is reviewed, recalled with the probability FSRS's forgetting curve gives at that
/// moment (a draw from the card's own stream of uniform numbers, its k-th review taking its
/// k-th number under either scheduler), graded Good (4) when recalled and Again (1) when not; a
/// card still due that day (a learning step, SM-2's repeat of a failed card) is reviewed again
/// when its step ends, and within the day its recall is certain, as FSRS's curve gives it. New
/// cards come in the order given, `newPerDay` a day. SM-2 goes first, so that FSRS can be run
/// at the retention SM-2 gave (``SimulationRetention/sm2``). docs/scheduling.md states the
/// model whole.
public enum ReviewSimulation {
  /// The chance that a card is recalled at its first review, when no memory of it is known:
  /// fsrs-rs's simulator's default first ratings (`first_rating_prob`) are Again 24% of the
  /// time.
  public static let firstReviewRecall = 0.76

  /// The most reviews of one card on one day; a card still due after that waits for the next.
  static let reviewsPerCardPerDay = 16

  /// SM-2's schedule, then FSRS's at the retention `plan` asks for, of `cards` over `plan`'s
  /// days, the draws' streams seeded from `generator` (one number a card, in order).
  ///
  /// A ``SimulationRetention/fixed(_:)`` retention must be strictly between 0 and 1.
  public static func run<Generator: RandomNumberGenerator>(
    _ cards: [SimulationCard], plan: SimulationPlan, using generator: inout Generator
  ) -> SimulationOutcome {
    let streams = cards.map { _ in SeededGenerator(seed: generator.next()) }
    let memories = cards.map { $0.fsrs?.fsrs }
    var sm2 = SimulationLane(
      scheduler: SM2Scheduler(), states: cards.map(\.sm2), memories: memories, streams: streams,
      model: plan.fsrs.scheduler, ownMemory: false)
    let sm2Schedule = sm2.run(plan)
    let parameters = plan.fsrs.scheduler.parameters
    let desired = plan.retention.desired(
      sm2: sm2Schedule.retention, fallback: parameters.desiredRetention)
    guard let retained = try? parameters.with(desiredRetention: desired.retention) else {
      preconditionFailure("A desired retention is strictly between 0 and 1, not \(desired)")
    }
    let scheduler = FSRSReviewScheduler(parameters: retained)
    // The journal's states are due as FSRS's own retention made them; at another, each card in
    // review is due when that one says, as Anki reschedules when the retention is changed.
    let states =
      desired.retention == parameters.desiredRetention
      ? cards.map(\.fsrs) : cards.map { $0.fsrs.map { rescheduled($0, by: scheduler.scheduler) } }
    // Each lane has its own copy of the streams: the k-th review of a card draws the same
    // number under either.
    var fsrs = SimulationLane(
      scheduler: scheduler, states: states, memories: memories, streams: streams,
      model: scheduler.scheduler, ownMemory: true)
    var fsrsSchedule = fsrs.run(plan)
    fsrsSchedule.desiredRetention = desired.retention
    return SimulationOutcome(fsrs: fsrsSchedule, sm2: sm2Schedule, retentionSource: desired.source)
  }
}

/// One scheduler's simulation: its states, the learner's memory of each card, and each card's
/// draws.
struct SimulationLane<Algorithm: ReviewScheduler> {
  let scheduler: Algorithm
  var states: [CardState?]
  /// The learner's memory of each card, when it is not the state's own (`ownMemory` false).
  var memories: [FSRSCard?]
  var streams: [SeededGenerator]
  /// FSRS's model of the learner's memory.
  let model: FSRSScheduler
  /// Whether the states carry the memory themselves (FSRS's do).
  let ownMemory: Bool
  /// Each card's due day, as days since 1970; `Int.max` for a card not yet introduced.
  var dueDays: [Int] = []
  /// The reviews of cards due at the start of their day, and those recalled.
  var dueReviews = 0
  var dueRecalled = 0

  init(
    scheduler: Algorithm, states: [CardState?], memories: [FSRSCard?],
    streams: [SeededGenerator], model: FSRSScheduler, ownMemory: Bool
  ) {
    self.scheduler = scheduler
    self.states = states
    self.memories = memories
    self.streams = streams
    self.model = model
    self.ownMemory = ownMemory
    dueDays = states.map { $0?.due.daysSince1970 ?? .max }
  }

  /// The learner's memory of `card`, if any.
  func memory(of card: Int) -> FSRSCard? {
    ownMemory ? states[card]?.fsrs : memories[card]
  }

  /// Every day of `plan`: the cards due, then the day's new cards.
  mutating func run(_ plan: SimulationPlan) -> SimulatedSchedule {
    var schedule = SimulatedSchedule(
      reviews: Array(repeating: 0, count: plan.days),
      newCards: Array(repeating: 0, count: plan.days))
    let fresh = states.indices.filter { states[$0] == nil }
    var introduced = 0
    for offset in 0..<plan.days {
      let day = plan.today + offset
      let moment = plan.start + Double(offset) * 86_400
      var reviews = 0
      for card in dueDays.indices where dueDays[card] <= day.daysSince1970 {
        reviews += reviewDay(card, on: day, at: moment)
      }
      let room = offset == 0 ? max(0, plan.newPerDay - plan.newAlreadyToday) : plan.newPerDay
      let count = min(room, fresh.count - introduced)
      for card in fresh[introduced..<introduced + count] {
        reviews += reviewDay(card, on: day, at: moment)
      }
      introduced += count
      schedule.reviews[offset] = reviews
      schedule.newCards[offset] = count
    }
    schedule.recallAtEnd = meanRecall(at: plan.start + Double(plan.days) * 86_400)
    schedule.dueReviews = dueReviews
    schedule.dueRecalled = dueRecalled
    return schedule
  }

  /// Reviews `card` on `day` from `moment`, again as long as it stays due that day; returns how
  /// many times.
  mutating func reviewDay(_ card: Int, on day: Day, at start: Date) -> Int {
    var moment = start
    var count = 0
    let known = states[card] != nil
    while true {
      let recalled = review(card, on: day, at: moment)
      if count == 0 && known {
        dueReviews += 1
        if recalled { dueRecalled += 1 }
      }
      count += 1
      // Reviewed, so it has a state.
      let state = states[card]!
      guard state.due <= day, count < ReviewSimulation.reviewsPerCardPerDay else { break }
      moment = max(moment + 60, state.learningStepEnd ?? moment + 600)
    }
    dueDays[card] = states[card]!.due.daysSince1970
    return count
  }

  /// One review of `card` at `moment`: recalled or not by its draw, graded, scheduled; returns
  /// whether it was recalled.
  @discardableResult
  mutating func review(_ card: Int, on day: Day, at moment: Date) -> Bool {
    let recall = recallProbability(of: card, at: moment)
    let recalled = Double.random(in: 0..<1, using: &streams[card]) < recall
    let grade: Grade = recalled ? 4 : 1
    states[card] = scheduler.review(
      states[card] ?? .new(due: day), grade: grade, on: day, at: moment)
    guard !ownMemory else { return recalled }
    let memory = memories[card] ?? FSRSCard(due: moment)
    // The memory's due moment is not read: the fuzz's draw does not matter.
    memories[card] = model.review(memory, rating: FSRSRating(grade), at: moment) { 0 }.card
    return recalled
  }

  /// The chance of recalling `card` at `moment`: FSRS's forgetting curve on the learner's
  /// memory; without one, SM-2's prediction from the card's interval (a card whose progress was
  /// imported); for a card never reviewed, ``ReviewSimulation/firstReviewRecall``.
  func recallProbability(of card: Int, at moment: Date) -> Double {
    if let memory = memory(of: card), memory.stability != nil {
      return model.retrievability(of: memory, at: moment)
    }
    if let state = states[card], let last = state.lastReview, state.reviews > 0 {
      let days = max(0, (moment.timeIntervalSince(last) / 86_400).rounded(.down))
      return SM2.predictedRecall(elapsedDays: days, interval: state.interval)
    }
    return ReviewSimulation.firstReviewRecall
  }

  /// The mean recall at `moment` of the cards the learner has a memory of.
  func meanRecall(at moment: Date) -> Double? {
    var sum = 0.0
    var count = 0
    for card in states.indices {
      guard let memory = memory(of: card), memory.stability != nil else { continue }
      sum += model.retrievability(of: memory, at: moment)
      count += 1
    }
    return count == 0 ? nil : sum / Double(count)
  }
}
