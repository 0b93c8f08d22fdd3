import FoundationEssentials

/// A spaced-repetition algorithm: from a card's state, a grade and the moment it was given, the
/// card's next state, which says when the card is due.
///
/// The one seam between scheduling and the rest of quiz: the review store records what
/// ``review(_:grade:on:at:)`` returns and replays it after a merge or an undo, and nothing
/// outside the scheduler reads how the state was computed. docs/architecture.md says what a
/// second scheduler touches.
public protocol ReviewScheduler: Sendable {
  /// Which algorithm this is: what the files record of it, and what options name it.
  var kind: SchedulerKind { get }

  /// The state after `state` was graded `grade` at `date`, which counts for the day `today`.
  func review(_ state: CardState, grade: Grade, on today: Day, at date: Date) -> CardState

  /// Whether ``importedState(_:replaying:)`` reads another program's review history: only then
  /// does a replay keep that history.
  var readsImportedHistory: Bool { get }

  /// `imported`, a state another program brought in, with what this scheduler makes of that
  /// program's `reviews` of the card, in time order from where its memory starts.
  func importedState(_ imported: CardState, replaying reviews: [FSRSHistoryReview]) -> CardState
}

extension ReviewScheduler {
  /// A scheduler whose state is all in what another program brings in, as SM-2's is.
  public var readsImportedHistory: Bool { false }

  /// `imported` as it is: a scheduler that reads no history makes nothing of `reviews`.
  public func importedState(
    _ imported: CardState, replaying reviews: [FSRSHistoryReview]
  ) -> CardState { imported }
}

/// SM-2 exactly as published (``SM2``), the default scheduler.
public struct SM2Scheduler: ReviewScheduler {
  /// The SM-2 scheduler, which has no settings.
  public init() {}

  /// Always ``SchedulerKind/sm2``.
  public var kind: SchedulerKind { .sm2 }

  /// The state ``SM2/review(_:grade:on:at:)`` gives after `state` was graded `grade` at `date`.
  public func review(_ state: CardState, grade: Grade, on today: Day, at date: Date) -> CardState {
    SM2.review(state, grade: grade, on: today, at: date)
  }
}

/// The schedulers quiz has, by the names options, settings and files use.
public enum SchedulerKind: String, CaseIterable, Sendable {
  /// SM-2 exactly as published, the default.
  case sm2
  /// FSRS-6, as py-fsrs 6.3.2 computes it.
  case fsrs
}
