import FoundationEssentials
import Scheduler

/// A review done in another program (an Anki review-log line), brought in by `quiz import` as
/// history: FSRS's optimizer and its evaluation read it as they read quiz's own grades, and
/// nothing else does.
///
/// It never changes a card's state: the ``ImportEvent`` beside it says where the other program
/// left the card, so that the state is the same whatever the order of the events. Its id is
/// derived from the card and the review's moment, so importing the same log again writes
/// nothing new.
public struct HistoryEvent: Equatable, Sendable {
  /// What the review was in the other program: Anki's review-log types that are answers.
  public enum Kind: String, Sendable, CaseIterable {
    /// An answer in the first learning steps.
    case learning = "learn"
    /// An answer to a card in review.
    case review
    /// An answer in the relearning steps, after a lapse.
    case relearning = "relearn"
    /// An answer in a filtered deck that rescheduled the card.
    case filtered
  }

  /// The event's id.
  public var id: UUID
  /// The card's id.
  public var card: String
  /// When the review was done.
  public var at: Date
  /// The program it was done in, for people: `anki`.
  public var origin: String
  /// The grade it stands for (Anki's Again 1, Hard 3, Good 4, Easy 5).
  public var grade: Grade
  /// What the review was.
  public var kind: Kind
  /// How long the answer took, if known.
  public var seconds: Double?
  /// Whether the card's memory starts here: its first review as a new card, after which the
  /// other program kept its whole history. FSRS replays a card from its last such review.
  public var isFirst: Bool

  /// An event with these values.
  public init(
    id: UUID, card: String, at: Date, origin: String, grade: Grade, kind: Kind,
    seconds: Double? = nil, isFirst: Bool = false
  ) {
    self.id = id
    self.card = card
    self.at = at
    self.origin = origin
    self.grade = grade
    self.kind = kind
    self.seconds = seconds
    self.isFirst = isFirst
  }
}
