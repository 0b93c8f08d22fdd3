/// One line of Anki's review log (`revlog`).
public struct AnkiReview: Equatable, Sendable {
  /// What the review was (`type`).
  public enum Kind: Int64, Sendable {
    /// An answer in the learning steps.
    case learning = 0
    /// An answer to a review card.
    case review = 1
    /// An answer in the relearning steps.
    case relearning = 2
    /// An answer in a filtered deck.
    case filtered = 3
    /// A change made by hand (set due date, reset), not an answer; also any type Anki may add.
    case manual = 4
    /// A change Anki made (rescheduled when FSRS's settings changed), not an answer.
    case rescheduled = 5

    /// Whether the line is an answer (its button 1–4 is the user's), not a change of schedule.
    var isAnswerKind: Bool { self != .manual && self != .rescheduled }
  }

  /// The review's id: the moment it happened, in milliseconds since 1970.
  public var id: Int64
  /// The card's id.
  public var card: Int64
  /// The button: 1 Again, 2 Hard, 3 Good, 4 Easy (0 for a manual change).
  public var ease: Int64
  /// The interval after it: days if positive, seconds if negative.
  public var interval: Int64
  /// The interval before it, the same way.
  public var lastInterval: Int64
  /// The ease factor × 1000 after it.
  public var factor: Int64
  /// How long the answer took, in milliseconds.
  public var milliseconds: Int64
  /// What it was.
  public var kind: Kind

  /// A review with these values.
  public init(
    id: Int64, card: Int64, ease: Int64, interval: Int64, lastInterval: Int64, factor: Int64,
    milliseconds: Int64, kind: Kind
  ) {
    self.id = id
    self.card = card
    self.ease = ease
    self.interval = interval
    self.lastInterval = lastInterval
    self.factor = factor
    self.milliseconds = milliseconds
    self.kind = kind
  }
}
