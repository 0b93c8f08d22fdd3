/// Where a card stands in its learning, for statistics and listings.
public enum CardStage: String, CaseIterable, Sendable {
  /// Never reviewed.
  case new
  /// Reviewed, but not yet recalled (repetitions 0), or waiting for a better grade after a 3.
  case learning
  /// Recalled, with an interval under ``matureInterval`` days.
  case young
  /// Recalled, with an interval of ``matureInterval`` days or more.
  case mature
  /// Taken out of reviews, whatever its state.
  case suspended

  /// The interval, in days, from which a card counts as mature (Anki's threshold too).
  public static let matureInterval = 21

  /// The stage of a card with `state` (nil if never reviewed).
  public init(state: CardState?, isSuspended: Bool) {
    if isSuspended {
      self = .suspended
    } else if let state {
      if state.repetitions == 0 || state.needsExtraReview {
        self = .learning
      } else {
        self = state.interval < Self.matureInterval ? .young : .mature
      }
    } else {
      self = .new
    }
  }
}
