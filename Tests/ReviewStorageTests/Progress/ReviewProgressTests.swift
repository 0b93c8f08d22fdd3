import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Progress from the journal")
struct ReviewProgressTests {
  private static let today = day("2026-11-29")

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
