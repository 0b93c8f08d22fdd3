import FoundationEssentials

/// Maps moments to the calendar day they count for, in one time zone.
///
/// A day starts at `dayStartHour` local wall-clock time rather than at midnight, so a session
/// that runs past midnight still counts for the evening it began in: with the default of 4, a
/// review at 02:30 belongs to the previous day. The hour is compared on the wall clock, so on a
/// daylight-saving change the day still starts when the clock shows `dayStartHour`.
public struct DayClock: Sendable, Equatable {
  /// The wall clock that decides the day.
  public var localTime: LocalTime
  /// The local hour (0…23) at which a new day starts.
  public var dayStartHour: Int

  /// A clock for `localTime` whose days start at `dayStartHour` (clamped to 0…23).
  public init(localTime: LocalTime, dayStartHour: Int = 4) {
    self.localTime = localTime
    self.dayStartHour = min(max(dayStartHour, 0), 23)
  }

  /// A clock for `timeZone` whose days start at `dayStartHour` (clamped to 0…23).
  public init(timeZone: TimeZone, dayStartHour: Int = 4) {
    self.init(localTime: .zone(timeZone), dayStartHour: dayStartHour)
  }

  /// The wall clock's date at `date`, midnight to midnight: the day after ``day(for:)``'s
  /// from midnight until the day starts.
  public func calendarDay(for date: Date) -> Day {
    DayClock(localTime: localTime, dayStartHour: 0).day(for: date)
  }

  /// The day that `date` counts for.
  public func day(for date: Date) -> Day {
    let wallClock = date.timeIntervalSince1970 + Double(localTime.secondsFromGMT(for: date))
    let sinceDayStart = wallClock - Double(dayStartHour * 3600)
    return Day(daysSince1970: Int((sinceDayStart / 86_400).rounded(.down)))
  }
}
