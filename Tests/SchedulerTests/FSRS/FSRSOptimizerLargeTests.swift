import Foundation
import Scheduler
import Testing

/// The 100k-review comparison with fsrs-rs, on a history that fit.py writes outside the tree:
///
///     /tmp/fit-venv/bin/python Scripts/fsrs-reference/fit.py --large /tmp/fit-100k.txt
///     QUIZ_FSRS_FIT_HISTORY=/tmp/fit-100k.txt \
///       swift test -c release -Xswiftc -enable-testing --filter FSRSOptimizerLarge
///
/// It prints the figures (log loss, RMSE, fit times of Swift and of fsrs-rs-python as fit.py
/// measured it on the same machine) and checks the log loss; it never checks a time.
@Suite("FSRS optimizer on a large history")
struct FSRSOptimizerLargeTests {
  static let path = ProcessInfo.processInfo.environment["QUIZ_FSRS_FIT_HISTORY"]

  @Test(
    "fits within 1% of fsrs-rs's log loss", .enabled(if: path != nil, "QUIZ_FSRS_FIT_HISTORY unset")
  )
  func large() throws {
    let reference = try FSRSFitReference(url: URL(fileURLWithPath: try #require(Self.path)))
    let clock = ContinuousClock()
    var set: FSRSTrainingSet?
    var fit: FSRSFit?
    var building = Duration.seconds(1000)
    var fitting = Duration.seconds(1000)
    for _ in 0..<3 {
      building = min(building, clock.measure { set = try? FSRSTrainingSet(cards: reference.cards) })
      fitting = min(fitting, clock.measure { fit = FSRSOptimizer.standard.fit(set!) })
    }
    let trainingSet = try #require(set)
    let weights = try #require(fit).weights
    let swift = try #require(trainingSet.evaluate(FSRSParameters(weights: weights)))
    let fitted = try #require(reference.weights["fitted"])
    for name in ["default", "true", "pretrained", "fitted", "fitted-plain"] {
      let value = try #require(reference.weights[name])
      print("\(name): log loss \(value.logLoss), RMSE \(value.rmse)")
    }
    print(
      "swift: log loss \(swift.logLoss), RMSE \(swift.rmse), outcome \(try #require(fit).outcome)")
    print("swift weights: \(weights.map { ($0 * 10_000).rounded() / 10_000 })")
    print(
      "items \(trainingSet.itemCount); swift building \(building), fitting \(fitting); "
        + "fsrs-rs-python fitting \(reference.seconds["fitted"] ?? .nan) s with card ids, "
        + "\(reference.seconds["fitted-plain"] ?? .nan) s without")
    #expect(swift.logLoss <= fitted.logLoss * 1.01)
  }
}
