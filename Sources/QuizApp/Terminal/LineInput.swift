/// Where a session reads its lines: readline on a terminal, a pipe, or a script in tests.
public protocol LineInput: AnyObject {
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

  /// Whether more is waiting to be read already: keys typed ahead, or a paste's next lines.
  var hasTypedAhead: Bool { get }
}

extension LineInput {
  /// Nothing waits where lines are read as they come.
  public var hasTypedAhead: Bool { false }

  /// Reads one line: Enter is needed after every key.
  public func read(prompt: String, keys: Set<Character>) -> InputEvent {
    read(prompt: prompt)
  }

  /// Reads one line after showing `prompt`.
  public func read(prompt: String) -> InputEvent {
    read(prompt: prompt, deadline: nil, tick: nil)
  }
}

/// What reading a line gave.
public enum InputEvent: Equatable {
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
