import FoundationEssentials

/// One card's FSRS memory state: where it is in learning, how well it is known, when it is due.
///
/// Invariants, checked by ``init(state:step:stability:difficulty:due:lastReview:)`` and kept by
/// ``FSRSScheduler``'s reviews:
/// - `step` is nil exactly in review, 0 or more otherwise. It may be past the scheduler's last
///   step (the card was learnt with more steps): py-fsrs graduates such a card when recalled.
/// - `stability`, `difficulty` and `lastReview` are all nil (a card never reviewed, which is in
///   learning) or all set.
/// - `stability` is finite and at least ``minimumStability``; `difficulty` is within
///   ``difficultyRange``.
/// - `due` and `lastReview` are whole milliseconds within ``Timestamp/supportedYears``.
public struct FSRSCard: Hashable, Sendable {
  /// Where a card is in FSRS's learning, as py-fsrs's `State` numbers them.
  public enum State: Int, CaseIterable, Hashable, Sendable {
    /// New, or not yet through its learning steps.
    case learning = 1
    /// Scheduled in days by its stability.
    case review = 2
    /// Forgotten in review, and going through the relearning steps.
    case relearning = 3
  }

  /// Where the card is in learning.
  public private(set) var state: State
  /// The learning or relearning step the card is at; nil in review.
  public private(set) var step: Int?
  /// Days for the probability of recall to fall to 90%; nil before the first review.
  public private(set) var stability: Double?
  /// How hard the card is to remember, 1…10; nil before the first review.
  public private(set) var difficulty: Double?
  /// When the card is next to be reviewed.
  public private(set) var due: Date
  /// When the card was last reviewed; nil before the first review.
  public private(set) var lastReview: Date?

  /// The least stability, in days: py-fsrs 6.3.2's `STABILITY_MIN`.
  public static let minimumStability = 0.001
  /// The range of difficulty: py-fsrs 6.3.2's `MIN_DIFFICULTY` and `MAX_DIFFICULTY`.
  public static let difficultyRange = 1.0...10.0

  /// A card never reviewed, in learning at step 0, due at `due` (to the millisecond).
  ///
  /// `due` must be within ``Timestamp/supportedYears``, as a clock's moment is.
  public init(due: Date) {
    guard let milliseconds = Self.milliseconds(due) else {
      preconditionFailure(
        "A due moment is within years ±99,999, not \(due.timeIntervalSince1970) s after 1970")
    }
    self.init(
      unchecked: .learning, step: 0, stability: nil, difficulty: nil,
      due: Timestamp.date(milliseconds: milliseconds), lastReview: nil)
  }

  /// A card with the given values, for a state read back or brought from elsewhere; moments are
  /// rounded to the millisecond.
  ///
  /// - Throws: The first invariant broken, as ``FSRSCardError``.
  public init(
    state: State, step: Int?, stability: Double?, difficulty: Double?, due: Date,
    lastReview: Date?
  ) throws(FSRSCardError) {
    guard (step == nil) == (state == .review), step.map({ $0 >= 0 }) ?? true else {
      throw .step(state, step)
    }
    switch (stability, difficulty, lastReview) {
    case (nil, nil, nil):
      guard state == .learning else { throw .neverReviewed(state) }
    case (let stability?, let difficulty?, _?):
      // A NaN fails both comparisons, and is refused with the rest.
      guard stability >= Self.minimumStability, stability.isFinite else {
        throw .stability(stability)
      }
      guard Self.difficultyRange.contains(difficulty) else { throw .difficulty(difficulty) }
    default:
      throw .partialMemory
    }
    guard let dueMilliseconds = Self.milliseconds(due) else {
      throw .moment(secondsSince1970: due.timeIntervalSince1970)
    }
    var lastMilliseconds: Int64?
    if let lastReview {
      guard let milliseconds = Self.milliseconds(lastReview) else {
        throw .moment(secondsSince1970: lastReview.timeIntervalSince1970)
      }
      lastMilliseconds = milliseconds
    }
    self.init(
      unchecked: state, step: step, stability: stability, difficulty: difficulty,
      due: Timestamp.date(milliseconds: dueMilliseconds),
      lastReview: lastMilliseconds.map(Timestamp.date(milliseconds:)))
  }

  /// A card with values the caller has made to keep the invariants.
  init(
    unchecked state: State, step: Int?, stability: Double?, difficulty: Double?, due: Date,
    lastReview: Date?
  ) {
    self.state = state
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
  }

  /// `date` in whole milliseconds since 1970, or nil outside ``Timestamp/supportedYears``.
  static func milliseconds(_ date: Date) -> Int64? {
    let value = (date.timeIntervalSince1970 * 1000).rounded()
    // Checked as a Double first: converting one beyond Int64 would trap.
    guard value.isFinite, abs(value) < 1e17 else { return nil }
    let milliseconds = Int64(value)
    return Timestamp.supportedMilliseconds.contains(milliseconds) ? milliseconds : nil
  }
}
