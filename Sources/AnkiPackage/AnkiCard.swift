/// An Anki card and its scheduling, as the `cards` table has them.
public struct AnkiCard: Equatable, Sendable {
  /// Where a card is in Anki's scheduling (`type`).
  public enum Kind: Int64, Sendable {
    /// Never answered.
    case new = 0
    /// In its first learning steps.
    case learning = 1
    /// Graduated: scheduled in days.
    case review = 2
    /// Forgotten, in its relearning steps.
    case relearning = 3
  }

  /// The queue value of a suspended card.
  public static let suspendedQueue: Int64 = -1

  /// The card's id.
  public var id: Int64
  /// Its note's id.
  public var note: Int64
  /// Its deck's id.
  public var deck: Int64
  /// Which template (or, for a cloze, which cloze number less one) made it.
  public var ordinal: Int
  /// Where it is in the scheduling.
  public var kind: Kind
  /// Its queue: the kind, or -1 suspended, -2/-3 buried, 3 learning across days.
  public var queue: Int64
  /// New: its position; learning: the moment due (seconds since 1970); review: the day due,
  /// counted from the collection's creation.
  public var due: Int64
  /// The interval in days (review cards).
  public var interval: Int64
  /// The ease factor × 1000.
  public var factor: Int64
  /// How often it was answered.
  public var reviews: Int64
  /// How often it lapsed.
  public var lapses: Int64
  /// The learning steps left (learning cards): today's × 1000 + all.
  public var left: Int64
  /// The card's `data` column: a JSON object (FSRS's memory state, in Anki 23.10 and later), or
  /// empty.
  public var data: String

  /// A card with these values.
  public init(
    id: Int64, note: Int64, deck: Int64, ordinal: Int, kind: Kind, queue: Int64, due: Int64,
    interval: Int64 = 0, factor: Int64 = 0, reviews: Int64 = 0, lapses: Int64 = 0,
    left: Int64 = 0, data: String = ""
  ) {
    self.id = id
    self.note = note
    self.deck = deck
    self.ordinal = ordinal
    self.kind = kind
    self.queue = queue
    self.due = due
    self.interval = interval
    self.factor = factor
    self.reviews = reviews
    self.lapses = lapses
    self.left = left
    self.data = data
  }

  /// Whether the card is suspended.
  public var isSuspended: Bool { queue == Self.suspendedQueue }
}
