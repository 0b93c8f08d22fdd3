import Foundation

/// Where a command writes: standard output and standard error, or buffers in tests.
final class Console: @unchecked Sendable {
  private let writeOut: (String) -> Void
  private let writeError: (String) -> Void

  init(out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
    writeOut = out
    writeError = error
  }

  /// The process's own standard output and standard error.
  static let standard = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    error: { FileHandle.standardError.write(Data($0.utf8)) })

  /// Writes a line to standard output.
  func print(_ text: String = "") { writeOut(text + "\n") }

  /// Writes text to standard output as it is.
  func write(_ text: String) { writeOut(text) }

  /// Writes a line to standard error.
  func printError(_ text: String) { writeError(text + "\n") }

  /// Reports why a command failed, on standard error: `quiz: message`.
  func failure(_ message: some CustomStringConvertible) { printError("quiz: \(message)") }

  /// Reports something worked around, on standard error: `quiz: warning: message`.
  func warning(_ message: some CustomStringConvertible) { printError("quiz: warning: \(message)") }
}

/// A console that keeps what was written, for tests.
final class CapturedConsole: @unchecked Sendable {
  private(set) var out = ""
  private(set) var error = ""
  private let lock = NSLock()

  lazy var console = Console(
    out: { [unowned self] text in lock.withLock { out += text } },
    error: { [unowned self] text in lock.withLock { error += text } })
}
