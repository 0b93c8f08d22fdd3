import Foundation
import Scheduler
import Testing

@Suite("FSRS evaluation")
struct FSRSEvaluationTests {
  @Test(
    "gives fsrs-rs's log loss and RMSE for each set of weights of the reference history",
    arguments: ["default", "true", "pretrained", "fitted", "fitted-plain"])
  func reference(name: String) throws {
    let reference = try FSRSFitReference.small.get()
    let set = try FSRSTrainingSet(cards: reference.cards)
    #expect(set.itemCount == reference.itemCount)
    let expected = try #require(reference.weights[name])
    let evaluation = try #require(set.evaluate(FSRSParameters(weights: expected.weights)))
    #expect(evaluation.itemCount == reference.itemCount)
    // fsrs-rs computes in 32-bit floats, Swift in Doubles.
    #expect(abs(evaluation.logLoss - expected.logLoss) <= 1e-5 * expected.logLoss)
    #expect(abs(evaluation.rmse - expected.rmse) <= 1e-4 * expected.rmse)
  }
}
