import Foundation

/// Where a session reads its lines: readline on a terminal, a pipe, or a script in tests.
protocol LineInput: AnyObject {
  /// Whether a person is typing: multi-line attempts, countdowns and line editing make sense.
  var isInteractive: Bool { get }

  /// Reads one line after showing `prompt`. With a `deadline`, gives up then with `.timedOut`,
  /// calling `tick` with the seconds left about once a second so the prompt can show them.
  func read(prompt: String, deadline: Date?, tick: ((Int) -> String)?) -> InputEvent
}

extension LineInput {
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
  /// The deadline passed before a line was entered.
  case timedOut
}

/// Lines given in advance, for tests; the end of the script is the end of input.
final class ScriptedInput: LineInput {
  private var lines: [InputEvent]
  /// Every prompt shown, in order.
  private(set) var prompts: [String] = []
  let isInteractive: Bool

  init(_ lines: [String], interactive: Bool = false) {
    self.lines = lines.map(InputEvent.line)
    self.isInteractive = interactive
  }

  init(events: [InputEvent], interactive: Bool = false) {
    self.lines = events
    self.isInteractive = interactive
  }

  func read(prompt: String, deadline: Date?, tick: ((Int) -> String)?) -> InputEvent {
    prompts.append(prompt)
    return lines.isEmpty ? .end : lines.removeFirst()
  }
}
