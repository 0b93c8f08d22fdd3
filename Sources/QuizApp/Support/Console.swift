import CardDeck
import FoundationEssentials
import Glibc

/// Where a command writes: standard output and standard error, or what a test keeps.
public final class Console: @unchecked Sendable {
  private let writeOut: (String) -> Void
  private let writeError: (String) -> Void

  /// A console that hands standard output's text to `out` and standard error's to `error`.
  public init(out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
    writeOut = out
    writeError = error
  }

  /// The process's own standard output and standard error.
  ///
  /// Written with `write(2)`, not `FileHandle.write`, which traps on an error: output to a full
  /// disk (`quiz cards > /dev/full`) ends quiz with a message and exit status 1; output to a
  /// closed pipe (`quiz cards | head -1`) ends it quietly with status 1, as Unix tools do when
  /// SIGPIPE is ignored. Every grade is on disk before anything about it is printed.
  public static let standard = Console(
    out: { writeOrExit($0, to: STDOUT_FILENO) },
    error: { writeOrExit($0, to: STDERR_FILENO) })

  /// Writes all of `text` to `descriptor`, or ends the process as ``standard`` describes.
  private static func writeOrExit(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count >= 0 {
        bytes = bytes.dropFirst(count)
        continue
      }
      let code = errno
      if code == EINTR { continue }
      if code != EPIPE && descriptor == STDOUT_FILENO {
        let message = "quiz: cannot write to standard output: \(String(cString: strerror(code)))\n"
        _ = message.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
      }
      exit(ExitCode.failure.rawValue)
    }
  }

  /// Writes a line to standard output.
  func print(_ text: String = "") { writeOut(text + "\n") }

  /// Writes text to standard output as it is.
  func write(_ text: String) { writeOut(text) }

  /// Writes a line to standard error, its control characters made visible: messages quote
  /// arguments, environment variables and file contents, none of which may drive the terminal.
  /// (quiz writes no escape codes of its own to standard error.)
  func printError(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    writeError(lines.map(ControlCharacters.visible).joined(separator: "\n") + "\n")
  }

  /// Reports why a command failed, on standard error: `quiz: message`.
  func failure(_ message: some CustomStringConvertible) { printError("quiz: \(message)") }

  /// Reports something worked around, on standard error: `quiz: warning: message`.
  func warning(_ message: some CustomStringConvertible) { printError("quiz: warning: \(message)") }
}
