import Glibc

extension FSRSOptimizer {
  /// fsrs-rs's `PARAMS_STDDEV`: how far each weight ranges across users, which scales the pull
  /// towards the starting weights.
  static let weightSpread: [Double] = [
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
    1.03, 0.31, 0.32, 0.14, 0.27,
  ].map { Double(Float($0)) }

  /// A card in training: its reviews up to its last trained item, and how many items it has.
  struct Card {
    let reviews: Range<Int>
    let items: Int
  }

  /// fsrs-rs's `train` with the card of each item given (`build_windowed_batches`): the weights
  /// after `epochs` passes over `items` (indices into `set.items`, in time order), from `start`,
  /// and how many items were trained on.
  func train<Generator: RandomNumberGenerator>(
    _ set: FSRSTrainingSet, items: [Int], from start: [Double], using generator: inout Generator
  ) -> (weights: [Double], items: Int) {
    let (batches, lossWeights, total) = batches(set, items: items)
    let longest = batches.joined().map(\.reviews.count).max() ?? 1
    var schedule = CosineSchedule(
      steps: Double((total / batchSize + 1) * epochs), learningRate: learningRate)
    var adam = Adam()
    var weights = start
    var gradient = [Double](repeating: 0, count: 21)
    var steps = [FSRSMemoryModel.Step](repeating: .init(), count: longest)
    var lossGradients = [Double](repeating: 0, count: longest)
    for _ in 0..<epochs {
      // fsrs-rs starts each epoch from the batches in order, then shuffles.
      var order = Array(batches.indices)
      Self.shuffle(&order, using: &generator)
      for batch in order {
        let rate = schedule.next()
        for index in gradient.indices { gradient[index] = 0 }
        let model = FSRSMemoryModel(weights: weights)
        for card in batches[batch] {
          model.loss(
            of: card, set: set, lossWeights: lossWeights, steps: &steps,
            lossGradients: &lossGradients, gradient: &gradient)
        }
        let predicted = batches[batch].reduce(0) { $0 + $1.items }
        addPull(to: &gradient, weights: weights, start: start, share: predicted, of: total)
        if !isShortTermEnabled {
          for index in [0, 1, 2, 3, 17, 18, 19] { gradient[index] = 0 }
        }
        adam.step(&weights, gradient: gradient, learningRate: rate)
        clamp(&weights)
      }
    }
    return (weights, total)
  }

  /// The cards of `items` grouped into batches of at most ``batchSize`` predicted reviews (a
  /// card larger than that alone), the weight of each review's prediction in the loss, and how
  /// many items are trained on.
  ///
  /// As fsrs-rs: each item weighs by its recency among `items`; items of more than
  /// ``maximumReviews`` reviews are dropped; cards are ordered by their number, then (stably) by
  /// the length of their longest item, and batches filled in that order.
  private func batches(_ set: FSRSTrainingSet, items: [Int]) -> (
    batches: [[Card]], lossWeights: [Double], total: Int
  ) {
    var lossWeights = [Double](repeating: 0, count: set.reviewCount)
    var cards: [Int: (length: Int, items: Int)] = [:]
    var total = 0
    for (rank, index) in items.enumerated() {
      let item = set.items[index]
      guard item.length <= maximumReviews else { continue }
      let reviews = set.reviews(of: item)
      lossWeights[reviews.upperBound - 1] = FSRSTrainingSet.recencyWeight(
        index: rank, count: items.count)
      let card = cards[Int(item.card), default: (0, 0)]
      cards[Int(item.card)] = (max(card.length, reviews.count), card.items + 1)
      total += 1
    }
    let ordered = cards.sorted { $0.key < $1.key }.map { card, value in
      Card(reviews: set.cardStarts[card]..<set.cardStarts[card] + value.length, items: value.items)
    }
    // Swift's sort is stable, as Rust's `sort_by_cached_key`.
    let byLength = ordered.sorted { $0.reviews.count < $1.reviews.count }
    var batches: [[Card]] = []
    var current: [Card] = []
    var predicted = 0
    for card in byLength {
      if !current.isEmpty && predicted + card.items > batchSize {
        batches.append(current)
        current = []
        predicted = 0
      }
      predicted += card.items
      current.append(card)
    }
    if !current.isEmpty { batches.append(current) }
    return (batches, lossWeights, total)
  }

  /// fsrs-rs's `add_l2_gradient`: the gradient of `gamma · share/total · Σ ((w - start)/spread)²`.
  private func addPull(
    to gradient: inout [Double], weights: [Double], start: [Double], share: Int, of total: Int
  ) {
    let scale = regularization * Double(share) / Double(total)
    for index in 0..<21 {
      let spread = Self.weightSpread[index]
      gradient[index] += 2 * (weights[index] - start[index]) / (spread * spread) * scale
    }
  }

