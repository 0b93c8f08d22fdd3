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
  /// The decoded text's UTF-8 bytes, control characters made visible: what ``lineRanges``
  /// index. For a file of UTF-8 without control characters, nearly every deck, its own bytes.
  let utf8: [UInt8]
  /// Each line's offsets in ``utf8``, without its line terminator; `lineRanges[0]` is line 1.
  let lineRanges: [Range<Int>]
  /// Problems with the encoding itself.
  public let diagnostics: [Diagnostic]

  /// The lines, without line terminators; `lines[0]` is line 1.
  ///
  /// Made on each call: the native deck parser reads ``lineRanges`` instead.
  public var lines: [Substring] {
    Self.lines(of: String(decoding: utf8, as: UTF8.self), at: lineRanges)
  }

  /// The pieces of `text` at `ranges`.
  private static func lines(of text: String, at ranges: [Range<Int>]) -> [Substring] {
    let utf8 = text.utf8
    var lines: [Substring] = []
    lines.reserveCapacity(ranges.count)
    for range in ranges {
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      let end = utf8.index(start, offsetBy: range.count)
      lines.append(text[start..<end])
    }
    return lines
  }

  /// Decodes `bytes` read from `path`. Control characters are made visible (see
  /// ``ControlCharacters``), each line that held one warned about, in the path too.
  public init(bytes: some Collection<UInt8>, path: String) {
    self.path = ControlCharacters.visible(path)
    var bytes = Array(bytes)
    let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    // Removing nothing would still copy the file, whose bytes the caller holds too.
    if bomLength > 0 { bytes.removeFirst(bomLength) }
    if var ranges = bytes.withUnsafeBufferPointer(Self.plainLineRanges) {
      if ranges.last?.isEmpty == true { ranges.removeLast() }
      utf8 = bytes
      lineRanges = ranges
      diagnostics = []
      return
    }
    var diagnostics: [Diagnostic] = []
    var text: String
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
    text.makeContiguousUTF8()
    var ranges = Self.lineRanges(of: text)
    if ranges.last?.isEmpty == true { ranges.removeLast() }
    if ControlCharacters.mayContain(bytes) {
      var lines = Self.lines(of: text, at: ranges)
      var changed = false
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
        changed = true
      }
      if changed {
        // The lines are put in a text of their own, one "\n" after each.
        text = lines.joined(separator: "\n")
        var start = 0
        ranges = lines.map { line in
          defer { start += line.utf8.count + 1 }
          return start..<start + line.utf8.count
        }
      }
    }
    self.utf8 = Array(text.utf8)
    self.lineRanges = ranges
    self.diagnostics = diagnostics
  }

  /// The offsets of the lines of `bytes` when they are UTF-8 without a control character (see
  /// ``ControlCharacters/mayContain(_:)``) and without "\r", split at "\n"; nil for other bytes,
  /// which are read the slow way. The last line may be empty.
  ///
  /// One pass does the work of validating, of looking for controls and of finding the line ends:
  /// a word of eight bytes of printable ASCII and "\n", most of a deck, needs no look at a byte.
  private static func plainLineRanges(_ buffer: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    guard let base = buffer.baseAddress else { return [0..<0] }
    let count = buffer.count
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(count / 16 + 1)
    var lineStart = 0
    var index = 0
    let ones: UInt64 = 0x0101_0101_0101_0101
    let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let lastWord = count &- 8
    scan: while index < count {
      var wordEnd = count
      if index <= lastWord {
        var (word, unusual) = plainWord(at: base + index)
        while unusual == 0 {
          index &+= 8
          guard index <= lastWord else { continue scan }
          (word, unusual) = plainWord(at: base + index)
        }
        // The high bit of each "\n": of each zero byte of the word xor "\n"s, exactly.
        let xored = word ^ (ones &* 0x0A)
        var newlines = ~(((xored & lowBits) &+ lowBits) | xored | lowBits)
        if unusual == newlines {
          repeat {
            let end = index &+ newlines.trailingZeroBitCount &>> 3
            ranges.append(Range(uncheckedBounds: (lineStart, end)))
            lineStart = end &+ 1
            newlines &= newlines &- 1
          } while newlines != 0
          index &+= 8
          continue
        }
        wordEnd = index &+ 8
      }
      while index < wordEnd {
        switch base[index] {
        case 0x0A:
          ranges.append(lineStart..<index)
          index += 1
          lineStart = index
        case 0x09, 0x20...0x7E:
          index += 1
        case 0x00...0x1F, 0x7F:
          return nil
        default:
          guard let length = plainScalarLength(at: index, in: buffer) else { return nil }
          index += length
        }
      }
    }
    ranges.append(lineStart..<count)
    return ranges
  }

  /// The eight bytes at `pointer`, and the high bit of each that is below 0x20, 0x7F or above.
  @inline(__always)
  private static func plainWord(at pointer: UnsafePointer<UInt8>) -> (
    word: UInt64, unusual: UInt64
  ) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let word = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    // With its high bit set, a byte below 0x80 borrows nothing when 0x20 is taken from it and
    // loses the bit exactly when it was below 0x20; 0x7F gets it when 1 is added. (A carry out
    // of a byte above 0x7F may mark the next byte too; the word is read byte by byte then.)
    return (word, (~((word | highBits) &- ones &* 0x20) | (word &+ ones) | word) & highBits)
  }

  /// The length of the scalar whose lead byte, 0x80 or above, is at `index`: two to four bytes
  /// of UTF-8 that encode no C1 control or bidirectional control. Nil for anything else.
  @inline(__always)
  private static func plainScalarLength(at index: Int, in buffer: UnsafeBufferPointer<UInt8>)
    -> Int?
  {
    let base = buffer.baseAddress!
    let count = buffer.count
    @inline(__always) func continuation(
      _ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF
    ) -> Bool {
      offset < count && base[offset] >= low && base[offset] <= high
    }
    let byte = base[index]
    switch byte {
    case 0xC2...0xDF:
      // C1 controls are C2 80…C2 9F.
      return continuation(index + 1, byte == 0xC2 ? 0xA0 : 0x80) ? 2 : nil
    case 0xE0...0xEF:
      let (low, high): (UInt8, UInt8) =
        byte == 0xE0 ? (0xA0, 0xBF) : byte == 0xED ? (0x80, 0x9F) : (0x80, 0xBF)
      guard continuation(index + 1, low, high), continuation(index + 2) else { return nil }
      // The bidirectional controls are E2 80 AA…AE and E2 81 A6…A9.
      if byte == 0xE2 {
        let (second, third) = (base[index + 1], base[index + 2])
        if (second == 0x80 && (0xAA...0xAE).contains(third))
          || (second == 0x81 && (0xA6...0xA9).contains(third))
        {
          return nil
        }
      }
      return 3
    case 0xF0...0xF4:
      let (low, high): (UInt8, UInt8) =
        byte == 0xF0 ? (0x90, 0xBF) : byte == 0xF4 ? (0x80, 0x8F) : (0x80, 0xBF)
      guard continuation(index + 1, low, high), continuation(index + 2), continuation(index + 3)
      else { return nil }
      return 4
    default:
      return nil
    }
  }

  /// The UTF-8 offsets of the lines of `text`, split at "\n", "\r\n" and "\r" as `split` on
  /// Characters would: those are always Characters of their own ("\r\n" one Character), so the
  /// bytes can be scanned instead of the Characters. The last line may be empty.
  private static func lineRanges(of text: String) -> [Range<Int>] {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return [0..<0] }
      let count = bytes.count
      let hasCarriageReturn = memchr(base, 0x0D, count) != nil
      var ranges: [Range<Int>] = []
      // Sized once, from a count of the line ends, rather than grown a line at a time.
      var lineEnds = 1
      for byte: UInt8 in hasCarriageReturn ? [0x0A, 0x0D] : [0x0A] {
        var offset = 0
        while offset < count, let found = memchr(base + offset, Int32(byte), count - offset) {
          lineEnds += 1
          offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
      }
      ranges.reserveCapacity(lineEnds)
      var start = 0
      if !hasCarriageReturn {
        while start < count, let found = memchr(base + start, 0x0A, count - start) {
          let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          ranges.append(start..<end)
          start = end + 1
        }
      } else {
        var offset = 0
        while offset < count {
          switch bytes[offset] {
          case 0x0A:
            ranges.append(start..<offset)
            start = offset + 1
          case 0x0D:
            ranges.append(start..<offset)
            start = offset + 1 < count && bytes[offset + 1] == 0x0A ? offset + 2 : offset + 1
          default:
            break
          }
          offset = start > offset ? start : offset + 1
        }
      }
      ranges.append(start..<count)
      return ranges
    }
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
