import Foundation
import Testing

@testable import Scheduler

@Suite("Progress")
struct ProgressTests {
  private static let today = day("2026-11-29")

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

  @Test("Retention counts only the grades of cards already learnt")
  func retention() {
    var retention = Retention()
    #expect(retention.rate == nil && retention.percentText == "–")
    let learnt = CardState(repetitions: 1, interval: 1, due: Self.today)
    for (before, grade) in [(CardState.new(due: Self.today), 5), (learnt, 3), (learnt, 2)] {
      retention.add(
        ReviewEvent(
          id: UUID(), card: "a", at: Date(timeIntervalSince1970: 0), day: Self.today,
          grade: Grade(rawValue: grade)!, seconds: nil, before: before, after: learnt))
    }
    #expect(retention.reviews == 2 && retention.recalled == 1)
    #expect(retention.percentText == "50%")
  }

  @Test(
    "The export writes an event with the journal's own keys, plus its type and whether it was undone",
    arguments: JournalEventCodingTests.events)
  func exportedKeys(event: JournalEvent) throws {
    let line = try #require(
      try JSONSerialization.jsonObject(with: event.encodedLine()) as? [String: Any])
    let exported = try #require(
      try JSONSerialization.jsonObject(
        with: JSONEncoder().encode(ExportedEvent(event: event, isUndone: false)))
        as? [String: Any])
    var expected = Set(line.keys).subtracting(["v"]).union(["type"])
    if case .review = event { expected.formUnion(["undone", "seconds"]) }
    #expect(Set(exported.keys) == expected)
    for (key, value) in line where key != "v" {
      #expect((exported[key] as? NSObject) == (value as? NSObject), "\(key)")
    }
  }

  @Test("Eases are written with two decimals, without a formatter")
  func twoDecimalsText() {
    #expect(twoDecimals(2.5) == "2.50")
    #expect(twoDecimals(1.3) == "1.30")
    #expect(twoDecimals(2.3600000000000003) == "2.36")
    #expect(twoDecimals(10) == "10.00")
  }
}
