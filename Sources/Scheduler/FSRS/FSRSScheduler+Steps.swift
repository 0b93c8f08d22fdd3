// Where a review moves a card, and how long until it is due: the second half of each case of
// py-fsrs 6.3.2's `Scheduler.review_card`.
extension FSRSScheduler {
  /// How long until a reviewed card is due.
  enum Interval: Equatable {
    /// Whole days, for a card in review; fuzz may move them.
    case days(Int)
    /// A learning or relearning step.
    case milliseconds(Int64)

    var milliseconds: Int64 {
      switch self {
      case .days(let days): Int64(days) * FSRSScheduler.day
      case .milliseconds(let milliseconds): milliseconds
      }
    }
  }

  /// A card's place after a review: its state, step and wait.
  struct Placement: Equatable {
    var state: FSRSCard.State
    var step: Int?
    var interval: Interval
  }

  /// Where `card` goes after `rating`, given its new stability.
  func nextStep(_ card: FSRSCard, rating: FSRSRating, stability: Double) -> Placement {
    switch card.state {
    case .learning:
      return stepped(.learning, steps: learningSteps, at: card.step!, rating, stability)
    case .relearning:
      return stepped(.relearning, steps: relearningSteps, at: card.step!, rating, stability)
    case .review:
      // Forgotten, a card relearns, unless there are no relearning steps: then it stays in
      // review with the interval of its new (lower) stability.
      if rating == .again, let first = relearningSteps.first {
        return Placement(state: .relearning, step: 0, interval: .milliseconds(first))
      }
      return graduated(stability)
    }
  }

  /// Learning and relearning alike, each with its own steps.
  private func stepped(
    _ state: FSRSCard.State, steps: [Int64], at step: Int, _ rating: FSRSRating,
    _ stability: Double
  ) -> Placement {
    // A card at or past the last step (learnt with more steps than these) graduates when
    // recalled. Checked first, so that `step + 1` below cannot overflow.
    if steps.isEmpty || (step >= steps.count && rating != .again) {
      return graduated(stability)
    }
    switch rating {
    case .again:
      return Placement(state: state, step: 0, interval: .milliseconds(steps[0]))
    case .hard:
      // The step stays. py-fsrs multiplies a timedelta by 1.5 or halves a sum, rounding to
      // microseconds; steps in whole seconds make both exact in milliseconds.
      let wait =
        step != 0 ? steps[step] : steps.count == 1 ? steps[0] * 3 / 2 : (steps[0] + steps[1]) / 2
      return Placement(state: state, step: step, interval: .milliseconds(wait))
    case .good:
      if step + 1 == steps.count {
        return graduated(stability)
      }
      return Placement(state: state, step: step + 1, interval: .milliseconds(steps[step + 1]))
    case .easy:
      return graduated(stability)
    }
  }

  private func graduated(_ stability: Double) -> Placement {
    Placement(state: .review, step: nil, interval: .days(nextInterval(stability: stability)))
  }
}
