import Basics
import FoundationEssentials
import Glibc
import Scheduler

/// Reads the journal, or the part of it after a byte offset, into events.
///
/// Every line must be an event, with two exceptions that a crash can cause and that are skipped:
/// the last line, when it is cut short or otherwise unreadable; and a line that the line right
/// after it marks as torn (``TornLineEvent``), which is how a writer acknowledges a torn last
/// line before appending after it. Any other unreadable line is an error, and blank lines are
/// ignored.
struct JournalReader {
  /// One event with where it sits in the file.
  struct Entry {
    let event: JournalEvent
    /// The line's bytes, without the newline: a slice of what was read, sharing its storage
    /// (indices start at the slice's `startIndex`, not 0).
    let line: Data
    /// The byte offset of the line's start.
    let offset: Int
  }

  /// An unreadable last line that was skipped.
  struct TornTail {
    /// The byte offset of the line's start.
    let offset: Int
    /// Whether the line ends with a newline; if not, the next append must start with one.
    let isTerminated: Bool
    /// The line's number, counting from 1 at the start of the file.
    let lineNumber: Int
    /// What is wrong with it, when it is not merely cut short: a whole line of JSON that is no
    /// event, or a line longer than any event. Nil for a line a crash can leave (cut short,
    /// zeros).
    let problem: String?
  }

  /// What reading found.
  struct Result {
    var entries: [Entry] = []
    var tornTail: TornTail?
    /// Whether the last line is an event that has no newline after it (edited by hand, say).
    var lacksFinalNewline = false
    /// How many lines were skipped because the line after marked them as torn.
    var acknowledgedTornLines = 0
    /// The offset just past the last byte read: the file's size when reading ended.
    var end = 0
  }

  let file: StateFile

  /// How much of the journal is read at a time when its lines are not kept.
  static let chunkSize = 1 << 22

  /// Reads from `offset`, which must be the start of a line, to `end` (a line's end), or to the
  /// end of the file.
  ///
  /// With `keepingLines` (for merging), each entry holds its line, a slice of the journal read
  /// whole. Without, the journal is read a few MiB at a time and the entries' lines are empty, so
  /// that the bytes are not held beside the events.
  ///
  /// With `visit`, each entry is handed to it instead of being kept in the result, so that a
  /// caller that wants only the events holds one array, not two.
  ///
  /// With `words`, a line that holds none of them is skipped unread (unless it follows a line
  /// that does not read, which it may mark as torn): for a caller that looks for a few kinds of
  /// events, and finds damage elsewhere in a later full read.
  func read(
    from offset: Int, to end: Int? = nil, keepingLines: Bool = true,
    chunkSize: Int = Self.chunkSize, onlyLinesHolding words: [StaticString]? = nil,
    visiting visit: ((Entry) -> Void)? = nil
  ) throws(StateError) -> Result {
    var result = Result(end: offset)
    var pendingUnreadable: (offset: Int, reason: String, line: Data)?
    var lastByte: UInt8?

    /// Reads the lines of `data`, which starts at `base` in the file and ends at a line's end.
    func readLines(of data: Data, at base: Int) throws(StateError) {
      for (lineStart, lineEnd, isBlank) in Self.lines(of: data) {
        let newline: Int? = lineEnd < data.endIndex ? lineEnd : nil
        let line = data[lineStart..<lineEnd]
        let lineOffset = base + (lineStart - data.startIndex)
        guard !isBlank else { continue }
        if let words, pendingUnreadable == nil, !Self.line(line, holdsAnyOf: words) { continue }
        let event: JournalEvent
        do {
          event = try JournalEvent.decode(line: line)
        } catch {
          switch error {
          case .newerVersion(let found):
            throw .newerVersion(
              file: file.url, line: try lineNumber(at: lineOffset), found: found,
              supported: JournalEvent.currentVersion)
          case .malformed(let reason):
            if let pending = pendingUnreadable {
              throw try malformed(at: pending.offset, reason: pending.reason)
            }
            pendingUnreadable = (lineOffset, reason, line)
            continue
          }
        }
        if let pending = pendingUnreadable {
          guard case .tornLine(let marker) = event, marker.offset == pending.offset else {
            throw try malformed(at: pending.offset, reason: pending.reason)
          }
          result.acknowledgedTornLines += 1
          pendingUnreadable = nil
        }
        let entry = Entry(event: event, line: keepingLines ? line : Data(), offset: lineOffset)
        if let visit { visit(entry) } else { result.entries.append(entry) }
        result.lacksFinalNewline = newline == nil
      }
    }

    if keepingLines {
      let data = try file.read(from: offset, to: end)
      result.end = offset + data.count
      lastByte = data.last
      try readLines(of: data, at: offset)
    } else {
      (result.end, lastByte) = try readInChunks(
        from: offset, to: end, chunkSize: chunkSize, linesOf: readLines)
    }
    if let pending = pendingUnreadable {
      result.tornTail = TornTail(
        offset: pending.offset, isTerminated: lastByte == UInt8(ascii: "\n"),
        lineNumber: try lineNumber(at: pending.offset),
        problem: Self.problem(ofUnreadable: pending.line, reason: pending.reason))
      result.lacksFinalNewline = false
    }
    return result
  }

