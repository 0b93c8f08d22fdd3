import Foundation
import Scheduler

/// A scheduler unlike SM-2, for tests of the seam: every grade makes the card due a week after
/// the day of the review, and counts the review; nothing else changes. It stands for "another
/// scheduler" under FSRS's name, without FSRS's memory in the states it makes.
public struct WeeklyScheduler: ReviewScheduler {
  /// The scheduler, which has no settings.
  public init() {}

  /// Always ``SchedulerKind/fsrs``, the name it stands under.
  public var kind: SchedulerKind { .fsrs }

  /// The state after `state` was graded at `date`, whatever the grade: due a week after `today`.
  public func review(_ state: CardState, grade: Grade, on today: Day, at date: Date) -> CardState {
    var next = state
    next.due = today + 7
    next.interval = 7
    next.reviews += 1
    next.lastReview = date
    return next
  }
}
