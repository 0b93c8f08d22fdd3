import Foundation
import Testing

@testable import Scheduler

/// The optimizer's parts against fsrs-rs's own unit tests' figures.
@Suite("FSRS optimizer's parts")
struct FSRSOptimizerPartsTests {
  @Test("leaves the items fsrs-rs leaves, and fits its first stabilities, on the reference history")
  func reference() throws {
    let reference = try FSRSFitReference.small.get()
    let set = try FSRSTrainingSet(cards: reference.cards)
    let prepared = FSRSOptimizer.prepare(set)
    #expect(prepared.firstIntervals.count == reference.outliers.firstIntervals)
    #expect(prepared.training.count == reference.outliers.training)
    let (stabilities, _) = try #require(
      FSRSOptimizer.pretrain(
        set, items: prepared.firstIntervals,
        averageRecall: FSRSOptimizer.averageRecall(set, items: prepared.training)))
    let pretrained = try #require(reference.weights["pretrained"])
    // fsrs-rs fills in and orders them in 32-bit floats.
    expectClose(stabilities, Array(pretrained.weights.prefix(4)), tolerance: 1e-6)
  }

  @Test("fills and orders the first stabilities as fsrs-rs's smooth_and_fill")
  func smoothAndFill() throws {
    let three = try #require(
      FSRSOptimizer.smoothAndFill([1: 0.4, 3: 2.3, 4: 10.9], counts: [1: 1, 2: 1, 3: 1, 4: 1]))
    expectClose(three, [0.4, 1.1227008, 2.3, 10.9])
    let one = try #require(FSRSOptimizer.smoothAndFill([2: 0.35], counts: [2: 1]))
    expectClose(one, [0.05738148, 0.35, 0.6242943, 2.2453482])
    #expect(FSRSOptimizer.smoothAndFill([:], counts: [:]) == nil)
    // A worse rating above a better one gives way to the one with more first intervals.
    let ordered = try #require(
      FSRSOptimizer.smoothAndFill([1: 3, 2: 2, 3: 4, 4: 9], counts: [1: 10, 2: 5, 3: 5, 4: 5]))
    #expect(ordered == [3, 3, 4, 9])
  }

  @Test("searches the first stability as fsrs-rs's search_parameters")
  func search() {
    let points = [
      (1.0, 0.86666667, 435.0), (2.0, 0.90721649, 97.0), (3.0, 0.73015873, 63.0),
      (4.0, 0.76315789, 38.0), (5.0, 0.67857143, 28.0),
    ].map { days, recall, count in
      // fsrs-rs's test gives the recall before its smoothing towards the average recall.
      (
        days: days, recall: (recall * count + Double(Float(0.943_028_57))) / (count + 1),
        count: count
      )
    }
    let found = FSRSOptimizer.search(points, defaultStability: Double(Float(0.212)))
    #expect(abs(found - 0.7355089) < 1e-6)
  }

  @Test("lowers the learning rate as fsrs-rs's CosineAnnealingLR, and raises it again")
  func cosine() {
    var schedule = CosineSchedule(steps: 5, learningRate: 0.04)
    let rates = (0..<11).map { _ in schedule.next() }
    expectClose(
      rates,
      [
        0.04, 0.03618033988749895, 0.026180339887498946, 0.013819660112501051,
        0.0038196601125010526, 0, 0.003819660112501051, 0.013819660112501048,
        0.026180339887498943, 0.03618033988749895, 0.039999999999999994,
      ], tolerance: 1e-12)
  }

  @Test("clamps the weights to FSRS-6's bounds, and w17·w18 for several relearning steps")
  func clamp() throws {
    var weights = [Double](repeating: -1000, count: 21)
    try FSRSOptimizer(relearningSteps: 1).clamp(&weights)
    #expect(
      weights == FSRSParameters.weightBounds.enumerated().map { $0 == 19 ? 0.01 : $1.lowerBound })
    weights = [Double](repeating: 1000, count: 21)
    try FSRSOptimizer(relearningSteps: 1, shortTerm: false).clamp(&weights)
    #expect(weights == FSRSParameters.weightBounds.map(\.upperBound))
    // fsrs-rs's test: the defaults stand with two relearning steps.
    weights = FSRSParameters.defaultWeights
    try FSRSOptimizer(relearningSteps: 2).clamp(&weights)
    #expect(weights == FSRSParameters.defaultWeights)
    weights[17] = 2
    weights[18] = 2
    try FSRSOptimizer(relearningSteps: 2).clamp(&weights)
    #expect(weights[17] < 1 && weights[17] == weights[18])
  }

  @Test("shuffles every order, the same for the same generator")
  func shuffle() {
    var generator = SeededGenerator(seed: 1)
    var seen = Set<[Int]>()
    for _ in 0..<200 {
      var values = [0, 1, 2]
      FSRSOptimizer.shuffle(&values, using: &generator)
      #expect(values.sorted() == [0, 1, 2])
      seen.insert(values)
    }
    #expect(seen.count == 6)
  }

  private func expectClose(
    _ actual: [Double], _ expected: [Double], tolerance: Double = 1e-6,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(actual.count == expected.count, sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
      #expect(
        abs(a - e) <= tolerance * max(1, abs(e)), "\(a) ≠ \(e)", sourceLocation: sourceLocation)
    }
  }
}
