import Foundation
import Testing

@testable import Scheduler

@Suite("Timestamp")
struct TimestampTests {
  @Test("Moments are written in UTC with milliseconds")
  func format() {
    #expect(Timestamp.format(moment("2026-11-29T21:04:05Z")) == "2026-11-29T21:04:05.000Z")
    #expect(
      Timestamp.format(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
  }

  @Test("A normalized moment survives writing and reading bit for bit")
  func roundTrip() throws {
    var generator = SeededGenerator(seed: 7)
    var mismatches: [String] = []
    for _ in 0..<10_000 {
      let seconds = Double.random(in: -2e9...4e9, using: &generator)
      let date = Timestamp.normalized(Date(timeIntervalSince1970: seconds))
      let text = Timestamp.format(date)
      let read = Timestamp.parse(text)?.timeIntervalSince1970
      if read?.bitPattern != date.timeIntervalSince1970.bitPattern { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty)
  }

  @Test(
    "Other ISO 8601 forms are read too",
    arguments: [
      ("2026-11-29T21:04:05Z", "2026-11-29T21:04:05.000Z"),
      ("2026-11-29T21:04:05.5Z", "2026-11-29T21:04:05.500Z"),
      ("2026-11-29T21:04:05.123456+02:00", "2026-11-29T19:04:05.123Z"),
      ("2026-11-29T21:04:05-08:00", "2026-11-30T05:04:05.000Z"),
    ])
  func otherForms(text: String, normalized: String) throws {
    #expect(Timestamp.format(try #require(Timestamp.parse(text))) == normalized)
  }

  @Test(
    "Anything else is refused",
    arguments: [
      "", "2026-11-29", "2026-11-29T21:04Z", "2026-11-29T25:00:00Z", "2026-11-29T21:04:05",
      "2026-11-29T21:04:05.Z", "2026-11-29 21:04:05Z", "2026-11-29T21:04:05Zjunk",
    ])
  func refuses(text: String) {
    #expect(Timestamp.parse(text) == nil)
  }
}
