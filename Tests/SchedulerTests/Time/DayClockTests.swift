import Foundation
import SchedulerTestSupport
import Testing

@testable import Scheduler

@Suite("DayClock")
struct DayClockTests {
  /// The moment the wall clock in `zone` shows `hour`:`minute` on `date`.
  private func wallClock(
    _ date: String, _ hour: Int, _ minute: Int, in zone: TimeZone
  ) throws -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let (year, month, dayOfMonth) = day(date).components
    return try #require(
      calendar.date(
        from: DateComponents(
          year: year, month: month, day: dayOfMonth, hour: hour, minute: minute)))
  }

  @Test(
    "A day starts at 04:00 local time: 03:59 still counts for the day before",
    arguments: [
      "UTC", "Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Pago_Pago",
      "Australia/Lord_Howe",
    ])
  func dayStartsAtFour(zoneName: String) throws {
    let zone = try #require(TimeZone(identifier: zoneName))
    let clock = DayClock(timeZone: zone)
    #expect(clock.day(for: try wallClock("2026-11-29", 3, 59, in: zone)) == day("2026-11-28"))
    #expect(clock.day(for: try wallClock("2026-11-29", 4, 0, in: zone)) == day("2026-11-29"))
    #expect(clock.day(for: try wallClock("2026-11-29", 23, 59, in: zone)) == day("2026-11-29"))
    #expect(clock.day(for: try wallClock("2026-11-30", 2, 30, in: zone)) == day("2026-11-29"))
  }

  @Test("The calendar day is the wall clock's date, the review day's next before the day starts")
  func calendarDay() throws {
    let zone = try #require(TimeZone(identifier: "Asia/Kolkata"))
    let clock = DayClock(timeZone: zone)
    let early = try wallClock("2026-11-30", 2, 30, in: zone)
    #expect(clock.day(for: early) == day("2026-11-29"))
    #expect(clock.calendarDay(for: early) == day("2026-11-30"))
    let late = try wallClock("2026-11-30", 23, 59, in: zone)
    #expect(clock.calendarDay(for: late) == day("2026-11-30"))
    #expect(clock.day(for: late) == day("2026-11-30"))
  }

  @Test("The same moment is a different day in zones far apart")
  func zonesFarApart() throws {
    let instant = moment("2026-11-29T14:00:00Z")
    let kiritimati = DayClock(timeZone: try #require(TimeZone(identifier: "Pacific/Kiritimati")))
    let losAngeles = DayClock(
      timeZone: try #require(TimeZone(identifier: "America/Los_Angeles")))
    #expect(kiritimati.day(for: instant) == day("2026-11-30"))  // 04:00 on the 30th there
    #expect(losAngeles.day(for: instant) == day("2026-11-29"))  // 06:00 on the 29th there
  }

  @Test(
    "On the days the clocks change, the day still starts when the wall clock shows 04:00",
    arguments: ["2026-03-08", "2026-11-01"])
  func daylightSavingChanges(date: String) throws {
    let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
    let clock = DayClock(timeZone: zone)
    #expect(clock.day(for: try wallClock(date, 3, 59, in: zone)) == day(date) - 1)
    #expect(clock.day(for: try wallClock(date, 4, 0, in: zone)) == day(date))
  }

  @Test("Both passes through the repeated hour of a fall-back night count for the evening before")
  func repeatedHour() {
    let clock = DayClock(timeZone: TimeZone(identifier: "America/Los_Angeles")!)
    // 01:30 PDT, then 01:30 PST an hour later.
    #expect(clock.day(for: moment("2026-11-01T08:30:00Z")) == day("2026-10-31"))
    #expect(clock.day(for: moment("2026-11-01T09:30:00Z")) == day("2026-10-31"))
  }

  @Test("A day the zone skipped (Kiritimati, 1994-12-31) is never anyone's day")
  func skippedDay() throws {
    let clock = DayClock(timeZone: try #require(TimeZone(identifier: "Pacific/Kiritimati")))
    // 23:00 on the 30th at UTC−10, then nine hours later 08:00 on 1995-01-01 at UTC+14.
    #expect(clock.day(for: moment("1994-12-31T09:00:00Z")) == day("1994-12-30"))
    #expect(clock.day(for: moment("1994-12-31T18:00:00Z")) == day("1995-01-01"))
  }

  @Test("The hour a day starts at is configurable, midnight included")
  func configurableStart() {
    let utc = TimeZone(identifier: "UTC")!
    let lateNight = moment("2026-11-29T00:30:00Z")
    #expect(DayClock(timeZone: utc, dayStartHour: 0).day(for: lateNight) == day("2026-11-29"))
    #expect(DayClock(timeZone: utc, dayStartHour: 1).day(for: lateNight) == day("2026-11-28"))
    #expect(DayClock(timeZone: utc, dayStartHour: 99).dayStartHour == 23)
  }

  @Test("Moments before 1970 map to negative day numbers")
  func before1970() {
    let clock = DayClock(timeZone: TimeZone(identifier: "UTC")!, dayStartHour: 0)
    #expect(clock.day(for: moment("1969-12-31T23:59:59Z")) == Day(daysSince1970: -1))
  }
}
