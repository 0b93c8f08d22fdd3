import Foundation
import Testing

@testable import Scheduler

@Suite("FSRS training set")
struct FSRSTrainingSetTests {
  static let start = Date(timeIntervalSince1970: 1_750_000_000)

  /// A card reviewed at `hours` after ``start``, rated `ratings`.
  static func card(_ reviews: [(hours: Double, rating: FSRSRating)]) -> [FSRSHistoryReview] {
    reviews.map {
      FSRSHistoryReview(moment: start.addingTimeInterval($0.hours * 3600), rating: $0.rating)
    }
  }

  @Test("predicts every review a day or more after the one before, but a card's first")
  func items() throws {
    let set = try FSRSTrainingSet(cards: [
      Self.card([(0, .again), (0.2, .good), (30, .good), (40, .hard), (100, .again), (101, .good)]),
      Self.card([(10, .good)]),
      [],
      Self.card([(5, .easy), (53, .good)]),
    ])
    #expect(set.cardCount == 3)
    #expect(set.reviewCount == 9)
    #expect(set.days == [0, 0, 1, 0, 2, 0, 0, 0, 2])
    // By moment: 30 h, 53 h, 100 h.
    #expect(set.items.map(\.card) == [0, 2, 0])
    #expect(set.items.map(\.length) == [3, 2, 5])
  }

  @Test("puts each card's reviews in time order")
  func order() throws {
    let ordered = try FSRSTrainingSet(cards: [Self.card([(0, .good), (30, .hard), (80, .easy)])])
    let shuffled = try FSRSTrainingSet(cards: [Self.card([(80, .easy), (0, .good), (30, .hard)])])
    #expect(shuffled.ratings == ordered.ratings)
    #expect(shuffled.days == ordered.days)
    #expect(shuffled.items == ordered.items)
  }

  @Test("counts calendar days from the day's start when asked, as Anki does")
  func calendar() throws {
    let clock = DayClock(timeZone: TimeZone(secondsFromGMT: 0)!, dayStartHour: 4)
    // 1_750_000_000 s is 15:06 UTC; 14 hours later is 05:06 the next day, a new day at 04:00.
    let reviews = Self.card([(0, .good), (14, .good), (15, .good)])
    #expect(try FSRSTrainingSet(cards: [reviews], days: .calendar(clock)).days == [0, 1, 0])
    #expect(try FSRSTrainingSet(cards: [reviews]).days == [0, 0, 0])
  }

  @Test(
    "refuses a moment that is not finite or beyond the supported years, naming it",
    arguments: [Double.nan, .infinity, -.infinity, 1e16])
  func moments(seconds: Double) {
    let cards = [
      Self.card([(0, .good)]),
      [
        FSRSHistoryReview(moment: Self.start, rating: .good),
        FSRSHistoryReview(moment: Date(timeIntervalSince1970: seconds), rating: .good),
      ],
    ]
    #expect {
      _ = try FSRSTrainingSet(cards: cards)
    } throws: { error in
      guard case .moment(card: 1, review: 1, let given) = error as? FSRSHistoryError else {
        return false
      }
      return given.isNaN ? seconds.isNaN : given == seconds
    }
  }

  @Test("gives the defaults, with a reason, for histories too small to fit")
  func degenerate() throws {
    let empty = try FSRSTrainingSet(cards: [])
    #expect(empty.evaluate(.standard) == nil)
    #expect(FSRSOptimizer.standard.fit(empty).outcome == .defaults(.tooFewItems(0)))
    let one = try FSRSTrainingSet(cards: [Self.card([(0, .good)])])
    #expect(one.evaluate(.standard) == nil)
    #expect(FSRSOptimizer.standard.fit(one) == FSRSFit(defaultsBecause: .tooFewItems(0)))
    let few = try FSRSTrainingSet(cards: (0..<5).map { _ in Self.card([(0, .good), (30, .good)]) })
    // fsrs-rs removes the smallest groups of first intervals, at least 20 items of each first
    // rating, as outliers: here all of them.
    #expect(FSRSOptimizer.standard.fit(few).outcome == .defaults(.tooFewItems(0)))
  }

  @Test("evaluates and fits reviews tens of thousands of years apart")
  func farApart() throws {
    let cards = (0..<100).map { index in
      [
        FSRSHistoryReview(moment: Date(timeIntervalSince1970: -3e12), rating: .good),
        FSRSHistoryReview(moment: Date(timeIntervalSince1970: Double(index)), rating: .again),
        FSRSHistoryReview(moment: Date(timeIntervalSince1970: 3e12), rating: .easy),
      ]
    }
    let set = try FSRSTrainingSet(cards: cards)
    #expect(set.items.count == 200)
    let evaluation = try #require(set.evaluate(.standard))
    #expect(evaluation.logLoss.isFinite && evaluation.rmse.isFinite)
    let fit = FSRSOptimizer.standard.fit(set)
    #expect(throws: Never.self) { try FSRSParameters(weights: fit.weights) }
  }

  @Test("fits cards all rated the same, scaling the first stabilities, every weight in bounds")
  func sameRating() throws {
    var generator = SeededGenerator(seed: 3)
    var cards: [[FSRSHistoryReview]] = []
    for _ in 0..<300 {
      var reviews: [(hours: Double, rating: FSRSRating)] = []
      var hours = 0.0
      for _ in 0..<6 {
        reviews.append((hours, .good))
        hours += Double(24 + generator.next() % 200)
      }
      cards.append(Self.card(reviews))
    }
    let set = try FSRSTrainingSet(cards: cards)
    let fit = FSRSOptimizer.standard.fit(set)
    #expect(fit.outcome == FSRSFit.Outcome.trained(items: set.itemCount))
    let parameters = try FSRSParameters(weights: fit.weights)
    #expect(set.evaluate(parameters)!.logLoss.isFinite)
    #expect(fit.weights[0] <= fit.weights[1] && fit.weights[1] <= fit.weights[2])
    #expect(fit.weights[2] <= fit.weights[3])
  }

  @Test("fits only the first stabilities of fewer than 64 items")
  func firstStabilitiesOnly() throws {
    let cards = (0..<40).map { index in
      let rating: FSRSRating = index % 4 == 0 ? .again : .good
      return Self.card([(0, .good), (Double(24 + index % 3 * 24), rating)])
    }
    let fit = FSRSOptimizer.standard.fit(try FSRSTrainingSet(cards: cards))
    // The 13 intervals of 2 days are outliers: the smallest group, removed towards 20 items.
    #expect(fit.outcome == FSRSFit.Outcome.firstStabilitiesOnly(items: 27))
    #expect(fit.weights[4...] == FSRSParameters.defaultWeights[4...])
    #expect(fit.weights[2] != FSRSParameters.defaultWeights[2])
  }
}
