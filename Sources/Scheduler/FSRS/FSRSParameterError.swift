/// Why values could not be FSRS parameters; the message names the value and its bounds.
public enum FSRSParameterError: Error, Equatable, Sendable {
  /// Not 21 weights.
  case weightCount(Int)
  /// Weight w`index` is outside ``FSRSParameters/weightBounds``, or not a number.
  case weightOutOfBounds(index: Int, value: Double)
  /// The desired retention is not strictly between 0 and 1.
  case desiredRetention(Double)
  /// A learning step is not whole seconds from 1 second to ``FSRSParameters/maximumStep``.
  case learningStep(index: Int, Duration)
  /// A relearning step is not whole seconds from 1 second to ``FSRSParameters/maximumStep``.
  case relearningStep(index: Int, Duration)
  /// The maximum interval is not 1…``FSRSParameters/maximumIntervalLimit`` days.
  case maximumInterval(Int)
}

extension FSRSParameterError: CustomStringConvertible {
  /// A message that names the value, what it should be, and what it is.
  public var description: String {
    switch self {
    case .weightCount(let count):
      return "FSRS-6 has \(FSRSParameters.weightBounds.count) weights, not \(count)."
    case .weightOutOfBounds(let index, let value):
      guard FSRSParameters.weightBounds.indices.contains(index) else {
        return "FSRS-6 has no weight w\(index) (given \(value))."
      }
      let bounds = FSRSParameters.weightBounds[index]
      return "FSRS weight w\(index) is \(value), outside "
        + "\(bounds.lowerBound)…\(bounds.upperBound)."
    case .desiredRetention(let value):
      return "The desired retention is \(value); it must be strictly between 0 and 1."
    case .learningStep(let index, let step):
      return "Learning step \(index + 1) is \(step); \(Self.stepRule)"
    case .relearningStep(let index, let step):
      return "Relearning step \(index + 1) is \(step); \(Self.stepRule)"
    case .maximumInterval(let days):
      return "The maximum interval is \(days) days; it must be 1 to "
        + "\(FSRSParameters.maximumIntervalLimit) days."
    }
  }

  private static let stepRule =
    "a step is a whole number of seconds, from 1 second to "
    + "\(FSRSParameters.maximumIntervalLimit) days."
}
