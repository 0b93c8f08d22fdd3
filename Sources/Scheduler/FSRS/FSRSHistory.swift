import FoundationEssentials

/// One review in a history the optimizer reads: when it happened and how it was rated.
public struct FSRSHistoryReview: Hashable, Sendable {
  /// When the card was reviewed.
  public var moment: Date
  /// How well it was recalled.
  public var rating: FSRSRating
  /// The grade 0…5 the rating was mapped from, when the history has it: what SM-2, replayed
  /// as a predictor beside FSRS, reads (``FSRSTrainingSet/evaluateSM2()``).
  public var grade: Grade?

  /// A review rated `rating` at `moment`, its grade unknown.
  public init(moment: Date, rating: FSRSRating) {
    self.moment = moment
    self.rating = rating
    grade = nil
  }

  /// A review graded `grade` at `moment`, rated as quiz maps grades to ratings.
  public init(moment: Date, grade: Grade) {
    self.moment = moment
    rating = FSRSRating(grade)
    self.grade = grade
  }
}

/// How the optimizer counts the days between two reviews of a card, its `delta_t`.
public enum FSRSDayCount: Sendable, Equatable {
  /// Whole 24-hour periods since the previous review, rounded down: how ``FSRSScheduler`` (and
  /// py-fsrs, and py-fsrs's own optimizer) counts them, so fitted weights predict what it does.
  case elapsed
  /// Days on the calendar of `clock`, between the day of the previous review and this one's: how
  /// Anki counts them for its optimizer (`fsrs_items_for_training`), with its day-start hour.
  case calendar(DayClock)
}

/// Why a history cannot be read: the card and review are counted from 0 in the order given.
public enum FSRSHistoryError: Error, Equatable, Sendable {
  /// A moment is not finite, or outside ``Timestamp/supportedYears``.
  case moment(card: Int, review: Int, secondsSince1970: Double)
}

extension FSRSHistoryError: CustomStringConvertible {
  /// A message that names the review and what is wrong with it.
  public var description: String {
    switch self {
    case .moment(let card, let review, let seconds):
      return "Review \(review) of card \(card) is at \(seconds) s after 1970, "
        + "not a moment within years \(Timestamp.supportedYears.lowerBound)…"
        + "\(Timestamp.supportedYears.upperBound)."
    }
  }
}
