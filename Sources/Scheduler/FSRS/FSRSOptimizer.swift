/// FSRS's optimizer: the 21 weights that best predict a history's recalls, computed as fsrs-rs
/// (the optimizer Anki runs) computes them.
///
/// As fsrs-rs's `compute_parameters`: outliers are removed, the first stabilities w0…w3 are
/// fitted to the cards' first intervals, then all 21 weights are trained from those and the
/// defaults by gradient descent on the recency-weighted log loss, with Adam, a cosine learning
/// rate, a pull towards the starting weights, and the weights clamped to FSRS-6's bounds after
/// every step. The only randomness is
/// the order of the batches in each epoch, drawn from the caller's generator.
public struct FSRSOptimizer: Hashable, Sendable {
  /// Passes over the training items.
  public let epochs: Int
  /// Predicted reviews per gradient step, at most (a card's reviews stay in one batch).
  public let batchSize: Int
  /// Adam's learning rate at the start of the cosine schedule.
  public let learningRate: Double
  /// Items with more reviews than this are not trained on.
  public let maximumReviews: Int
  /// How strongly the weights are pulled towards where they started (fsrs-rs's `gamma`).
  public let regularization: Double
  /// The relearning steps the user's scheduler has: with more than one, w17 and w18 are bounded
  /// so that relearning cannot raise a lapsed card's stability above what it was.
  public let relearningSteps: Int
  /// Whether same-day reviews are modelled (w17…w19 trained); Anki turns it off when fitting
  /// with it makes relearning raise stability.
  public let isShortTermEnabled: Bool

  /// An optimizer with fsrs-rs's defaults, or the given settings.
  ///
  /// - Throws: The first setting out of its bounds, as ``FSRSOptimizerError``.
  public init(
    epochs: Int = 5, batchSize: Int = 512, learningRate: Double = 0.04,
    maximumReviews: Int = 256, regularization: Double = 1, relearningSteps: Int = 1,
    shortTerm: Bool = true
  ) throws(FSRSOptimizerError) {
    guard (1...1000).contains(epochs) else { throw .epochs(epochs) }
    guard batchSize >= 1 else { throw .batchSize(batchSize) }
    // The comparisons are false for a NaN, which is refused with the rest.
    guard learningRate > 0, learningRate <= 1 else { throw .learningRate(learningRate) }
    guard maximumReviews >= 2 else { throw .maximumReviews(maximumReviews) }
    guard regularization >= 0, regularization <= 1000 else {
      throw .regularization(regularization)
    }
    guard (0...100).contains(relearningSteps) else { throw .relearningSteps(relearningSteps) }
    self.epochs = epochs
    self.batchSize = batchSize
    self.learningRate = learningRate
    self.maximumReviews = maximumReviews
    self.regularization = regularization
    self.relearningSteps = relearningSteps
    isShortTermEnabled = shortTerm
  }

  /// fsrs-rs's defaults: 5 epochs of batches of 512, learning rate 0.04, 256 reviews at most.
  public static let standard = try! FSRSOptimizer()

