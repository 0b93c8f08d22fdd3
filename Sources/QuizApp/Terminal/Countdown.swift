/// The arithmetic of waiting for a line until a deadline: how long to wait next, and when the
/// prompt's count of seconds left changes.
///
/// Kept apart from readline so that a test can drive it with any clock readings.
struct Countdown {
  /// What to do at one reading of the clock.
  enum Step: Equatable {
    /// Wait for input at most `milliseconds`; show `seconds` left, if that changed.
    case wait(milliseconds: Int32, show: Int?)
    /// The deadline has passed.
    case expired
  }

  /// The deadline, in seconds on the session's monotonic clock.
  let deadline: Double
  private var shown: Int?

  init(deadline: Double) {
    self.deadline = deadline
  }

  /// The step at clock reading `now`: the wait lasts until the count of whole seconds left (
  /// rounded up) next changes, between 10 ms and 1 s.
  mutating func step(at now: Double) -> Step {
    let left = deadline - now
    guard left > 0 else { return .expired }
    let seconds = Int(left.rounded(.up))
    let show = seconds == shown ? nil : seconds
    shown = seconds
    let untilChange = (left - Double(seconds - 1)) * 1000
    return .wait(milliseconds: Int32(min(1000, max(10, untilChange))), show: show)
  }
}
