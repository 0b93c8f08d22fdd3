import Foundation

@testable import Scheduler

/// A clock that tests move by hand.
final class TestClock {
  var now: Date

  /// A clock showing `text`, an ISO 8601 moment in UTC such as `2026-11-29T10:00:00Z`.
  init(_ text: String) {
    now = moment(text)
  }

  /// Moves the clock forward.
  func advance(seconds: TimeInterval = 0, days: Int = 0) {
    now += seconds + Double(days) * 86_400
  }
}

/// The moment written as ISO 8601, for readable tests.
func moment(_ text: String) -> Date {
  guard let date = Timestamp.parse(text) else {
    fatalError("Not an ISO 8601 moment: \(text)")
  }
  return date
}

/// The day written as `YYYY-MM-DD`, for readable tests.
func day(_ text: String) -> Day {
  guard let day = Day(text) else { fatalError("Not a day: \(text)") }
  return day
}

/// Days in UTC starting at midnight, so that a test's moments fall on the days they name.
let utcMidnight = DayClock(timeZone: TimeZone(identifier: "UTC")!, dayStartHour: 0)

/// SplitMix64: a small random number generator that gives the same numbers for the same seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
