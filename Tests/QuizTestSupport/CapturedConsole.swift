import QuizApp
import Synchronization

/// A console that keeps what was written, for tests.
public final class CapturedConsole: @unchecked Sendable {
  /// What was written to standard output.
  public private(set) var out = ""
  /// What was written to standard error.
  public private(set) var error = ""
  private let lock = Mutex(())

  /// A console with nothing written yet.
  public init() {}

  /// The console that commands write to.
  public lazy var console = Console(
    out: { [unowned self] text in lock.withLock { _ in out += text } },
    error: { [unowned self] text in lock.withLock { _ in error += text } })
}
