import FoundationEssentials
import Glibc

/// Lines from a file descriptor that is not a terminal, such as a pipe: no line editing.
///
/// Reads with read(2) rather than Swift's readLine so that a signal interrupts the wait.
final class StreamInput: LineInput {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var atEnd = false
  let isInteractive = false
  private(set) var linesRead = 0

  init(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
  }

  /// How far `buffer` has been searched for a newline: each byte is looked at once, so a long
  /// line costs its length, not its length squared.
  private var searched = 0

  /// The longest line read, in bytes: an attempt or a grade is a few lines of text.
  static let longestLine = 1 << 20

  func read(prompt: String, deadline: Double?, tick: ((Int) -> String)?) -> InputEvent {
    while true {
      if Signals.hasArrived { return .interrupted }
      if let newline = buffer[searched...].firstIndex(of: 0x0A) {
        var line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        searched = 0
        if line.last == 0x0D { line.removeLast() }
        linesRead += 1
        return .line(String(decoding: line, as: UTF8.self))
      }
      searched = buffer.count
      if buffer.count > Self.longestLine {
        linesRead += 1
        return .overlong(limit: Self.longestLine)
      }
      if atEnd {
        guard !buffer.isEmpty else { return .end }
        defer {
          buffer = []
          searched = 0
        }
        linesRead += 1
        return .line(String(decoding: buffer, as: UTF8.self))
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer += chunk[..<count]
      } else if count == 0 {
        atEnd = true
      } else if errno != EINTR {
        atEnd = true
      }
    }
  }
}
