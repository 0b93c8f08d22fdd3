import Foundation
import SchedulerTestSupport
import Testing

@testable import Scheduler

@Suite("Day")
struct DayTests {
  @Test("Day 0 is 1970-01-01 and days count both ways from it")
  func epoch() {
    #expect(Day(daysSince1970: 0).description == "1970-01-01")
    #expect(Day(daysSince1970: -1).description == "1969-12-31")
    #expect(Day(daysSince1970: 20_786).description == "2026-11-29")
  }

  @Test("The text form reads back as the same day, from year -220 to 10183")
  func textRoundTrip() {
    let failures = stride(from: -800_000, through: 3_000_000, by: 97).filter {
      let original = Day(daysSince1970: $0)
      return Day(original.description) != original
    }
    #expect(failures.isEmpty)
    #expect(Day(daysSince1970: 3_000_000).description == "10183-09-21")
    #expect(Day(year: 9999, month: 12, day: 31)?.description == "9999-12-31")
    #expect(Day(year: 10000, month: 1, day: 1)?.description == "10000-01-01")
    #expect(Day(year: 0, month: 3, day: 1)?.description == "0000-03-01")
    #expect(Day(year: 7, month: 1, day: 9)?.description == "0007-01-09")
  }

  @Test("Consecutive days have consecutive dates across month, year and leap-day ends")
  func consecutiveDays() throws {
    var date = try #require(Day(year: 1899, month: 12, day: 31))
    var mismatches: [Day] = []
    for _ in 0..<(366 * 130) {
      let next = date + 1
      let (year, month, dayOfMonth) = date.components
      let expected =
        Day(year: year, month: month, day: dayOfMonth + 1)
        ?? Day(year: year, month: month + 1, day: 1) ?? Day(year: year + 1, month: 1, day: 1)
      if next != expected { mismatches.append(date) }
      date = next
    }
    #expect(mismatches.isEmpty)
    #expect(date.description == "2030-04-08")
  }

  @Test(
    "Leap days exist only in leap years",
    arguments: [
      ("2024-02-29", true), ("2025-02-29", false), ("1900-02-29", false), ("2000-02-29", true),
    ])
  func leapDays(text: String, exists: Bool) {
    #expect((Day(text) != nil) == exists)
  }

  @Test(
    "Text that is not exactly YYYY-MM-DD is refused",
    arguments: [
      "", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-01-01", "2026-01-01x",
      " 2026-01-01", "2026/01/01", "2026-01", "2026-+1-01",
    ])
  func refusesMalformedText(text: String) {
    #expect(Day(text) == nil)
  }

  @Test("Adding and subtracting days, and comparing days")
  func arithmetic() {
    let start = day("2026-02-27")
    #expect((start + 2).description == "2026-03-01")
    #expect((start - 58).description == "2025-12-31")
    #expect(day("2026-03-01") - start == 2)
    #expect(start < start + 1)
    #expect([start + 3, start, start + 1].sorted() == [start, start + 1, start + 3])
  }

  @Test("A day is JSON as its text form")
  func codable() throws {
    let data = try JSONEncoder().encode([day("2026-11-29")])
    #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-29"]"#)
    #expect(try JSONDecoder().decode([Day].self, from: data) == [day("2026-11-29")])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Day].self, from: Data(#"["2026-11-31"]"#.utf8))
    }
  }
}
