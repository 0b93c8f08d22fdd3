import Glibc

/// FSRS-6's memory model as fsrs-rs trains and evaluates it: one review's step from the memory
/// before it to the memory after, keeping what the gradient needs.
///
/// The formulas are py-fsrs's (``FSRSScheduler``'s) in fsrs-rs's form, since its optimizer is
/// the reference here (`step` in model.rs, `step_forward` in analytic.rs): days are whole, so a
/// review on the day of the last takes the short-term formula, and stability is also held to at
/// most 36,500 days (`S_MAX`). Powers are taken as `exp(y * log(x))`, so that each logarithm is
/// computed once and kept for the gradient.
struct FSRSMemoryModel {
  /// Which formula a step took: the gradient follows the same one.
  enum Branch: UInt8 {
    /// The first review: w0…w3 and the first difficulty.
    case first
    /// A review on the day of the last, with its multiplier of stability.
    case shortTerm
    /// A review on the day of the last, recalled, whose multiplier was raised to 1.
    case shortTermAtLeastOne
    /// A recall at least a day later.
    case recall
    /// A lapse at least a day later.
    case lapse
    /// A lapse at least a day later, held to the short-term bound `s / e^(w17·w18)`.
    case lapseBound
    /// No review: only the forgetting curve, to predict the last review of a card's column.
    case curveOnly
  }

  /// What one step computed.
  struct Step {
    var branch = Branch.first
    var rating = 1
    /// The memory before the review (none for the first).
    var stability = 0.0
    var difficulty = 0.0
    /// Days since the last review, and the forgetting curve there.
    var days = 0.0
    var retrievability = 1.0
    var base = 1.0
    var logBase = 0.0
    /// By branch: recall `e^w8 · s^-w9`; lapse `w11 · d^-w12 · e^((1-r)·w14)`; short term the
    /// multiplier; lapse bound the new stability.
    var factor = 0.0
    /// Recall `e^((1-r)·w10)`; lapse `(s+1)^w13`.
    var exponential = 0.0
    /// Recall and short term `log s`; lapse `log(s+1)`.
    var logStability = 0.0
    /// Lapse `log d`.
    var logDifficulty = 0.0
    /// Whether the new stability and difficulty were within their bounds before the clamp, so
    /// that the gradient flows through them (fsrs-rs's `clamp_grad`: bounds included).
    var stabilityInBounds = true
    var difficultyInBounds = true
    /// The memory after the review.
    var nextStability = 0.0
    var nextDifficulty = 0.0
  }

  static let stabilityRange = 0.001...36_500.0
  static let difficultyRange = 1.0...10.0

  let w: [Double]
  /// The forgetting curve's exponent `-w20`, its factor `0.9^(1/decay) - 1` and that factor's
  /// derivative by the decay.
  let decay: Double
  let factor: Double
  let factorByDecay: Double
  let expW8: Double
  /// `e^(w17·w18)`, the least a lapse divides stability by.
  let lapseDivisor: Double
  /// The first difficulty of an Easy review before its clamp, which difficulty reverts towards,
  /// and `e^(3·w5)`, its derivative's part.
  let easyDifficulty: Double
  let exp3W5: Double
  /// `e^(w17·(rating - 3 + w18))` by rating (index 0 unused): the short-term multiplier's part
  /// that does not depend on stability.
  let shortTermScale: [Double]

  /// The model for `weights`, 21 values within ``FSRSParameters/weightBounds``.
  init(weights: [Double]) {
    w = weights
    decay = -w[20]
    let c = log(0.9)
    factor = exp(c / decay) - 1
    factorByDecay = exp(c / decay) * (-c / (decay * decay))
    expW8 = exp(w[8])
    lapseDivisor = exp(w[17] * w[18])
    easyDifficulty = w[4] - exp(3 * w[5]) + 1
    exp3W5 = exp(3 * w[5])
    shortTermScale = (0...4).map { rating in exp(weights[17] * (Double(rating) - 3 + weights[18])) }
  }

  /// The forgetting curve after `days` for `stability`, with its base and the base's logarithm.
  @inline(__always)
  func curve(days: Double, stability: Double) -> (retrievability: Double, base: Double, log: Double)
  {
    guard days > 0 else { return (1, 1, 0) }
    let base = days / stability * factor + 1
    let logBase = log(base)
    return (exp(decay * logBase), base, logBase)
  }

