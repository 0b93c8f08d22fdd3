import Glibc

/// One card's reviews as the training replays them: ratings, days since the previous review and
/// the weight of each review's prediction in the loss (0 for reviews not predicted).
struct FSRSColumn {
  let ratings: UnsafeBufferPointer<UInt8>
  let days: UnsafeBufferPointer<Int32>
  let weights: UnsafeBufferPointer<Double>
}

extension FSRSMemoryModel {
  /// The weighted cross-entropy of one card's predicted reviews, adding its gradient by the 21
  /// weights to `gradient`: fsrs-rs's `card_column_loss_and_grad`.
  ///
  /// The card is replayed once, each review predicted from the memory before it, so that every
  /// item of the card costs one step rather than a replay of its whole history (fsrs-rs trains
  /// so when it is given the card of each item). The gradient is computed backwards through the
  /// same steps, analytically, as fsrs-rs's analytic.rs does; `steps` and `lossGradients` hold at
  /// least `column.ratings.count` values, overwritten.
  func loss(
    of column: FSRSColumn, steps: UnsafeMutableBufferPointer<Step>,
    lossGradients: UnsafeMutableBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>
  ) -> Double {
    let count = column.ratings.count
    var loss = 0.0
    steps[0] = first(rating: Int(column.ratings[0]))
    lossGradients[0] = 0
    for index in 1..<count {
      let before = steps[index - 1]
      let days = Double(column.days[index])
      steps[index] =
        index == count - 1
        ? forecast(stability: before.nextStability, difficulty: before.nextDifficulty, days: days)
        : next(
          stability: before.nextStability, difficulty: before.nextDifficulty, days: days,
          rating: Int(column.ratings[index]))
      let weight = column.weights[index]
      guard weight != 0 else {
        lossGradients[index] = 0
        continue
      }
      let (itemLoss, itemGradient) = Self.crossEntropy(
        steps[index].retrievability, recalled: column.ratings[index] > 1, weight: weight)
      loss += itemLoss
      lossGradients[index] = itemGradient
    }
    var stabilityGradient = 0.0
    var difficultyGradient = 0.0
    for index in stride(from: count - 1, through: 0, by: -1) {
      (stabilityGradient, difficultyGradient) = backward(
        steps[index], stability: stabilityGradient, difficulty: difficultyGradient,
        retrievability: lossGradients[index], into: gradient)
    }
    return loss
  }

  /// The weighted cross-entropy of predicting `retrievability` for a review, and its derivative
  /// by the retrievability: fsrs-rs's `bce_loss_and_grad_r`, the probability kept from 0 and 1
  /// and no gradient where that bound holds it.
  @inline(__always)
  static func crossEntropy(_ retrievability: Double, recalled: Bool, weight: Double) -> (
    loss: Double, gradient: Double
  ) {
    let probability = FSRSTrainingSet.clampedProbability(retrievability)
    let inside = probability == retrievability
    if recalled {
      return (-weight * log(probability), inside ? -weight / probability : 0)
    }
    return (-weight * log(1 - probability), inside ? weight / (1 - probability) : 0)
  }

  /// Takes the gradients by the memory after `step` and by its retrievability back to the
  /// memory before it, adding the gradients by the weights to `g`: fsrs-rs's `step_backward`.
  @inline(__always)
  func backward(
    _ step: Step, stability gAfter: Double, difficulty gDifficultyAfter: Double,
    retrievability gLoss: Double, into g: UnsafeMutableBufferPointer<Double>
  ) -> (stability: Double, difficulty: Double) {
    // The clamps of stability and difficulty stop the gradient outside their bounds.
    let gNew = step.stabilityInBounds ? gAfter : 0
    let gMean = step.difficultyInBounds ? gDifficultyAfter : 0
    if step.branch == .first {
      backwardFirst(step, stability: gNew, difficulty: gMean, into: g)
      return (0, 0)
    }
    var (gS, gD, gR) = backwardStability(step, gNew, into: g)
    gR += gLoss
    if gMean != 0 {
      gD += backwardDifficulty(step, gMean, into: g)
    }
    if gR != 0 && step.days > 0 {
      // The forgetting curve r = base^decay, base = 1 + t/s · factor, decay = -w20.
      let (s, t, r, base) = (step.stability, step.days, step.retrievability, step.base)
      gS += gR * r * decay / base * (-t * factor / (s * s))
      g[20] -= gR * r * (step.logBase + decay / base * t / s * factorByDecay)
    }
    return (gS, gD)
  }