  /// Reads from `offset` to `end` (or the end of the file) `chunkSize` bytes at a time, handing
  /// `linesOf` each run of whole lines with where it starts in the file; the end reached and the
  /// last byte read.
  private func readInChunks(
    from offset: Int, to end: Int?, chunkSize: Int,
    linesOf readLines: (Data, Int) throws(StateError) -> Void
  ) throws(StateError) -> (end: Int, lastByte: UInt8?) {
    let fileEnd: Int
    if let end { fileEnd = end } else { fileEnd = try file.size() }
    // As large a journal as a whole read would take, and no larger.
    guard fileEnd - offset <= StateFile.largestRead else {
      throw .io(
        file: file.url, operation: "read \(fileEnd - offset) bytes of it at once", code: EFBIG)
    }
    var position = offset
    var lastByte: UInt8?
    // The bytes read since the last complete line, which start at `pendingStart`; appended to in
    // place, and a chunk searched only for its own last newline, so that a line of many chunks
    // costs its length, not its length squared.
    var pending = Data()
    var pendingStart = offset
    while position < fileEnd {
      let chunk = try file.read(from: position, to: min(fileEnd, position + chunkSize))
      guard !chunk.isEmpty else { break }
      pending.append(chunk)
      position += chunk.count
      lastByte = chunk.last
      guard position < fileEnd, let newline = chunk.lastIndex(of: UInt8(ascii: "\n")) else {
        continue
      }
      let cut = pending.count - chunk.count + (newline - chunk.startIndex) + 1
      try readLines(pending[..<cut], pendingStart)
      pending = Data(pending[cut...])
      pendingStart += cut
    }
    if !pending.isEmpty { try readLines(pending, pendingStart) }
    return (position, lastByte)
  }

  /// What is wrong with an unreadable last line that a crash cannot have left: it is longer than
  /// any event, or whole JSON that is no event (`reason`); nil when it may be cut short.
  static func problem(ofUnreadable line: Data, reason: String) -> String? {
    if line.count > longestEventLine {
      return "it has \(line.count) bytes, more than any event (\(longestEventLine))"
    }
    guard (try? JSONDecoder().decode(JSONValue.self, from: line)) != nil else { return nil }
    return reason
  }

  /// Whether `line` holds the bytes of one of `words`.
  private static func line(_ line: Data, holdsAnyOf words: [StaticString]) -> Bool {
    line.withUnsafeBytes { bytes in words.contains { bytes.holds($0) } }
  }

  /// Where each line of `data` starts and ends (at its newline, or the end), and whether it is
  /// blank; found through the bytes' pointer, since reading `Data` a byte at a time checks
  /// exclusive access on every byte.
  private static func lines(of data: Data) -> [(start: Int, end: Int, isBlank: Bool)] {
    data.withUnsafeBytes { raw in
      var lines: [(start: Int, end: Int, isBlank: Bool)] = []
      let bytes = raw.bindMemory(to: UInt8.self)
      var start = 0
      while start < bytes.count {
        // memchr, not firstIndex(of:): the C library's search compares many bytes a step, where
        // the generic loop compares one.
        let end =
          memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
          .map { UnsafeRawPointer(bytes.baseAddress!).distance(to: UnsafeRawPointer($0)) }
          ?? bytes.count
        let blank = UnsafeBufferPointer(rebasing: bytes[start..<end]).allSatisfy(isBlank)
        lines.append((data.startIndex + start, data.startIndex + end, blank))
        start = end + 1
      }
      return lines
    }
  }

  /// The event on the last line that is not blank before `offset` (a line's end), or nil if
  /// there is none or it is not an event. Blank lines are skipped, as when reading, so that a
  /// snapshot still fits a journal that ends in blank lines.
  func event(endingAt offset: Int) throws(StateError) -> JournalEvent? {
    // The last byte that is neither blank nor a newline, read backwards in chunks.
    var position = offset
    var lastByte: Int?
    while position > 0 && lastByte == nil {
      let chunkStart = max(0, position - 4096)
      let chunk = try file.read(from: chunkStart, to: position)
      if let index = chunk.lastIndex(where: { $0 != UInt8(ascii: "\n") && !isBlank($0) }) {
        lastByte = chunkStart + (index - chunk.startIndex)
      }
      position = chunkStart
    }
    guard let lastByte else { return nil }
    let rest = try file.read(from: lastByte, to: offset)
    guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    return try event(onLineEndingAt: lastByte + (newline - rest.startIndex) + 1)
  }

  /// The event on the line that ends just before `offset`, or nil if it is not an event.
  private func event(onLineEndingAt offset: Int) throws(StateError) -> JournalEvent? {
    guard offset > 0 else { return nil }
    // Lines are a few hundred bytes; read backwards in chunks until the previous newline, each
    // chunk once (a line of megabytes costs its length, not its length squared), and give up on
    // a line longer than any event: it is not one.
    var start = offset - 1
    while start > 0 {
      guard offset - start <= Self.longestEventLine else { return nil }
      let chunkStart = max(0, start - 4096)
      let chunk = try file.read(from: chunkStart, to: start)
      if let newline = chunk.lastIndex(of: UInt8(ascii: "\n")) {
        start = chunkStart + (newline - chunk.startIndex) + 1
        break
      }
      start = chunkStart
    }
    let line = try file.read(from: start, to: offset - 1)
    return try? JournalEvent.decode(line: line)
  }

  /// The longest line an event can take: a card id is at most
  /// ``JournalEvent/maximumCardIDLength`` bytes, and the rest of a line well under 2 KB.
  static let longestEventLine = 64 * 1024

  /// The number of the line that starts at `offset`, counting from 1. Counts every newline before
  /// it, so it is for error messages only.
  func lineNumber(at offset: Int) throws(StateError) -> Int {
    var newlines = 0
    var position = 0
    while position < offset {
      let chunk = try file.read(from: position, to: min(offset, position + 1 << 20))
      if chunk.isEmpty { break }
      newlines += chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      position += chunk.count
    }
    return newlines + 1
  }

  private func malformed(at offset: Int, reason: String) throws(StateError) -> StateError {
    .malformedJournalLine(file: file.url, line: try lineNumber(at: offset), reason: reason)
  }
}

private func isBlank(_ byte: UInt8) -> Bool {
  byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
}
