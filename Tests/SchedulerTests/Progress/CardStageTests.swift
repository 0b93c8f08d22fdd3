import Foundation
import Testing

@testable import Scheduler

@Suite("Card stages")
struct CardStageTests {
  private static let today = Day(year: 2026, month: 11, day: 29)!

  @Test(
    "A card's stage follows from its state and its suspension",
    arguments: [
      (nil, false, CardStage.new),
      (CardState(due: today, reviews: 1), false, .learning),
      (
        CardState(repetitions: 2, interval: 6, due: today, needsExtraReview: true), false, .learning
      ),
      (CardState(repetitions: 2, interval: 20, due: today), false, .young),
      (CardState(repetitions: 3, interval: 21, due: today), false, .mature),
      (CardState(repetitions: 3, interval: 40, due: today), true, .suspended),
      (nil, true, .suspended),
    ] as [(CardState?, Bool, CardStage)])
  func stage(state: CardState?, isSuspended: Bool, expected: CardStage) {
    #expect(CardStage(state: state, isSuspended: isSuspended) == expected)
  }
}
