import Foundation
import Scheduler
import Testing

@Suite("FSRS optimizer")
struct FSRSOptimizerTests {
  @Test("fits the reference history within 1% of fsrs-rs's log loss, and better than the defaults")
  func reference() throws {
    let reference = try FSRSFitReference.small.get()
    let set = try FSRSTrainingSet(cards: reference.cards)
    let fit = FSRSOptimizer.standard.fit(set)
    guard case .trained(let items) = fit.outcome else {
      Issue.record("not trained: \(fit.outcome)")
      return
    }
    // A few cards are left out as outliers.
    #expect(items > set.itemCount * 9 / 10 && items < set.itemCount)
    let evaluation = try #require(set.evaluate(FSRSParameters(weights: fit.weights)))
    let fitted = try #require(reference.weights["fitted"])
    let defaults = try #require(reference.weights["default"])
    #expect(evaluation.logLoss <= fitted.logLoss * 1.01)
    #expect(evaluation.logLoss < defaults.logLoss)
    #expect(evaluation.rmse < defaults.rmse)
  }

  @Test("gives the same weights for the same seed")
  func deterministic() throws {
    let reference = try FSRSFitReference.small.get()
    let set = try FSRSTrainingSet(cards: Array(reference.cards.prefix(300)))
    #expect(FSRSOptimizer.standard.fit(set, seed: 7) == FSRSOptimizer.standard.fit(set, seed: 7))
  }
}