  /// The weights fitted to `set`, the order of batches drawn from `generator`.
  ///
  /// Never fails: a history too small to train on gives the defaults, or the defaults with
  /// fitted first stabilities, and says why.
  public func fit<Generator: RandomNumberGenerator>(
    _ set: FSRSTrainingSet, using generator: inout Generator
  ) -> FSRSFit {
    let prepared = Self.prepare(set)
    let averageRecall = Self.averageRecall(set, items: prepared.training)
    guard prepared.training.count >= 8 else {
      return FSRSFit(defaultsBecause: .tooFewItems(prepared.training.count))
    }
    guard
      let (stabilities, counts) = Self.pretrain(
        set, items: prepared.firstIntervals, averageRecall: averageRecall)
    else { return FSRSFit(defaultsBecause: .noFirstIntervals) }
    let pretrained = stabilities + FSRSParameters.defaultWeights[4...]
    guard prepared.training.count > prepared.firstIntervals.count, prepared.training.count >= 64
    else {
      return FSRSFit(
        weights: pretrained, outcome: .firstStabilitiesOnly(items: prepared.training.count))
    }
    var start = pretrained
    if !isShortTermEnabled {
      start.replaceSubrange(17...19, with: [0, 0, 0])
    }
    let (trained, count) = train(set, items: prepared.training, from: start, using: &generator)
    guard trained.allSatisfy(\.isFinite) else { return FSRSFit(defaultsBecause: .notFinite) }
    // fsrs-rs smooths the trained first stabilities as it did the pretrained ones, of the first
    // ratings seen: the others are filled in again.
    let fitted = Dictionary(uniqueKeysWithValues: (1...4).map { ($0, trained[$0 - 1]) })
    let first = Self.smoothAndFill(fitted, counts: counts) ?? stabilities
    return FSRSFit(weights: first + trained[4...], outcome: .trained(items: count))
  }

  /// fsrs-rs's `calculate_average_recall`: the share of `items` recalled, as a 32-bit float.
  static func averageRecall(_ set: FSRSTrainingSet, items: [Int]) -> Double {
    guard !items.isEmpty else { return 0 }
    let recalled = items.count(where: {
      set.ratings[set.reviews(of: set.items[$0]).upperBound - 1] > 1
    })
    return Double(Float(recalled) / Float(items.count))
  }

  /// The weights fitted to `set`, the order of batches drawn from a ``SeededGenerator`` seeded
  /// with `seed` (fsrs-rs's default seed if none).
  public func fit(_ set: FSRSTrainingSet, seed: UInt64 = 2023) -> FSRSFit {
    var generator = SeededGenerator(seed: seed)
    return fit(set, using: &generator)
  }
}

/// What ``FSRSOptimizer`` fitted: weights FSRS can schedule with, and how they were found.
public struct FSRSFit: Hashable, Sendable {
  /// How the weights were found.
  public enum Outcome: Hashable, Sendable {
    /// All 21 were trained on `items` predicted reviews: those left after the outliers, of at
    /// most ``FSRSOptimizer/maximumReviews`` reviews.
    case trained(items: Int)
    /// Only the first stabilities w0…w3 were fitted, the rest are the defaults: `items` are
    /// fewer than 64, or all predict a card's first interval (fsrs-rs does the same).
    case firstStabilitiesOnly(items: Int)
    /// The defaults, for `reason`.
    case defaults(Reason)
  }

  /// Why a fit gave the defaults.
  public enum Reason: Hashable, Sendable {
    /// Fewer than 8 predicted reviews after the outliers were removed.
    case tooFewItems(Int)
    /// No card's first interval is left to fit the first stabilities to.
    case noFirstIntervals
    /// The training gave a weight that is not a number (never seen; fsrs-rs checks it too).
    case notFinite
  }

  /// The 21 weights, within ``FSRSParameters/weightBounds``.
  public let weights: [Double]
  /// How they were found.
  public let outcome: Outcome

  init(weights: [Double], outcome: Outcome) {
    self.weights = weights
    self.outcome = outcome
  }

  init(defaultsBecause reason: Reason) {
    self.init(weights: FSRSParameters.defaultWeights, outcome: .defaults(reason))
  }
}

/// Why settings cannot be an ``FSRSOptimizer``'s; each names the value given.
public enum FSRSOptimizerError: Error, Equatable, Sendable {
  /// Epochs are 1…1000.
  case epochs(Int)
  /// A batch holds at least one review.
  case batchSize(Int)
  /// The learning rate is more than 0 and at most 1.
  case learningRate(Double)
  /// An item has at least 2 reviews.
  case maximumReviews(Int)
  /// The regularization is 0…1000.
  case regularization(Double)
  /// Relearning steps are 0…100.
  case relearningSteps(Int)
}