  /// fsrs-rs's `clip_parameters_in_place`: FSRS-6's bounds, with w17 and w18 lower when more than
  /// one relearning step could raise a lapsed card's stability, and w19 at least 0.01 when
  /// same-day reviews are modelled.
  func clamp(_ weights: inout [Double]) {
    var shortTermCeiling = 2.0
    if relearningSteps > 1 {
      // So that w11 · (2^w13 - 1) · e^(0.3·w14) · e^(steps · w17 · w18) ≤ 1: a lapse of a card of
      // stability 1 at difficulty 1 and recall 0.7, then the steps, gives no more than 1.
      let room = -(log(weights[11]) + log(pow(2, weights[13]) - 1) + weights[14] * 0.3)
      shortTermCeiling = min(max(room / Double(relearningSteps), 0.01).squareRoot(), 2)
    }
    for index in 0..<21 {
      var bounds = FSRSParameters.weightBounds[index]
      if index == 17 || index == 18 {
        bounds = 0...shortTermCeiling
      } else if index == 19 && isShortTermEnabled {
        bounds = 0.01...bounds.upperBound
      }
      weights[index] = min(max(weights[index], bounds.lowerBound), bounds.upperBound)
    }
  }

  /// Fisher–Yates, each draw the high half of a 64-bit product, so that the order depends on
  /// the generator alone and not on the standard library's sampling.
  static func shuffle<Generator: RandomNumberGenerator>(
    _ values: inout [Int], using generator: inout Generator
  ) {
    guard values.count > 1 else { return }
    for index in stride(from: values.count - 1, to: 0, by: -1) {
      let other = Int(UInt64(index + 1).multipliedFullWidth(by: generator.next()).high)
      values.swapAt(index, other)
    }
  }
}

extension FSRSMemoryModel {
  /// ``loss(of:steps:lossGradients:gradient:)`` of one training card of `set`.
  @discardableResult
  func loss(
    of card: FSRSOptimizer.Card, set: FSRSTrainingSet, lossWeights: [Double],
    steps: inout [Step], lossGradients: inout [Double], gradient: inout [Double]
  ) -> Double {
    set.ratings.withUnsafeBufferPointer { ratings in
      set.days.withUnsafeBufferPointer { days in
        lossWeights.withUnsafeBufferPointer { weights in
          let column = FSRSColumn(
            ratings: UnsafeBufferPointer(rebasing: ratings[card.reviews]),
            days: UnsafeBufferPointer(rebasing: days[card.reviews]),
            weights: UnsafeBufferPointer(rebasing: weights[card.reviews]))
          return loss(
            of: column, steps: &steps, lossGradients: &lossGradients, gradient: &gradient)
        }
      }
    }
  }

  /// ``loss(of:steps:lossGradients:gradient:)`` into arrays.
  private func loss(
    of column: FSRSColumn, steps: inout [Step], lossGradients: inout [Double],
    gradient: inout [Double]
  ) -> Double {
    steps.withUnsafeMutableBufferPointer { steps in
      lossGradients.withUnsafeMutableBufferPointer { lossGradients in
        gradient.withUnsafeMutableBufferPointer { gradient in
          loss(of: column, steps: steps, lossGradients: lossGradients, gradient: gradient)
        }
      }
    }
  }
}

/// PyTorch's `CosineAnnealingLR` to a minimum of 0, in its recursive form, as fsrs-rs's
/// `CosineAnnealingLR` computes it (the rate rises again past `steps`).
struct CosineSchedule {
  let steps: Double
  let initial: Double
  private var count = -1.0
  private var current: Double

  init(steps: Double, learningRate: Double) {
    self.steps = steps
    initial = learningRate
    current = learningRate
  }

  /// The learning rate for the next step.
  mutating func next() -> Double {
    count += 1
    if count == 0 {
      current = initial
    } else if (count - 1 - steps).truncatingRemainder(dividingBy: 2 * steps) == 0 {
      current = initial * (1 - cos(Double.pi / steps)) / 2
    } else {
      current *= (1 + cos(Double.pi * count / steps)) / (1 + cos(Double.pi * (count - 1) / steps))
    }
    return current
  }
}

/// Adam with PyTorch's defaults (β 0.9 and 0.999, ε 1e-8): fsrs-rs's `HostAdam`.
struct Adam {
  private var first = [Double](repeating: 0, count: 21)
  private var second = [Double](repeating: 0, count: 21)
  private var step = 0

  mutating func step(_ weights: inout [Double], gradient: [Double], learningRate: Double) {
    step += 1
    let correction1 = 1 - pow(0.9, Double(step))
    let correction2 = 1 - pow(0.999, Double(step))
    for index in 0..<21 {
      first[index] = 0.9 * first[index] + (1 - 0.9) * gradient[index]
      second[index] = 0.999 * second[index] + (1 - 0.999) * gradient[index] * gradient[index]
      let firstEstimate = first[index] / correction1
      let secondEstimate = second[index] / correction2
      weights[index] -= learningRate * firstEstimate / (secondEstimate.squareRoot() + 1e-8)
    }
  }
}
