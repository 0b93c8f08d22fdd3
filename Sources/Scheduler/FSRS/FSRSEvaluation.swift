import Glibc

/// How well a set of weights predicts a history's recalls: fsrs-rs's `FSRS::evaluate`, which
/// Anki shows as log loss and RMSE (bins).
public struct FSRSEvaluation: Hashable, Sendable {
  /// The mean cross-entropy of the predicted probability of recall against what happened,
  /// each item weighted by its recency; lower is better.
  public let logLoss: Double
  /// The root mean square difference between predicted and actual recall within bins of similar
  /// reviews, each bin weighted by its items' recency: FSRS's benchmark's RMSE (bins).
  public let rmse: Double
  /// The items evaluated.
  public let itemCount: Int
}

extension FSRSTrainingSet {
  /// The evaluation of `parameters`' weights on every item, nil when there are none.
  public func evaluate(_ parameters: FSRSParameters) -> FSRSEvaluation? {
    evaluate(weights: parameters.weights)
  }

  /// The evaluation of `weights`, 21 values within ``FSRSParameters/weightBounds``.
  func evaluate(weights: [Double]) -> FSRSEvaluation? {
    guard !items.isEmpty else { return nil }
    return evaluate(predicted: predictions(FSRSMemoryModel(weights: weights)))
  }

  /// The evaluation of a predictor that gave `predicted` recall at each review, in the order of
  /// ``ratings`` (only the items' are read): the same items, weights and bins whatever the
  /// predictor, so that FSRS's figures and another's compare. Nil without items.
  func evaluate(predicted: [Double]) -> FSRSEvaluation? {
    guard !items.isEmpty else { return nil }
    let counts = reviewCounts()
    var lossSum = 0.0
    var weightSum = 0.0
    var bins: [Bin: (predicted: Double, actual: Double, count: Double, weight: Double)] = [:]
    for (index, item) in items.enumerated() {
      let position = reviews(of: item).upperBound - 1
      let weight = Self.recencyWeight(index: index, count: items.count)
      let recalled = ratings[position] > 1
      let probability = Self.clampedProbability(predicted[position])
      lossSum -= weight * log(recalled ? probability : 1 - probability)
      weightSum += weight
      let bin = Bin(
        days: days[position], reviews: counts.longTerm[position], lapses: counts.lapses[position])
      bins[bin, default: (0, 0, 0, 0)].predicted += predicted[position]
      bins[bin, default: (0, 0, 0, 0)].actual += recalled ? 1 : 0
      bins[bin, default: (0, 0, 0, 0)].count += 1
      bins[bin, default: (0, 0, 0, 0)].weight += weight
    }
    // fsrs-rs's `rmse_bins`: each bin's mean prediction against its mean recall, unweighted
    // within the bin, the squares weighted by the bin's recency weight. Summed in the bins'
    // order, not the dictionary's, which differs from one dictionary to the next: the same
    // weights give the same Double every time.
    var squares = 0.0
    var binWeights = 0.0
    for (_, value) in bins.sorted(by: { $0.key < $1.key }) {
      let difference = value.predicted / value.count - value.actual / value.count
      squares += difference * difference * value.weight
      binWeights += value.weight
    }
    return FSRSEvaluation(
      logLoss: lossSum / weightSum, rmse: (squares / binWeights).squareRoot(),
      itemCount: items.count)
  }

  /// The probability of recall that `model` predicts at each review after a card's first (1 at
  /// the first), in the order of ``ratings``.
  func predictions(_ model: FSRSMemoryModel) -> [Double] {
    var predicted = [Double](repeating: 1, count: ratings.count)
    for card in 0..<cardCount {
      var step = model.first(rating: Int(ratings[cardStarts[card]]))
      for position in cardStarts[card] + 1..<cardStarts[card + 1] {
        step = model.next(
          stability: step.nextStability, difficulty: step.nextDifficulty,
          days: Double(days[position]), rating: Int(ratings[position]))
        predicted[position] = step.retrievability
      }
    }
    return predicted
  }

  /// At each review, the card's reviews so far at least a day after the one before (this one
  /// included), and its lapses before this one at least a day after the one before: what
  /// fsrs-rs's `r_matrix_index` bins by.
  private func reviewCounts() -> (longTerm: [Int], lapses: [Int]) {
    var longTerm = [Int](repeating: 0, count: ratings.count)
    var lapses = [Int](repeating: 0, count: ratings.count)
    for card in 0..<cardCount {
      var longTermSoFar = 0
      var lapsesSoFar = 0
      for position in cardStarts[card]..<cardStarts[card + 1] {
        lapses[position] = lapsesSoFar
        if days[position] > 0 {
          longTermSoFar += 1
          if ratings[position] == 1 { lapsesSoFar += 1 }
        }
        longTerm[position] = longTermSoFar
      }
    }
    return (longTerm, lapses)
  }

  /// fsrs-rs's `recency_weighted_fsrs_items`: from 0.25 for the earliest item to 1 for the latest,
  /// rising as a cube, so that recent reviews count more.
  static func recencyWeight(index: Int, count: Int) -> Double {
    let fraction = Double(index) / Double(max(count - 1, 1))
    return 0.25 + 0.75 * (fraction * fraction * fraction)
  }

  /// A probability kept from 0 and 1, as fsrs-rs's training loss keeps it (`MIN_PROB`,
  /// `MAX_PROB`), so that a certain prediction that failed costs much but not infinitely.
  static func clampedProbability(_ probability: Double) -> Double {
    min(max(probability, 1e-7), 1 - 1e-7)
  }
}

/// A bin of similar reviews for the RMSE: fsrs-rs's `r_matrix_index` of an item, from the days
/// since the last review, the reviews so far and the lapses, each on a logarithmic scale.
private struct Bin: Hashable, Comparable {
  // Not fsrs-rs's u32: the bin of an interval of millennia is beyond it, and Rust saturates.
  let days: Int
  let reviews: Int
  let lapses: Int

  init(days: Int32, reviews: Int, lapses: Int) {
    self.days = Self.bin(Double(days), base: 3.62, scale: 2.48, times: 100)
    // fsrs-rs bins the reviews so far plus one.
    self.reviews = Self.bin(Double(reviews + 1), base: 1.89, scale: 1.99)
    self.lapses = lapses == 0 ? 0 : Self.bin(Double(lapses), base: 1.73, scale: 1.65)
  }

  /// By days, then reviews, then lapses.
  static func < (lhs: Bin, rhs: Bin) -> Bool {
    (lhs.days, lhs.reviews, lhs.lapses) < (rhs.days, rhs.reviews, rhs.lapses)
  }

  /// `scale · base^⌊log_base(x)⌋ · times` rounded half away from zero, in fsrs-rs's order of
  /// operations (Rust's `log(base)` is `ln(x) / ln(base)`), so that bins are the same Doubles.
  private static func bin(_ x: Double, base: Double, scale: Double, times: Double = 1) -> Int {
    let exponent = (log(x) / log(base)).rounded(.down)
    return Int((scale * pow(base, exponent) * times).rounded())
  }
}
