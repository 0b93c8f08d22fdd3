import Foundation
import Testing

@testable import Scheduler

@Suite("SM-2 as a predictor of recall")
struct SM2PredictorTests {
  static let start = Date(timeIntervalSince1970: 1_750_000_000)

  /// A review graded `grade` at `days` (and `minutes`) after ``start``.
  static func review(_ days: Int, _ grade: Grade, minutes: Int = 0) -> FSRSHistoryReview {
    FSRSHistoryReview(
      moment: start.addingTimeInterval(Double(days) * 86_400 + Double(minutes) * 60), grade: grade)
  }

  @Test("predicts 0.9^(t/I): 0.9 when reviewed on the due day, as the benchmark does")
  func formula() {
    // 0.9^(3/6) = √0.9 = 0.948683298050513…
    #expect(abs(SM2.predictedRecall(elapsedDays: 3, interval: 6) - 0.9486832980505138) < 1e-15)
    #expect(abs(SM2.predictedRecall(elapsedDays: 6, interval: 6) - 0.9) < 1e-15)
    #expect(abs(SM2.predictedRecall(elapsedDays: 12, interval: 6) - 0.81) < 1e-15)
    // An interval of 0 (after a lapse) counts as a day.
    #expect(abs(SM2.predictedRecall(elapsedDays: 2, interval: 0) - 0.81) < 1e-15)
    #expect(SM2.predictedRecall(elapsedDays: 0, interval: 15) == 1)
  }

  @Test("replays a card's grades through SM-2 and predicts each item from the interval before it")
  func handComputed() throws {
    // Intervals: 1 after the first 4, 6 after the second, ⌈6 · 2.5⌉ = 15 after the third (a 4
    // leaves the ease factor at 2.5); the 2 on day 20 resets it to 0, the 4 ten minutes later
    // (not an item: the same day) sets it to 1.
    let set = try FSRSTrainingSet(cards: [
      [
        Self.review(0, 4), Self.review(1, 4), Self.review(7, 4), Self.review(20, 2),
        Self.review(20, 4, minutes: 10), Self.review(21, 5, minutes: 10),
      ]
    ])
    let predicted = try #require(set.sm2Predictions())
    let expected = [1, 0.9, 0.9, pow(0.9, 13.0 / 15), 1, 0.9]
    for (value, wanted) in zip(predicted, expected) { #expect(abs(value - wanted) < 1e-15) }

    // Four items, recalled, recalled, forgotten, recalled, weighted 0.25 + 0.75·(i/3)³.
    let weights = (0..<4).map { 0.25 + 0.75 * pow(Double($0) / 3, 3) }
    let losses = [-log(0.9), -log(0.9), -log(1 - pow(0.9, 13.0 / 15)), -log(0.9)]
    let logLoss =
      zip(weights, losses).map { $0 * $1 }.reduce(0, +) / weights.reduce(0, +)
    let evaluation = try #require(set.evaluateSM2())
    #expect(evaluation.itemCount == 4)
    #expect(abs(evaluation.logLoss - logLoss) < 1e-12)
  }

  @Test("needs every review's grade: a history of ratings alone gives no SM-2 figures")
  func withoutGrades() throws {
    let rated = FSRSHistoryReview(moment: Self.start + 86_400, rating: .good)
    let set = try FSRSTrainingSet(cards: [[Self.review(0, 4), rated]])
    #expect(set.itemCount == 1)
    #expect(set.evaluateSM2() == nil)
    #expect(try FSRSTrainingSet(cards: []).evaluateSM2() == nil)
  }

  /// A history reviewed exactly when a simple model of SM-2 makes each card due (intervals 1,
  /// 6, then ×2.5 rounded up; after a lapse, 1 from a repeat the same day), recalled with
  /// probability `rate`, graded 4 when recalled and 1 when not.
  static func dueDayHistory(cards: Int, days: Int, rate: Double, seed: UInt64)
    -> [[FSRSHistoryReview]]
  {
    var random = SeededGenerator(seed: seed)
    return (0..<cards).map { card in
      var reviews: [FSRSHistoryReview] = []
      var day = card % 30
      var interval = 0
      var repetitions = 0
      // Reviews come at the same time of day, that of the card's last answer, so that whole
      // days of 24 hours separate them.
      var minutes = 0
      while day < days {
        if Double.random(in: 0..<1, using: &random) < rate {
          reviews.append(review(day, 4, minutes: minutes))
        } else {
          // Forgotten: SM-2 keeps the card due today, and a 4 later that day counts afresh.
          reviews.append(review(day, 1, minutes: minutes))
          minutes += 10
          reviews.append(review(day, 4, minutes: minutes))
          repetitions = 0
        }
        repetitions += 1
        interval =
          repetitions == 1 ? 1 : repetitions == 2 ? 6 : Int((Double(interval) * 2.5).rounded(.up))
        day += interval
      }
      return reviews
    }
  }

  @Test(
    "reviews on SM-2's due days are each predicted 0.9, so the log loss is the entropy formula",
    arguments: [1.0, 0.85])
  func dueDays(rate: Double) throws {
    let history = Self.dueDayHistory(cards: 300, days: 730, rate: rate, seed: 11)
    let set = try FSRSTrainingSet(cards: history)
    #expect(set.itemCount > 1_000)
    let predicted = try #require(set.sm2Predictions())
    for item in set.items {
      let position = set.reviews(of: item).upperBound - 1
      #expect(abs(predicted[position] - 0.9) < 1e-15)
    }
    // The share of items recalled, weighted as the log loss weights them.
    var recalled = 0.0
    var total = 0.0
    for (index, item) in set.items.enumerated() {
      let weight = FSRSTrainingSet.recencyWeight(index: index, count: set.itemCount)
      recalled += set.ratings[set.reviews(of: item).upperBound - 1] > 1 ? weight : 0
      total += weight
    }
    let share = recalled / total
    #expect(abs(share - rate) < 0.03)
    let entropy = -(share * log(0.9) + (1 - share) * log(0.1))
    let evaluation = try #require(set.evaluateSM2())
    #expect(abs(evaluation.logLoss - entropy) < 1e-12)
    if rate == 1 { #expect(abs(evaluation.logLoss + log(0.9)) < 1e-12) }
  }
}
