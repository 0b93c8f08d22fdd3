import Foundation
import Scheduler

/// A clock that tests move by hand.
public final class TestClock {
  /// The moment the clock shows.
  public var now: Date

  /// A clock showing `text`, an ISO 8601 moment in UTC such as `2026-11-29T10:00:00Z`.
  public init(_ text: String) {
    now = moment(text)
  }

  /// Moves the clock forward.
  public func advance(seconds: TimeInterval = 0, days: Int = 0) {
    now += seconds + Double(days) * 86_400
  }
}

/// The moment written as ISO 8601, for readable tests.
public func moment(_ text: String) -> Date {
  guard let date = Timestamp.parse(text) else {
    fatalError("Not an ISO 8601 moment: \(text)")
  }
  return date
}

/// The day written as `YYYY-MM-DD`, for readable tests.
public func day(_ text: String) -> Day {
  guard let day = Day(text) else { fatalError("Not a day: \(text)") }
  return day
}

/// Days in UTC starting at midnight, so that a test's moments fall on the days they name.
public let utcMidnight = DayClock(timeZone: TimeZone(identifier: "UTC")!, dayStartHour: 0)
