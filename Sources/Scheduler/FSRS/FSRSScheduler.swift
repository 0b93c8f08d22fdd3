import FoundationEssentials
import Glibc

/// The FSRS-6 scheduler, computing what py-fsrs 6.3.2's `Scheduler` computes, Double for Double.
///
/// A pure function of its parameters, the card, the rating, the moment and, where fuzz applies,
/// one uniform draw in [0, 1) given by the caller: no clock, no global randomness. Moments count
/// in whole milliseconds, as quiz's files keep them.
public struct FSRSScheduler: Hashable, Sendable {
  /// What the scheduler is set to.
  public let parameters: FSRSParameters
  /// The forgetting curve's exponent, `-w20`: py-fsrs's `_DECAY`.
  let decay: Double
  /// Scales elapsed days so that recall is 90% after `stability` days: py-fsrs's `_FACTOR`.
  let factor: Double
  /// `desiredRetention ** (1 / decay) - 1`, the part of `_next_interval` that depends on the
  /// parameters alone.
  let retentionTerm: Double
  let learningSteps: [Int64]
  let relearningSteps: [Int64]

  /// Milliseconds in a day.
  static let day: Int64 = 86_400_000

  /// A scheduler with `parameters`, py-fsrs's defaults if none.
  public init(parameters: FSRSParameters = .standard) {
    self.parameters = parameters
    decay = -parameters.weights[20]
    factor = pow(0.9, 1 / decay) - 1
    retentionTerm = pow(parameters.desiredRetention, 1 / decay) - 1
    learningSteps = parameters.learningStepMilliseconds
    relearningSteps = parameters.relearningStepMilliseconds
  }

  /// The card after a review rated `rating` at `moment`, and the review's log: py-fsrs's
  /// `Scheduler.review_card`.
  ///
  /// `uniform` is called once, for a value in [0, 1), when the new interval is fuzzed (fuzz on,
  /// the card in review, the interval 3 days or more), and never otherwise: it stands for the
  /// `random()` py-fsrs draws there. `moment` is rounded to the millisecond; it may be before
  /// the last review (a clock set back), which counts as the same day. It and the new due moment
  /// must be within ``Timestamp/supportedYears``.
  public func review(
    _ card: FSRSCard, rating: FSRSRating, at moment: Date, duration: Duration? = nil,
    uniform: () -> Double
  ) -> (card: FSRSCard, log: FSRSReviewLog) {
    guard let now = FSRSCard.milliseconds(moment) else {
      preconditionFailure(
        "A review is within years ±99,999, not \(moment.timeIntervalSince1970) s after 1970")
    }
    // py-fsrs's `days_since_last_review`: `timedelta.days`, which rounds down.
    let elapsedDays = card.lastReview.map { Self.days(now - Timestamp.milliseconds($0)) }
    let memory = nextMemory(card, rating: rating, elapsedDays: elapsedDays)
    var next = nextStep(card, rating: rating, stability: memory.stability)
    if parameters.isFuzzingEnabled, next.state == .review, case .days(let days) = next.interval {
      next.interval = .days(fuzzed(days, uniform: uniform))
    }
    let due = now + next.interval.milliseconds
    // Only a review within 150 years of the last supported year can get here.
    precondition(Timestamp.supportedMilliseconds.contains(due), "A due moment past year 99,999")
    let reviewed = FSRSCard(
      unchecked: next.state, step: next.step, stability: memory.stability,
      difficulty: memory.difficulty, due: Timestamp.date(milliseconds: due),
      lastReview: Timestamp.date(milliseconds: now))
    let log = FSRSReviewLog(
      rating: rating, reviewedAt: Timestamp.date(milliseconds: now), duration: duration)
    return (reviewed, log)
  }

  /// ``review(_:rating:at:duration:uniform:)`` with the fuzz's draw, if any, from `generator`.
  public func review<Generator: RandomNumberGenerator>(
    _ card: FSRSCard, rating: FSRSRating, at moment: Date, duration: Duration? = nil,
    using generator: inout Generator
  ) -> (card: FSRSCard, log: FSRSReviewLog) {
    review(card, rating: rating, at: moment, duration: duration) {
      Double.random(in: 0..<1, using: &generator)
    }
  }

  /// The probability that `card` is recalled at `moment`, 0 for a card never reviewed: py-fsrs's
  /// `Scheduler.get_card_retrievability`.
  ///
  /// Counts whole days since the last review, as py-fsrs does, so it is constant within each
  /// day after the review, and 1 on its first (or before it).
  public func retrievability(of card: FSRSCard, at moment: Date) -> Double {
    guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
    guard let now = FSRSCard.milliseconds(moment) else {
      preconditionFailure(
        "A moment is within years ±99,999, not \(moment.timeIntervalSince1970) s after 1970")
    }
    return retrievability(
      elapsedDays: Self.days(now - Timestamp.milliseconds(lastReview)), stability: stability)
  }

  /// The interval in days, 1…``FSRSParameters/maximumInterval``, at which a card of `stability`
  /// is recalled with the desired retention: py-fsrs's `Scheduler._next_interval`.
  public func nextInterval(stability: Double) -> Int {
    let exact = (stability / factor) * retentionTerm
    // Python's `round`, halves to even; clamped as a Double, since a huge stability could
    // give more days than an Int holds.
    let rounded = exact.rounded(.toNearestOrEven)
    guard rounded > 1 else { return 1 }
    guard rounded < Double(parameters.maximumInterval) else { return parameters.maximumInterval }
    return Int(rounded)
  }

  /// The forgetting curve, after `elapsedDays` whole days (none if negative).
  func retrievability(elapsedDays: Int64, stability: Double) -> Double {
    let elapsed = Double(max(0, elapsedDays))
    return pow(1 + factor * elapsed / stability, decay)
  }

  /// Whole days in `milliseconds`, rounded down as Python's `timedelta.days` is.
  static func days(_ milliseconds: Int64) -> Int64 {
    let quotient = milliseconds / day
    return milliseconds % day < 0 ? quotient - 1 : quotient
  }
}
