import FoundationEssentials

/// The SM-2 algorithm, computing exactly what the `sm-2` package 0.3.0 (Open Spaced Repetition)
/// computes, Double for Double.
///
/// One deliberate difference: a new due date counts from the day of the review, where the package
/// adds the interval to the old due date. For a review on the day the card is due the two agree;
/// for a late review the package would schedule the card into the past.
///
/// One guard the package lacks: the interval stops growing at ``maximumInterval`` so that the
/// arithmetic cannot overflow. The package fails (its dates end in year 9999) long before.
public enum SM2 {
  /// The ease factor of a card never reviewed.
  public static let initialEaseFactor = 2.5
  /// The lowest ease factor SM-2 allows.
  public static let minimumEaseFactor = 1.3
  /// The longest interval, in days (about 27,000 years).
  public static let maximumInterval = 10_000_000

  /// The ease factor after a recalled card (grade 3…5) was graded `grade`.
  ///
  /// The operations run in exactly the package's order, since a different but algebraically
  /// equal order gives different Doubles for some grades.
  public static func easeFactor(after grade: Grade, from easeFactor: Double) -> Double {
    let distance = Double(5 - grade.rawValue)
    return max(minimumEaseFactor, easeFactor + (0.1 - distance * (0.08 + distance * 0.02)))
  }

  /// The state after `state` was graded `grade` at `date`, which counts for `today`.
  ///
  /// A card still due after the grade (wrong, a 3, or a failed extra review) is due `today`.
  /// Besides SM-2's variables, this counts the review, sets `lastReview`, and counts a lapse
  /// whenever a grade below 3 meets n > 0, which includes a failed extra review.
  public static func review(
    _ state: CardState, grade: Grade, on today: Day, at date: Date
  ) -> CardState {
    var next = state
    // Counts stop at the largest the files hold, so a state merged from elsewhere at that limit
    // is never written past what reads back.
    next.reviews = min(state.reviews + 1, CardState.maximumCount)
    next.lastReview = date
    if !grade.isRecalled && state.repetitions > 0 {
      next.lapses = min(state.lapses + 1, CardState.maximumCount)
    }
    if state.needsExtraReview {
      if grade.rawValue >= 4 {
        next.needsExtraReview = false
        next.due = today + next.interval
      } else {
        next.due = today
      }
    } else if grade.isRecalled {
      next.easeFactor = easeFactor(after: grade, from: state.easeFactor)
      switch state.repetitions {
      case 0: next.interval = 1
      case 1: next.interval = 6
      default: next.interval = grown(state.interval, by: next.easeFactor)
      }
      next.repetitions = min(state.repetitions + 1, CardState.maximumCount)
      if grade.rawValue >= 4 {
        next.due = today + next.interval
      } else {
        next.needsExtraReview = true
        next.due = today
      }
    } else {
      next.repetitions = 0
      next.interval = 0
      next.due = today
    }
    return next
  }

  /// `ceil(interval * easeFactor)`, as the package computes it, capped at `maximumInterval`.
  private static func grown(_ interval: Int, by easeFactor: Double) -> Int {
    let product = (Double(interval) * easeFactor).rounded(.up)
    return product >= Double(maximumInterval) ? maximumInterval : Int(product)
  }
}
