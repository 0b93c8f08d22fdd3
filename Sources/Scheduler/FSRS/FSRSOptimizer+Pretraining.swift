import Glibc

extension FSRSOptimizer {
  /// The first stabilities w0…w3 fitted to cards' first intervals, and how many first intervals
  /// each first rating had: fsrs-rs's `initialize_stability_parameters`.
  ///
  /// For each first rating seen, the stability whose forgetting curve (with the default decay)
  /// best predicts the recall at each first interval, by ternary search; the ratings not seen
  /// are filled in from those seen, and the four put in order (`smooth_and_fill`). Nil when no
  /// first interval is given (fsrs-rs's `NotEnoughData`).
  static func pretrain(
    _ set: FSRSTrainingSet, items: [Int], averageRecall: Double
  ) -> (stabilities: [Double], counts: [Int: Int])? {
    // By first rating, then interval in days: the recalls (0 or 1) seen.
    var groups: [Int: [Int32: (recalled: Int, count: Int)]] = [:]
    for index in items {
      let position = set.reviews(of: set.items[index]).upperBound - 1
      let rating = Int(set.ratings[set.cardStarts[Int(set.items[index].card)]])
      groups[rating, default: [:]][set.days[position], default: (0, 0)].recalled +=
        set.ratings[position] > 1 ? 1 : 0
      groups[rating, default: [:]][set.days[position], default: (0, 0)].count += 1
    }
    var stabilities: [Int: Double] = [:]
    var counts: [Int: Int] = [:]
    for (rating, byDays) in groups {
      let points = byDays.sorted { $0.key < $1.key }.map { days, value in
        // Laplace smoothing towards the average recall, as fsrs-rs does.
        let count = Double(value.count)
        let recall = (Double(value.recalled) / count * count + averageRecall) / (count + 1)
        return (days: Double(days), recall: recall, count: count)
      }
      stabilities[rating] = search(points, defaultStability: defaultFirstStability(rating))
      counts[rating] = byDays.values.reduce(0) { $0 + $1.count }
    }
    guard let filled = smoothAndFill(stabilities, counts: counts) else { return nil }
    return (filled, counts)
  }

  /// FSRS-6's default w0…w3 as fsrs-rs holds them, 32-bit floats, for the search's penalty.
  private static func defaultFirstStability(_ rating: Int) -> Double {
    Double(Float(FSRSParameters.defaultWeights[rating - 1]))
  }

  /// fsrs-rs's `search_parameters` for one first rating: the stability, 0.001…100 days, that
  /// minimizes the log loss of the first intervals plus `|s - default| / 16`.
  static func search(
    _ points: [(days: Double, recall: Double, count: Double)], defaultStability: Double
  ) -> Double {
    // fsrs-rs evaluates the curve with the default decay, a 32-bit float.
    let decay = -Double(Float(FSRSParameters.defaultWeights[20]))
    let factor = pow(0.9, 1 / decay) - 1
    func loss(_ stability: Double) -> Double {
      var sum = 0.0
      for point in points {
        let predicted = pow(point.days / stability * factor + 1, decay)
        sum +=
          -(point.recall * log(predicted) + (1 - point.recall) * log(1 - predicted))
          * point.count
      }
      return sum + abs(stability - defaultStability) / 16
    }
    var low = Double(Float(0.001))
    var high = 100.0
    var best = defaultStability
    var iterations = 0
    while high - low > Double.ulpOfOne && iterations < 1000 {
      iterations += 1
      let middle1 = low + (high - low) / 3
      let middle2 = high - (high - low) / 3
      if loss(middle1) < loss(middle2) {
        high = middle2
      } else {
        low = middle1
      }
      best = (high + low) / 2
    }
    // fsrs-rs keeps the result as a 32-bit float.
    return Double(Float(best))
  }
}
