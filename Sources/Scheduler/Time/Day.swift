/// A calendar day, independent of any time zone.
///
/// Stored as the number of days since 1970-01-01, so that comparing and counting days is integer
/// arithmetic. Its text form, used in JSON too, is `YYYY-MM-DD` in the proleptic Gregorian
/// calendar.
public struct Day: Hashable, Comparable, Sendable {
  /// Days since 1970-01-01 (which is day 0); negative before it.
  public let daysSince1970: Int

  /// The day that is `daysSince1970` days after 1970-01-01.
  public init(daysSince1970: Int) {
    self.daysSince1970 = daysSince1970
  }

  /// The years a ``Day`` can be made from; far beyond any review, and small enough that counting
  /// days, adding SM-2's longest interval and turning a day into milliseconds cannot overflow.
  public static let supportedYears = -9_999_999...9_999_999

  /// The day with this year, month (1…12) and day of the month, or nil when there is no such day
  /// or the year is outside ``supportedYears``.
  public init?(year: Int, month: Int, day: Int) {
    guard Day.supportedYears.contains(year), (1...12).contains(month),
      (1...Day.length(ofMonth: month, in: year)).contains(day)
    else { return nil }
    daysSince1970 = Day.daysSince1970(year: year, month: month, day: day)
  }

  /// The year, month (1…12) and day of the month.
  public var components: (year: Int, month: Int, day: Int) {
    // Howard Hinnant's civil_from_days: eras of 400 years that start on March 1st, so that the
    // leap day is the last day of a year.
    let z = daysSince1970 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day of the week, 0 for Monday to 6 for Sunday.
  public var weekday: Int {
    // 1970-01-01 was a Thursday.
    ((daysSince1970 + 3) % 7 + 7) % 7
  }

  /// The day `days` days later (earlier when negative).
  public static func + (day: Day, days: Int) -> Day {
    Day(daysSince1970: day.daysSince1970 + days)
  }

  /// The day `days` days earlier.
  public static func - (day: Day, days: Int) -> Day {
    Day(daysSince1970: day.daysSince1970 - days)
  }

  /// The number of days from `start` to `end`; negative when `end` is earlier.
  public static func - (end: Day, start: Day) -> Int {
    end.daysSince1970 - start.daysSince1970
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Day, rhs: Day) -> Bool {
    lhs.daysSince1970 < rhs.daysSince1970
  }

  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    // Howard Hinnant's days_from_civil, the inverse of `components`.
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func length(ofMonth month: Int, in year: Int) -> Int {
    switch month {
    case 2:
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return isLeap ? 29 : 28
    case 4, 6, 9, 11:
      return 30
    default:
      return 31
    }
  }
}
