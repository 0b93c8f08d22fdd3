import FoundationEssentials
import Scheduler

/// How a review day reads at a moment: by the wall clock's date, which after midnight and
/// before the day starts is already the next review day's (at 03:30 the next review day is
/// "from 04:00 today", not "tomorrow" with today's date).
struct DayWords {
  /// The review day the moment counts for.
  var today: Day
  /// The wall clock's date at the moment.
  var calendarToday: Day
  /// The hour a review day starts at.
  var startHour: Int

  init(today: Day, clock: DayClock, now: Date) {
    self.today = today
    calendarToday = clock.calendarDay(for: now)
    startHour = clock.dayStartHour
  }

  /// `tomorrow (2026-12-08)`, `from 04:00 today (2026-12-07)`, `in 6 days (2026-12-13)`.
  func describe(_ day: Day) -> String {
    guard calendarToday > today, day > today else { return Self.describe(day, from: today) }
    let hour = startHour < 10 ? "0\(startHour)" : "\(startHour)"
    return day <= calendarToday
      ? "from \(hour):00 today (\(day))" : Self.describe(day, from: calendarToday)
  }

  /// `tomorrow (2026-12-08)`, `in 6 days (2026-12-13)`, counted from `today`.
  static func describe(_ day: Day, from today: Day) -> String {
    let days = day - today
    switch days {
    case ...0: return "today"
    case 1: return "tomorrow (\(day))"
    default: return "in \(days) days (\(day))"
    }
  }
}