  /// The first review, rated `rating`.
  @inline(__always)
  func first(rating: Int) -> Step {
    var step = Step()
    step.rating = rating
    let stability = w[rating - 1]
    let difficulty = w[4] - exp(w[5] * Double(rating - 1)) + 1
    step.stabilityInBounds = Self.stabilityRange.contains(stability)
    step.difficultyInBounds = Self.difficultyRange.contains(difficulty)
    step.nextStability = Self.clamp(stability, Self.stabilityRange)
    step.nextDifficulty = Self.clamp(difficulty, Self.difficultyRange)
    return step
  }

  /// The forgetting curve of a card whose memory is `stability` and `difficulty`, `days` after
  /// its last review, with no review made.
  @inline(__always)
  func forecast(stability: Double, difficulty: Double, days: Double) -> Step {
    var step = Step()
    step.branch = .curveOnly
    step.stability = stability
    step.difficulty = difficulty
    step.days = days
    (step.retrievability, step.base, step.logBase) = curve(days: days, stability: stability)
    return step
  }

  /// A later review rated `rating`, `days` after the last, of a card whose memory is
  /// `stability` and `difficulty`.
  @inline(__always)
  func next(stability s: Double, difficulty d: Double, days: Double, rating: Int) -> Step {
    var step = Step()
    step.rating = rating
    step.stability = s
    step.difficulty = d
    step.days = days
    (step.retrievability, step.base, step.logBase) = curve(days: days, stability: s)
    let newStability: Double
    if days == 0 {
      newStability = shortTerm(&step)
    } else if rating == 1 {
      newStability = lapse(&step)
    } else {
      newStability = recall(&step)
    }
    step.stabilityInBounds = Self.stabilityRange.contains(newStability)
    step.nextStability = Self.clamp(newStability, Self.stabilityRange)
    let damped = dampedDifficulty(d, rating: rating)
    let meanDifficulty = w[7] * (easyDifficulty - damped) + damped
    step.difficultyInBounds = Self.difficultyRange.contains(meanDifficulty)
    step.nextDifficulty = Self.clamp(meanDifficulty, Self.difficultyRange)
    return step
  }

  /// fsrs-rs's `next_difficulty`: a step by rating, smaller the nearer difficulty is to 10.
  @inline(__always)
  func dampedDifficulty(_ d: Double, rating: Int) -> Double {
    let delta = -w[6] * Double(rating - 3)
    return d + (10 - d) * delta / 9
  }

  /// `stability_short_term`: the multiplier, at least 1 for a recall.
  @inline(__always)
  private func shortTerm(_ step: inout Step) -> Double {
    step.logStability = log(step.stability)
    let multiplier = shortTermScale[step.rating] * exp(-w[19] * step.logStability)
    if step.rating >= 2 && multiplier < 1 {
      step.branch = .shortTermAtLeastOne
      step.factor = 1
    } else {
      step.branch = .shortTerm
      step.factor = multiplier
    }
    return step.stability * step.factor
  }

  /// `stability_after_failure`: the long-term formula, never above the short-term bound.
  @inline(__always)
  private func lapse(_ step: inout Step) -> Double {
    step.logDifficulty = log(step.difficulty)
    step.logStability = log(step.stability + 1)
    step.exponential = exp(w[13] * step.logStability)
    step.factor =
      w[11] * exp(-w[12] * step.logDifficulty) * exp((1 - step.retrievability) * w[14])
    let longTerm = step.factor * (step.exponential - 1)
    let bound = step.stability / lapseDivisor
    // analytic.rs's `step_forward` takes the bound only when strictly lower.
    guard bound < longTerm else {
      step.branch = .lapse
      return longTerm
    }
    step.branch = .lapseBound
    step.factor = bound
    return bound
  }

  /// `stability_after_success`, with w15 for Hard and w16 for Easy.
  @inline(__always)
  private func recall(_ step: inout Step) -> Double {
    step.branch = .recall
    step.logStability = log(step.stability)
    step.factor = expW8 * exp(-w[9] * step.logStability)
    step.exponential = exp((1 - step.retrievability) * w[10])
    let increase =
      step.factor * (11 - step.difficulty) * (step.exponential - 1) * bonus(rating: step.rating)
    return step.stability * (increase + 1)
  }

  /// w15 for Hard, w16 for Easy, 1 otherwise.
  @inline(__always)
  func bonus(rating: Int) -> Double {
    rating == 2 ? w[15] : rating == 4 ? w[16] : 1
  }

  @inline(__always)
  static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
    min(max(value, range.lowerBound), range.upperBound)
  }
}
