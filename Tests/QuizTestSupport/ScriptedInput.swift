import QuizApp

/// Lines given in advance, for tests; the end of the script is the end of input.
///
/// With a ``ManualClock``, each line can take time to arrive: reading it moves the clock on by
/// that much. On a terminal (`interactive`), a line that would arrive after the deadline is cut
/// off as readline's countdown would cut it: the clock stops at the deadline, the line is lost,
/// and the read times out. Piped, the line arrives late and is returned.
public final class ScriptedInput: LineInput {
  private var lines: [(event: InputEvent, delay: Double)]
  private let clock: ManualClock?
  /// Every prompt shown, in order.
  public private(set) var prompts: [String] = []
  /// Whether the script plays a person at a terminal.
  public let isInteractive: Bool
  /// How many lines have been read.
  public private(set) var linesRead = 0

  /// Whether the lines come at once, as a paste the terminal types: each has the rest waiting.
  public let isPasted: Bool

  /// These lines, then the end of input; `pasted`, all waiting at once.
  public init(_ lines: [String], interactive: Bool = false, pasted: Bool = false) {
    self.lines = lines.map { (.line($0), 0) }
    self.isInteractive = interactive
    self.isPasted = pasted
    self.clock = nil
  }

  /// Whether a line is waiting behind the one read: only in a paste.
  public var hasTypedAhead: Bool { isPasted && !lines.isEmpty }

  /// These events, then the end of input.
  public init(events: [InputEvent], interactive: Bool = false) {
    self.lines = events.map { ($0, 0) }
    self.isInteractive = interactive
    self.isPasted = false
    self.clock = nil
  }

  /// Lines that each take `delay` seconds on `clock` to arrive.
  public init(timed lines: [(String, delay: Double)], interactive: Bool, clock: ManualClock) {
    self.lines = lines.map { (.line($0.0), $0.delay) }
    self.isInteractive = interactive
    self.isPasted = false
    self.clock = clock
  }

  /// The script's next event, after the time it takes to arrive.
  public func read(prompt: String, deadline: Double?, tick: ((Int) -> String)?) -> InputEvent {
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
