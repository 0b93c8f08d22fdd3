import FoundationEssentials
import Synchronization

/// Where a session reads its lines: readline on a terminal, a pipe, or a script in tests.
protocol LineInput: AnyObject {
  /// Whether a person is typing: multi-line attempts, countdowns and line editing make sense.
  var isInteractive: Bool { get }
  /// How many lines have been read, for messages about piped input that name the line.
  var linesRead: Int { get }

  /// Reads one line after showing `prompt`. With a `deadline` (seconds on the session's
  /// ``MonotonicClock``), gives up then with `.timedOut` and what was typed, calling `tick` with the seconds left
  /// about once a second so the prompt can show them.
  func read(prompt: String, deadline: Double?, tick: ((Int) -> String)?) -> InputEvent

  /// Reads one line after showing `prompt`; on a terminal, one of `keys` typed on an empty line
  /// is the line at once, without Enter.
  func read(prompt: String, keys: Set<Character>) -> InputEvent
}

extension LineInput {
  /// Reads one line: Enter is needed after every key.
  func read(prompt: String, keys: Set<Character>) -> InputEvent {
    read(prompt: prompt)
  }

  /// Reads one line after showing `prompt`.
  func read(prompt: String) -> InputEvent {
    read(prompt: prompt, deadline: nil, tick: nil)
  }
}

/// What reading a line gave.
enum InputEvent: Equatable {
  /// A line, without its line break.
  case line(String)
  /// The end of the input: Ctrl-D, or the end of a pipe.
  case end
  /// Ctrl-C, SIGTERM or SIGHUP arrived.
  case interrupted
  /// The deadline passed before a line was entered; `typed` is what the line held then.
  case timedOut(typed: String)
  /// The line is longer than the input reads (`limit` bytes): it is no attempt or grade.
  case overlong(limit: Int)
}

extension InputEvent {
  /// The line read, if one was.
  var line: String? {
    if case .line(let text) = self { text } else { nil }
  }
}

/// Lines given in advance, for tests; the end of the script is the end of input.
///
/// With a ``ManualClock``, each line can take time to arrive: reading it moves the clock on by
/// that much. On a terminal (`interactive`), a line that would arrive after the deadline is cut
/// off as readline's countdown would cut it: the clock stops at the deadline, the line is lost,
/// and the read times out. Piped, the line arrives late and is returned.
final class ScriptedInput: LineInput {
  private var lines: [(event: InputEvent, delay: Double)]
  private let clock: ManualClock?
  /// Every prompt shown, in order.
  private(set) var prompts: [String] = []
  let isInteractive: Bool
  private(set) var linesRead = 0

  init(_ lines: [String], interactive: Bool = false) {
    self.lines = lines.map { (.line($0), 0) }
    self.isInteractive = interactive
    self.clock = nil
  }

  init(events: [InputEvent], interactive: Bool = false) {
    self.lines = events.map { ($0, 0) }
    self.isInteractive = interactive
    self.clock = nil
  }

  /// Lines that each take `delay` seconds on `clock` to arrive.
  init(timed lines: [(String, delay: Double)], interactive: Bool, clock: ManualClock) {
    self.lines = lines.map { (.line($0.0), $0.delay) }
    self.isInteractive = interactive
    self.clock = clock
  }

  func read(prompt: String, deadline: Double?, tick: ((Int) -> String)?) -> InputEvent {
    prompts.append(prompt)
    guard !lines.isEmpty else { return .end }
    let (event, delay) = lines.removeFirst()
    switch event {
    case .line, .overlong: linesRead += 1
    case .end, .interrupted, .timedOut: break
    }
    if let clock {
      let arrival = clock.now + delay
      if isInteractive, let deadline, arrival > deadline {
        clock.now = deadline
        return .timedOut(typed: "")
      }
      clock.now = arrival
    }
    return event
  }
}

/// A monotonic clock that moves only when told, for tests.
final class ManualClock: Sendable {
  private let seconds: Mutex<Double>

  init(_ seconds: Double = 1000) { self.seconds = Mutex(seconds) }

  /// The clock's reading; setting it moves the clock.
  var now: Double {
    get { seconds.withLock { $0 } }
    set { seconds.withLock { $0 = newValue } }
  }

  /// The clock as a session reads it.
  var clock: MonotonicClock { MonotonicClock { [self] in now } }
}
