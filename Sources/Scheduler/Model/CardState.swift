import FoundationEssentials

/// What the scheduler knows about one card: SM-2's variables plus a few counts.
public struct CardState: Equatable, Sendable {
  /// SM-2's `n`: correct recalls in a row, reset to 0 by a grade below 3.
  public var repetitions: Int
  /// SM-2's `EF`, never below ``SM2/minimumEaseFactor``.
  public var easeFactor: Double
  /// SM-2's `I`: days from the last review that set it to ``due``.
  public var interval: Int
  /// The day the card is next to be reviewed; it is due on that day and every day after.
  public var due: Day
  /// Set by a grade of 3: the card must be seen again until it gets a 4 or 5.
  public var needsExtraReview: Bool
  /// How often the card was forgotten (graded below 3) after having been recalled.
  public var lapses: Int
  /// How many grades the card has had.
  public var reviews: Int
  /// When the card was last graded; nil before its first review.
  public var lastReview: Date?
  /// The card's FSRS memory, when FSRS scheduled it last; nil under SM-2. The SM-2 fields above
  /// then follow FSRS's schedule (see ``FSRSReviewScheduler``), so that whatever reads a state
  /// reads an FSRS card as any other.
  public var fsrs: FSRSCard? {
    get { fsrsBox?.card }
    set { fsrsBox = newValue.map(FSRSBox.init) }
  }

  /// The FSRS memory, behind one reference: an SM-2 state, which has none, stays small, and so
  /// does a snapshot's dictionary of them.
  private var fsrsBox: FSRSBox?

  /// A state with the given values; the defaults are those of a card never reviewed.
  public init(
    repetitions: Int = 0,
    easeFactor: Double = SM2.initialEaseFactor,
    interval: Int = 0,
    due: Day,
    needsExtraReview: Bool = false,
    lapses: Int = 0,
    reviews: Int = 0,
    lastReview: Date? = nil,
    fsrs: FSRSCard? = nil
  ) {
    self.repetitions = repetitions
    self.easeFactor = easeFactor
    self.interval = interval
    self.due = due
    self.needsExtraReview = needsExtraReview
    self.lapses = lapses
    self.reviews = reviews
    self.lastReview = lastReview
    self.fsrsBox = fsrs.map(FSRSBox.init)
  }

  /// The scheduler whose state this is.
  public var scheduler: SchedulerKind { fsrs == nil ? .sm2 : .fsrs }

  /// The largest count a state holds: 2^53, beyond which a JSON reader that keeps numbers as
  /// Doubles loses digits. No card or day gets near it, and counting on from it cannot overflow.
  public static let maximumCount = 1 << 53

  /// The state of a card never reviewed, due on `day`.
  public static func new(due day: Day) -> CardState {
    CardState(due: day)
  }

  /// When the card's FSRS learning or relearning step ends, the moment it is due; nil for a card
  /// in review, or one SM-2 scheduled (SM-2 has no steps of minutes).
  public var learningStepEnd: Date? {
    guard let fsrs, fsrs.state != .review else { return nil }
    return fsrs.due
  }

  /// Whether the card is due for review on `day`.
  public func isDue(on day: Day) -> Bool {
    due <= day
  }
}

/// An FSRS memory, never changed once made: a new one replaces it.
private final class FSRSBox: Equatable, Sendable {
  let card: FSRSCard

  init(_ card: FSRSCard) {
    self.card = card
  }

  static func == (lhs: FSRSBox, rhs: FSRSBox) -> Bool {
    lhs === rhs || lhs.card == rhs.card
  }
}
