import FoundationEssentials

extension ReviewSimulation {
  /// `state` with its due day, if FSRS has it in review, where `scheduler`'s desired retention
  /// puts it: its last review's day plus the interval its stability gives, without fuzz.
  ///
  /// The last review's day is the due day less the interval, as ``FSRSReviewScheduler`` sets
  /// both from one review; a day before today leaves the card overdue, reviewed today.
  static func rescheduled(_ state: CardState, by scheduler: FSRSScheduler) -> CardState {
    guard let memory = state.fsrs, memory.state == .review, let stability = memory.stability,
      let lastReview = memory.lastReview
    else { return state }
    let days = scheduler.nextInterval(stability: stability)
    guard
      let card = try? FSRSCard(
        state: .review, step: nil, stability: stability, difficulty: memory.difficulty,
        due: lastReview + Double(days) * 86_400, lastReview: lastReview)
    else { return state }
    var rescheduled = state
    rescheduled.due = state.due - state.interval + days
    rescheduled.interval = days
    rescheduled.fsrs = card
    return rescheduled
  }
}
