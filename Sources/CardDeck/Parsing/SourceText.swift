import FoundationEssentials
import Glibc

/// A deck file's bytes decoded into numbered lines.
///
/// Tolerates what editors and other systems leave behind: a UTF-8 byte-order mark and CRLF line
/// endings. Bytes that are not UTF-8 are reported with their line and replaced, so that the rest
/// of the file can still be checked in the same pass.
public struct SourceText: Sendable {
  /// The path used in diagnostics.
  public let path: String
  /// The lines, without line terminators; `lines[0]` is line 1.
  public let lines: [Substring]
  /// Problems with the encoding itself.
  public let diagnostics: [Diagnostic]

  /// Decodes `bytes` read from `path`. Control characters are made visible (see
  /// ``ControlCharacters``), each line that held one warned about, in the path too.
  public init(bytes: some Collection<UInt8>, path: String) {
    self.path = ControlCharacters.visible(path)
    var bytes = Array(bytes)
    let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    // Removing nothing would still copy the file, whose bytes the caller holds too.
    if bomLength > 0 { bytes.removeFirst(bomLength) }
    var diagnostics: [Diagnostic] = []
    let text: String
    if let valid = String(validating: bytes, as: UTF8.self) {
      text = valid
    } else {
      let offset = Self.firstInvalidUTF8Offset(in: bytes) ?? 0
      // Lines end as they are split below: at "\n", "\r\n" or a lone "\r". The byte at `offset`
      // exists, so a "\r" before it always has a next byte to look at.
      let line =
        1
        + bytes[..<offset].indices.count {
          bytes[$0] == 0x0A || (bytes[$0] == 0x0D && bytes[$0 + 1] != 0x0A)
        }
      let byte = String(bytes[offset], radix: 16, uppercase: true)
      diagnostics.append(
        .error(
          "the file is not UTF-8 text (byte 0x\(byte) at offset \(bomLength + offset)); save it as UTF-8",
          at: SourceLocation(path: self.path, line: line)))
      text = String(decoding: bytes, as: UTF8.self)
    }
    var lines = Self.lines(of: text)
    if lines.last?.isEmpty == true { lines.removeLast() }
    if ControlCharacters.mayContain(bytes) {
      for index in lines.indices {
        guard let control = lines[index].unicodeScalars.first(where: ControlCharacters.isControl)
        else { continue }
        let code = String(control.value, radix: 16, uppercase: true)
        diagnostics.append(
          .warning(
            "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) "
              + "shown as \(ControlCharacters.visible(String(control))): a deck holds none; "
              + "delete it",
            at: SourceLocation(path: self.path, line: index + 1)))
        lines[index] = Substring(ControlCharacters.visible(lines[index]))
      }
    }
    self.diagnostics = diagnostics
    self.lines = lines
  }

  /// The lines of `text`, split at "\n", "\r\n" and "\r" as `split` on Characters would: those
  /// are always Characters of their own ("\r\n" one Character), so the bytes can be scanned
  /// instead, which is many times faster.
  private static func lines(of text: String) -> [Substring] {
    var text = text
    text.makeContiguousUTF8()
    let utf8 = text.utf8
    var lines: [Substring] = []
    utf8.withContiguousStorageIfAvailable { bytes in
      guard let base = bytes.baseAddress else { return }
      let count = bytes.count
      let hasCarriageReturn = memchr(base, 0x0D, count) != nil
      // Sized once: growing the array a line at a time took half of splitting a file.
      var lineEnds = 1
      for byte: UInt8 in hasCarriageReturn ? [0x0A, 0x0D] : [0x0A] {
        var offset = 0
        while offset < count, let found = memchr(base + offset, Int32(byte), count - offset) {
          lineEnds += 1
          offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
      }
      lines.reserveCapacity(lineEnds)
      var start = 0
      var startIndex = utf8.startIndex
      func line(to end: Int, next: Int) {
        let endIndex = utf8.index(startIndex, offsetBy: end - start)
        lines.append(text[startIndex..<endIndex])
        startIndex = utf8.index(endIndex, offsetBy: next - end)
        start = next
      }
      if !hasCarriageReturn {
        while start < count, let found = memchr(base + start, 0x0A, count - start) {
          let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          line(to: end, next: end + 1)
        }
      } else {
        var offset = 0
        while offset < count {
          switch bytes[offset] {
          case 0x0A:
            line(to: offset, next: offset + 1)
          case 0x0D:
            let next = offset + 1 < count && bytes[offset + 1] == 0x0A ? offset + 2 : offset + 1
            line(to: offset, next: next)
          default:
            break
          }
          offset = start > offset ? start : offset + 1
        }
      }
      lines.append(text[startIndex...])
    }
    return lines
  }

  /// Decodes a string, as if it had been read from `path`.
  public init(_ text: String, path: String) {
    self.init(bytes: Array(text.utf8), path: path)
  }

  /// The location of a 1-based line.
  public func location(_ line: Int) -> SourceLocation {
    SourceLocation(path: path, line: line)
  }

  /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
  static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length: Int
      switch lead {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return index
      }
      guard index + length <= bytes.count else { return index }
      var sequence = bytes[index..<index + length].makeIterator()
      _ = sequence.next()
      var isValid = true
      var position = 1
      while let byte = sequence.next() {
        let (low, high): (UInt8, UInt8) =
          switch (lead, position) {
          case (0xE0, 1): (0xA0, 0xBF)
          case (0xED, 1): (0x80, 0x9F)
          case (0xF0, 1): (0x90, 0xBF)
          case (0xF4, 1): (0x80, 0x8F)
          default: (0x80, 0xBF)
          }
        if byte < low || byte > high { isValid = false }
        position += 1
      }
      guard isValid else { return index }
      index += length
    }
    return nil
  }
}
