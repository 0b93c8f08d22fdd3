import Foundation
import SchedulerTestSupport
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

  @Test("Moments of every year are written as Foundation's ISO 8601 formatter writes them")
  func formatAgreesWithFoundation() throws {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = .gmt
    var generator = SeededGenerator(seed: 11)
    // Years 1600 to 9999 (before, Foundation's calendar is not the proleptic Gregorian one),
    // and the edges of days and years.
    var moments = (0..<5_000).map { _ in
      Double(Int64.random(in: -11_676_096_000_000...253_402_300_799_999, using: &generator)) / 1000
    }
    moments += [0, -0.001, 86_399.999, 253_402_300_799.999, 946_684_800, 951_782_400]
    for seconds in moments {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(Timestamp.format(date) == formatter.string(from: date), "\(seconds)")
    }
    // Past the years of four digits, the longer form.
    #expect(
      Timestamp.format(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00.000Z")
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
      "2026-11-29T21:04:05+99:99", "2026-11-29T21:04:05+01:60", "2026-11-29T21:04:05-24:00",
    ])
  func refuses(text: String) {
    #expect(Timestamp.parse(text) == nil)
  }

  @Test(
    "A typed moment without an offset is read on the wall clock of the time zone given",
    arguments: [
      ("2026-11-29T08:00:00", "Europe/Paris", "2026-11-29T07:00:00.000Z"),
      ("2026-11-29T08:00", "Europe/Paris", "2026-11-29T07:00:00.000Z"),
      ("2026-07-01T08:00:00.250", "Europe/Paris", "2026-07-01T06:00:00.250Z"),
      ("2026-11-29", "America/New_York", "2026-11-29T05:00:00.000Z"),
      ("2026-11-29T08:00:00Z", "America/New_York", "2026-11-29T08:00:00.000Z"),
      // The morning New York's clocks go forward: 03:30 is summer time, four hours behind UTC.
      ("2026-03-08T03:30", "America/New_York", "2026-03-08T07:30:00.000Z"),
      ("1500-03-01T12:00:00", "UTC", "1500-03-01T12:00:00.000Z"),
    ])
  func local(text: String, zone: String, expected: String) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    #expect(Timestamp.format(try #require(Timestamp.parse(text, in: timeZone))) == expected)
  }

  @Test(
    "A typed moment that names no real moment is refused",
    arguments: [
      "2026-02-30", "2026-02-30T08:00", "2026-11-29T24:00", "2026-11-29T08", "2026-11-29T08:00.5",
      "100000-01-01T00:00:00Z", "100000-01-01", "2026-11-29T08:00:00 ", "tomorrow",
    ])
  func refusesTyped(text: String) {
    #expect(Timestamp.parse(text, in: .gmt) == nil)
  }
}
