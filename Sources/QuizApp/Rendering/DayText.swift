import ReviewStorage
import Scheduler

/// The short text forms of days that charts print.
enum DayText {
  private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `Mon`…`Sun`.
  static func weekdayName(_ index: Int) -> String { weekdays[index] }

  /// `Jan`…`Dec` for the month 1…12.
  static func monthName(_ month: Int) -> String { months[month - 1] }

  /// `Sun 29 Nov`.
  static func short(_ day: Day) -> String {
    let (_, month, dayOfMonth) = day.components
    let number = dayOfMonth < 10 ? " \(dayOfMonth)" : "\(dayOfMonth)"
    return "\(weekdays[day.weekday]) \(number) \(months[month - 1])"
  }
}
