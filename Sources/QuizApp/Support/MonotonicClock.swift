import FoundationEssentials
import Glibc

/// Seconds on a clock that only moves forward, for time limits and how long things took.
///
/// Apart from the date clock on purpose: `QUIZ_NOW` fixes the date that grades are recorded on,
/// and must not stop a countdown or make a session last no time.
public struct MonotonicClock: Sendable {
  /// Seconds since some fixed moment in the past.
  var seconds: @Sendable () -> Double

  /// The clock that `seconds` reads.
  public init(seconds: @escaping @Sendable () -> Double) {
    self.seconds = seconds
  }

  /// The system's monotonic clock.
  static let live = MonotonicClock {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
