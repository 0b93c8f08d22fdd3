import FoundationEssentials
import Scheduler

/// One line of the journal, `reviews.jsonl`.
public enum JournalEvent: Equatable, Sendable {
  /// A card was graded.
  case review(ReviewEvent)
  /// An earlier grade was taken back.
  case undo(UndoEvent)
  /// A card was suspended or brought back.
  case suspension(SuspensionEvent)
  /// The line before was torn by a crash, and is skipped knowingly.
  case tornLine(TornLineEvent)
  /// A card's state brought in from another program (an Anki package).
  case imported(ImportEvent)
  /// A review done in another program, kept as history for FSRS.
  case history(HistoryEvent)

  /// The event's unique id, by which merging tells events apart.
  public var id: UUID {
    switch self {
    case .review(let event): event.id
    case .undo(let event): event.id
    case .suspension(let event): event.id
    case .tornLine(let event): event.id
    case .imported(let event): event.id
    case .history(let event): event.id
    }
  }

  /// When the event happened.
  public var at: Date {
    switch self {
    case .review(let event): event.at
    case .undo(let event): event.at
    case .suspension(let event): event.at
    case .tornLine(let event): event.at
    case .imported(let event): event.at
    case .history(let event): event.at
    }
  }

  /// The card the event is about; nil for a torn-line marker.
  public var card: String? {
    switch self {
    case .review(let event): event.card
    case .undo(let event): event.card
    case .suspension(let event): event.card
    case .imported(let event): event.card
    case .history(let event): event.card
    case .tornLine: nil
    }
  }
}

/// A grade given to a card, with the card's state before and after it.
public struct ReviewEvent: Equatable, Sendable {
  /// The event's unique id.
  public var id: UUID
  /// The card's id, as its deck gives it.
  public var card: String
  /// When the grade was given.
  public var at: Date
  /// The day the review counts for, as the recording session's ``DayClock`` saw it.
  public var day: Day
  /// The grade.
  public var grade: Grade
  /// How long the answer took, if measured.
  public var seconds: Double?
  /// The card's state before the grade (that of a new card on its first review).
  public var before: CardState
  /// The card's state after the grade.
  public var after: CardState

  /// An event with these values.
  public init(
    id: UUID, card: String, at: Date, day: Day, grade: Grade, seconds: Double?,
    before: CardState, after: CardState
  ) {
    self.id = id
    self.card = card
    self.at = at
    self.day = day
    self.grade = grade
    self.seconds = seconds
    self.before = before
    self.after = after
  }
}

/// A grade taken back.
///
/// It repeats what it needs of the review it undoes, so that it can be applied even when that
/// review lies in the part of the journal that `state.json` already covers.
public struct UndoEvent: Equatable, Sendable {
  /// The event's unique id.
  public var id: UUID
  /// When the grade was taken back.
  public var at: Date
  /// The id of the ``ReviewEvent`` taken back.
  public var undoes: UUID
  /// The card of that review.
  public var card: String
  /// The day that review counted for.
  public var reviewDay: Day
  /// That review's `before`: the state the card returns to.
  public var restored: CardState

  /// An event with these values.
  public init(
    id: UUID, at: Date, undoes: UUID, card: String, reviewDay: Day, restored: CardState
  ) {
    self.id = id
    self.at = at
    self.undoes = undoes
    self.card = card
    self.reviewDay = reviewDay
    self.restored = restored
  }
}

/// A card taken out of reviews, or brought back.
public struct SuspensionEvent: Equatable, Sendable {
  /// The event's unique id.
  public var id: UUID
  /// The card's id.
  public var card: String
  /// When it happened.
  public var at: Date
  /// True for `suspend`, false for `unsuspend`.
  public var isSuspended: Bool

  /// An event with these values.
  public init(id: UUID, card: String, at: Date, isSuspended: Bool) {
    self.id = id
    self.card = card
    self.at = at
    self.isSuspended = isSuspended
  }
}

/// Written after a crash left an unreadable line at the end of the journal: it names that line,
/// so that the line, now followed by others, reads as skipped on purpose and not as corruption.
public struct TornLineEvent: Equatable, Sendable {
  /// The event's unique id.
  public var id: UUID
  /// When the torn line was found.
  public var at: Date
  /// The byte offset in the journal at which the torn line starts.
  public var offset: Int

  /// An event with these values.
  public init(id: UUID, at: Date, offset: Int) {
    self.id = id
    self.at = at
    self.offset = offset
  }
}
