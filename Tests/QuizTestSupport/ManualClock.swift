import Foundation
import QuizApp
import Synchronization

/// A monotonic clock that moves only when told, for tests.
public final class ManualClock: Sendable {
  private let seconds: Mutex<Double>

  /// A clock that reads `seconds` until it is moved.
  public init(_ seconds: Double = 1000) { self.seconds = Mutex(seconds) }

  /// The clock's reading; setting it moves the clock.
  public var now: Double {
    get { seconds.withLock { $0 } }
    set { seconds.withLock { $0 = newValue } }
  }

  /// The clock as a session reads it.
  public var clock: MonotonicClock { MonotonicClock { [self] in now } }

  /// A date clock that moves with this one: `start` now, and as many seconds later as this
  /// clock is moved on (by hand, or by a ``ScriptedInput``'s timed lines).
  public func dates(startingAt start: Date) -> @Sendable () -> Date {
    let origin = now
    return { [self] in start.addingTimeInterval(now - origin) }
  }
}
