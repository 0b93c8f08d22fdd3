import Foundation
import Testing

@testable import Scheduler

@Suite("FSRS optimizer's gradient")
struct FSRSGradientTests {
  /// A few hundred cards of the reference history, every review after the first predicted.
  static func cards() throws -> (FSRSTrainingSet, [FSRSOptimizer.Card], [Double]) {
    let reference = try FSRSFitReference.small.get()
    let set = try FSRSTrainingSet(cards: Array(reference.cards.prefix(200)))
    var lossWeights = [Double](repeating: 0, count: set.reviewCount)
    for (rank, item) in set.items.enumerated() {
      lossWeights[set.reviews(of: item).upperBound - 1] = 0.5 + Double(rank % 7) / 7
    }
    let cards = (0..<set.cardCount).map { card in
      FSRSOptimizer.Card(reviews: set.cardStarts[card]..<set.cardStarts[card + 1], items: 1)
    }.filter { $0.reviews.count > 1 }
    return (set, cards, lossWeights)
  }

  static func loss(_ weights: [Double], gradient: inout [Double]) throws -> Double {
    let (set, cards, lossWeights) = try cards()
    let model = FSRSMemoryModel(weights: weights)
    let longest = cards.map(\.reviews.count).max() ?? 1
    var steps = [FSRSMemoryModel.Step](repeating: .init(), count: longest)
    var lossGradients = [Double](repeating: 0, count: longest)
    return cards.reduce(0) {
      $0
        + model.loss(
          of: $1, set: set, lossWeights: lossWeights, steps: &steps, lossGradients: &lossGradients,
          gradient: &gradient)
    }
  }

  @Test(
    "matches central differences of the loss, weight by weight",
    arguments: [
      FSRSParameters.defaultWeights,
      [
        0.4, 1.1, 3.2, 12, 5.9, 1.2, 2.1, 0.05, 1.4, 0.3, 1.2, 1.9, 0.1, 0.4, 2.1, 0.4, 2.5, 0.9,
        0.3, 0.2, 0.3,
      ],
    ])
  func centralDifferences(weights: [Double]) throws {
    var gradient = [Double](repeating: 0, count: 21)
    _ = try Self.loss(weights, gradient: &gradient)
    var unused = [Double](repeating: 0, count: 21)
    for index in 0..<21 {
      let step = max(abs(weights[index]), 0.01) * 1e-6
      var above = weights
      var below = weights
      above[index] += step
      below[index] -= step
      let numeric =
        (try Self.loss(above, gradient: &unused) - Self.loss(below, gradient: &unused)) / (2 * step)
      let scale = max(abs(numeric), abs(gradient[index]), 1e-3)
      #expect(abs(numeric - gradient[index]) / scale < 1e-4, "w\(index)")
    }
  }
}
