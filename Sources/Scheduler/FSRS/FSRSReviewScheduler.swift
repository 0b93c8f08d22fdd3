import Basics
import FoundationEssentials

/// FSRS-6 behind the scheduler seam: the card's FSRS memory goes in ``CardState/fsrs``, and its
/// SM-2 fields follow FSRS's schedule, so that the queue, the stages and the statistics read an
/// FSRS card as they read any other.
///
/// The SM-2 fields it keeps: `due` is the day of FSRS's due moment, counted in whole days from
/// the review (a learning step of minutes leaves the card due today); `interval` is that many
/// days; `repetitions` counts recalls in a row; `lapses` counts cards forgotten in review; the
/// ease factor is left as it was, since FSRS has none.
public struct FSRSReviewScheduler: ReviewScheduler {
  /// The algorithm and its parameters.
  public let scheduler: FSRSScheduler

  /// FSRS-6 with `parameters`, py-fsrs's defaults unless given.
  public init(parameters: FSRSParameters = .standard) {
    scheduler = FSRSScheduler(parameters: parameters)
  }

  /// Always ``SchedulerKind/fsrs``.
  public var kind: SchedulerKind { .fsrs }

  /// The state after `state` was graded `grade` at `date`, which counts for `today`.
  public func review(_ state: CardState, grade: Grade, on today: Day, at date: Date) -> CardState {
    let card = state.fsrs ?? FSRSCard(due: date)
    let rating = FSRSRating(grade)
    let next = scheduler.review(card, rating: rating, at: date) { Self.draw(card, at: date) }.card
    var after = state
    after.fsrs = next
    after.lastReview = next.lastReview
    after.reviews = min(state.reviews + 1, CardState.maximumCount)
    after.needsExtraReview = false
    if rating == .again {
      after.repetitions = 0
      if card.state == .review { after.lapses = min(state.lapses + 1, CardState.maximumCount) }
    } else {
      after.repetitions = min(state.repetitions + 1, CardState.maximumCount)
    }
    let seconds = next.due.timeIntervalSince(date)
    let days = max(0, min(SM2.maximumInterval, Int((seconds / 86_400).rounded(.down))))
    after.interval = days
    after.due = today + days
    return after
  }

  /// The fuzz's draw for a review of `card` at `date`, in [0, 1): made from the two, not from a
  /// generator, so that replaying the journal (after a merge, an undo, a switch of scheduler)
  /// gives each review the interval it was given.
  static func draw(_ card: FSRSCard, at date: Date) -> Double {
    var hash = FNV1a64()
    hash.add(word: UInt64(bitPattern: Timestamp.milliseconds(date)))
    hash.add(word: (card.stability ?? 0).bitPattern)
    hash.add(word: (card.difficulty ?? 0).bitPattern)
    hash.add(word: UInt64(bitPattern: Timestamp.milliseconds(card.due)))
    return Double(hash.value >> 11) * 0x1p-53
  }
}