  /// The first review: w0…w3 by rating, and the first difficulty `w4 - e^(w5·(rating-1)) + 1`.
  @inline(__always)
  private func backwardFirst(
    _ step: Step, stability gNew: Double, difficulty gMean: Double,
    into g: UnsafeMutableBufferPointer<Double>
  ) {
    g[step.rating - 1] += gNew
    guard gMean != 0 else { return }
    let offset = Double(step.rating - 1)
    g[4] += gMean
    g[5] -= gMean * offset * exp(offset * w[5])
  }

  /// The new stability's gradients by the stability, difficulty and retrievability before, for
  /// the branch the step took.
  @inline(__always)
  private func backwardStability(
    _ step: Step, _ gNew: Double, into g: UnsafeMutableBufferPointer<Double>
  ) -> (stability: Double, difficulty: Double, retrievability: Double) {
    guard gNew != 0 else { return (0, 0, 0) }
    let (s, d) = (step.stability, step.difficulty)
    switch step.branch {
    case .first, .curveOnly:
      return (0, 0, 0)
    case .shortTermAtLeastOne:
      return (gNew, 0, 0)
    case .shortTerm:
      // s' = s · m, m = e^(w17·(rating - 3 + w18)) · s^-w19.
      let gMultiplier = gNew * s * step.factor
      g[17] += gMultiplier * (Double(step.rating) - 3 + w[18])
      g[18] += gMultiplier * w[17]
      g[19] -= gMultiplier * step.logStability
      return (gNew * step.factor * (1 - w[19]), 0, 0)
    case .lapseBound:
      // s' = s / e^(w17·w18).
      g[17] -= gNew * step.factor * w[18]
      g[18] -= gNew * step.factor * w[17]
      return (gNew / lapseDivisor, 0, 0)
    case .lapse:
      // s' = q · (p - 1), q = w11 · d^-w12 · e^((1-r)·w14), p = (s+1)^w13.
      let (q, p) = (step.factor, step.exponential)
      let gRaw = gNew * q * (p - 1)
      g[11] += gRaw / w[11]
      g[12] -= gRaw * step.logDifficulty
      g[13] += gNew * q * p * step.logStability
      g[14] += gRaw * (1 - step.retrievability)
      return (gNew * q * w[13] * p / (s + 1), -gRaw * w[12] / d, -gRaw * w[14])
    case .recall:
      return backwardRecall(step, gNew, into: g)
    }
  }

  /// s' = s · (1 + i), i = m · (11 - d) · (e - 1) · bonus, m = e^w8 · s^-w9, e = e^((1-r)·w10).
  @inline(__always)
  private func backwardRecall(
    _ step: Step, _ gNew: Double, into g: UnsafeMutableBufferPointer<Double>
  ) -> (stability: Double, difficulty: Double, retrievability: Double) {
    let (s, d, m, e) = (step.stability, step.difficulty, step.factor, step.exponential)
    let bonus = bonus(rating: step.rating)
    let room = 11 - d
    let increase = m * room * (e - 1) * bonus
    let gIncrease = gNew * s
    g[8] += gIncrease * increase
    g[9] -= gIncrease * increase * step.logStability
    let gExponential = gIncrease * m * room * bonus
    g[10] += gExponential * (1 - step.retrievability) * e
    if step.rating == 2 {
      g[15] += gIncrease * m * room * (e - 1)
    } else if step.rating == 4 {
      g[16] += gIncrease * m * room * (e - 1)
    }
    return (
      gNew * (increase + 1) - gIncrease * increase * w[9] / s,
      -gIncrease * m * (e - 1) * bonus,
      -gExponential * w[10] * e
    )
  }

  /// d' = w7 · (easy - damped) + damped, damped = d + (10 - d) · δ / 9, δ = -w6 · (rating - 3),
  /// easy = w4 - e^(3·w5) + 1: the gradient by the difficulty before.
  @inline(__always)
  private func backwardDifficulty(
    _ step: Step, _ gMean: Double, into g: UnsafeMutableBufferPointer<Double>
  ) -> Double {
    let d = step.difficulty
    let change = Double(step.rating - 3)
    let delta = -w[6] * change
    let damped = d + (10 - d) * delta / 9
    g[7] += gMean * (easyDifficulty - damped)
    g[4] += gMean * w[7]
    g[5] -= gMean * w[7] * 3 * exp3W5
    let gDamped = gMean * (1 - w[7])
    g[6] -= gDamped * (10 - d) * change / 9
    return gDamped * (1 - delta / 9)
  }
}
