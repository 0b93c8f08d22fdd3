import Foundation
import Testing

@testable import Scheduler

@Suite("FSRS properties")
struct FSRSPropertyTests {
  /// Parameters drawn within py-fsrs's bounds, each weight now and then at a bound.
  static func randomParameters(_ generator: inout SeededGenerator) throws -> FSRSParameters {
    let weights = FSRSParameters.weightBounds.map { bounds in
      switch Int.random(in: 0..<10, using: &generator) {
      case 0: bounds.lowerBound
      case 1: bounds.upperBound
      default: Double.random(in: bounds, using: &generator)
      }
    }
    func steps() -> [Duration] {
      (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        .seconds(Int.random(in: 1...172_800, using: &generator))
      }
    }
    return try FSRSParameters(
      weights: weights, desiredRetention: Double.random(in: 0.01...0.99, using: &generator),
      learningSteps: steps(), relearningSteps: steps(),
      maximumInterval: Int.random(in: 1...36_500, using: &generator),
      fuzzing: Bool.random(using: &generator))
  }

  /// Milliseconds to the next review: seconds to years, now and then a little before the last.
  static func randomGap(_ generator: inout SeededGenerator) -> Int64 {
    if Int.random(in: 0..<50, using: &generator) == 0 {
      return -Int64.random(in: 0...7_200_000, using: &generator)
    }
    return Int64(pow(10, Double.random(in: 3...11, using: &generator)))
  }

  @Test("Whatever the parameters, ratings and moments, a reviewed card keeps its invariants")
  func invariants() throws {
    var generator = SeededGenerator(seed: 20_260_601)
    var failures: [String] = []
    for _ in 0..<300 {
      let scheduler = FSRSScheduler(parameters: try Self.randomParameters(&generator))
      let maximum = Int64(scheduler.parameters.maximumInterval) * 86_400_000
      var now: Int64 = 1_767_225_600_000
      var card = FSRSCard(due: Timestamp.date(milliseconds: now))
      for _ in 0..<40 {
        now += Self.randomGap(&generator)
        let rating = FSRSRating.allCases.randomElement(using: &generator)!
        card =
          scheduler.review(
            card, rating: rating, at: Timestamp.date(milliseconds: now), using: &generator
          ).card
        let stability = card.stability ?? .nan
        let difficulty = card.difficulty ?? .nan
        let wait = Timestamp.milliseconds(card.due) - now
        // The card as read back passes the checks a foreign card must pass.
        let readBack = try? FSRSCard(
          state: card.state, step: card.step, stability: card.stability,
          difficulty: card.difficulty, due: card.due, lastReview: card.lastReview)
        if !(stability >= FSRSCard.minimumStability && stability.isFinite)
          || !FSRSCard.difficultyRange.contains(difficulty) || wait <= 0
          || (card.state == .review && !(86_400_000...maximum).contains(wait))
          || card.lastReview != Timestamp.date(milliseconds: now) || readBack != card
        {
          failures.append("\(scheduler.parameters) \(rating) → \(card)")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
  }

  @Test("A better rating never leaves a reviewed card less stable, nor due sooner once in review")
  func monotonic() throws {
    var generator = SeededGenerator(seed: 7)
    var failures: [String] = []
    for _ in 0..<2_000 {
      let parameters = try Self.randomParameters(&generator)
      let scheduler = FSRSScheduler(
        parameters: try FSRSParameters(
          weights: parameters.weights, desiredRetention: parameters.desiredRetention,
          fuzzing: false))
      let last = Timestamp.date(milliseconds: 1_767_225_600_000)
      let card = try FSRSCard(
        state: .review, step: nil,
        stability: Double.random(in: 0.001...1_000, using: &generator),
        difficulty: Double.random(in: 1...10, using: &generator), due: last, lastReview: last)
      let at = last + Double(Self.randomGap(&generator)) / 1000
      let reviewed = FSRSRating.allCases.map {
        scheduler.review(card, rating: $0, at: at, using: &generator).card
      }
      let stabilities = reviewed.map { $0.stability! }
      let dues = reviewed.dropFirst().map(\.due)
      if stabilities != stabilities.sorted() || dues != dues.sorted() {
        failures.append("\(card) at \(at): \(stabilities)")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
  }
}
