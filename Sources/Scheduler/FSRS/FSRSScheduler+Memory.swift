import Glibc

// FSRS-6's formulas for stability and difficulty, ported from py-fsrs 6.3.2's `Scheduler`.
//
// Each keeps py-fsrs's order of operations, and raises e with `pow` where Python writes
// `math.e ** x`: Python computes that with the C library's `pow`, whose last bit may differ from
// `exp`'s. Written so, the results are the same Doubles as py-fsrs's on the same C library.
extension FSRSScheduler {
  /// Python's `math.e`.
  private static let e = 2.718281828459045

  /// Stability and difficulty after a review rated `rating`, `elapsedDays` whole days after the
  /// last (nil for a card never reviewed): the first half of each case of `review_card`.
  func nextMemory(
    _ card: FSRSCard, rating: FSRSRating, elapsedDays: Int64?
  ) -> (stability: Double, difficulty: Double) {
    guard let stability = card.stability, let difficulty = card.difficulty else {
      return (initialStability(rating), clampedDifficulty(initialDifficulty(rating)))
    }
    // py-fsrs treats learning, review and relearning alike here: a review on the day of the
    // last (or before it) gives the short-term stability, a later one the long-term.
    let next: Double
    if let elapsedDays, elapsedDays < 1 {
      next = shortTermStability(stability, rating: rating)
    } else {
      // A card with a stability always has a last review (an invariant of FSRSCard), so py-fsrs's
      // retrievability of 0 for a card without one cannot arise.
      let retrievability = retrievability(elapsedDays: elapsedDays ?? 0, stability: stability)
      next = nextStability(
        difficulty: difficulty, stability: stability, retrievability: retrievability,
        rating: rating)
    }
    return (next, nextDifficulty(difficulty, rating: rating))
  }

  /// `_initial_stability`: w0…w3 by rating.
  func initialStability(_ rating: FSRSRating) -> Double {
    clampedStability(parameters.weights[rating.rawValue - 1])
  }

  /// `_initial_difficulty` before its clamp: a first review clamps it, `_next_difficulty` does
  /// not.
  func initialDifficulty(_ rating: FSRSRating) -> Double {
    let w = parameters.weights
    return w[4] - pow(Self.e, w[5] * Double(rating.rawValue - 1)) + 1
  }

  /// `_short_term_stability`: a review within a day of the last.
  func shortTermStability(_ stability: Double, rating: FSRSRating) -> Double {
    let w = parameters.weights
    var increase =
      pow(Self.e, w[17] * (Double(rating.rawValue - 3) + w[18])) * pow(stability, -w[19])
    if rating != .again {
      increase = max(increase, 1.0)
    }
    return clampedStability(stability * increase)
  }

  /// `_next_difficulty`: a step by rating, damped towards 10, then reverted a little towards
  /// the first difficulty of an Easy card.
  func nextDifficulty(_ difficulty: Double, rating: FSRSRating) -> Double {
    let w = parameters.weights
    let easyDifficulty = initialDifficulty(.easy)
    let delta = -(w[6] * Double(rating.rawValue - 3))
    let damped = difficulty + (10.0 - difficulty) * delta / 9.0
    return clampedDifficulty(w[7] * easyDifficulty + (1 - w[7]) * damped)
  }

  /// `_next_stability`: after a lapse for Again, after a recall otherwise.
  func nextStability(
    difficulty: Double, stability: Double, retrievability: Double, rating: FSRSRating
  ) -> Double {
    let next =
      rating == .again
      ? forgetStability(
        difficulty: difficulty, stability: stability, retrievability: retrievability)
      : recallStability(
        difficulty: difficulty, stability: stability, retrievability: retrievability,
        rating: rating)
    return clampedStability(next)
  }

  /// `_next_forget_stability`: the long-term estimate, never above the short-term one.
  func forgetStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
    let w = parameters.weights
    let longTerm =
      w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1)
      * pow(Self.e, (1 - retrievability) * w[14])
    let shortTerm = stability / pow(Self.e, w[17] * w[18])
    // Python's `min` keeps the first of equals; as Doubles the two are then the same.
    return min(longTerm, shortTerm)
  }

  /// `_next_recall_stability`, with w15 for Hard and w16 for Easy.
  func recallStability(
    difficulty: Double, stability: Double, retrievability: Double, rating: FSRSRating
  ) -> Double {
    let w = parameters.weights
    let hardPenalty = rating == .hard ? w[15] : 1
    let easyBonus = rating == .easy ? w[16] : 1
    return stability
      * (1 + pow(Self.e, w[8]) * (11 - difficulty) * pow(stability, -w[9])
        * (pow(Self.e, (1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus)
  }

  /// `_clamp_stability`.
  func clampedStability(_ stability: Double) -> Double {
    max(stability, FSRSCard.minimumStability)
  }

  /// `_clamp_difficulty`.
  func clampedDifficulty(_ difficulty: Double) -> Double {
    min(max(difficulty, FSRSCard.difficultyRange.lowerBound), FSRSCard.difficultyRange.upperBound)
  }
}
