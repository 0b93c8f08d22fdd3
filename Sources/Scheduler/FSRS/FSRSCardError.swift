/// Why values could not be an FSRS card; the message names the value and the rule it breaks.
public enum FSRSCardError: Error, Equatable, Sendable {
  /// A step in review, none in learning or relearning, or a negative one.
  case step(FSRSCard.State, Int?)
  /// No stability, difficulty or last review, but the card is not in learning.
  case neverReviewed(FSRSCard.State)
  /// Some but not all of stability, difficulty and last review.
  case partialMemory
  /// A stability below ``FSRSCard/minimumStability``, infinite or not a number.
  case stability(Double)
  /// A difficulty outside ``FSRSCard/difficultyRange``, or not a number.
  case difficulty(Double)
  /// A moment outside ``Timestamp/supportedYears``, in seconds since 1970.
  ///
  /// Not a `Date`: describing a `Date` that holds a NaN traps in FoundationEssentials.
  case moment(secondsSince1970: Double)
}

extension FSRSCardError: CustomStringConvertible {
  /// A message that names the value and what it should be.
  public var description: String {
    switch self {
    case .step(let state, let step):
      let found = step.map { "step \($0)" } ?? "no step"
      return "An FSRS card in \(state) has \(found); a card in review has none, and one in "
        + "learning or relearning has a step of 0 or more."
    case .neverReviewed(let state):
      return "An FSRS card in \(state) has no stability, difficulty and last review; only a "
        + "card in learning may never have been reviewed."
    case .partialMemory:
      return "An FSRS card has some of stability, difficulty and last review but not all three."
    case .stability(let value):
      return "An FSRS card's stability is \(value) days; it must be a finite number of at least "
        + "\(FSRSCard.minimumStability)."
    case .difficulty(let value):
      return "An FSRS card's difficulty is \(value); it must be within "
        + "\(FSRSCard.difficultyRange.lowerBound)…\(FSRSCard.difficultyRange.upperBound)."
    case .moment(let seconds):
      return "An FSRS card's moment \(seconds) s after 1970 is outside the "
        + "years \(Timestamp.supportedYears.lowerBound)…\(Timestamp.supportedYears.upperBound)."
    }
  }
}
