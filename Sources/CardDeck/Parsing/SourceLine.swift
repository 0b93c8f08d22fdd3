import Glibc

/// One line of a ``SourceText`` as its UTF-8 bytes, with the line operations of the native deck
/// parser by bytes.
///
/// Each operation gives what the same operation on the line's Characters gives (Swift compares
/// text by grapheme cluster): it decides by bytes where they show that the Characters involved
/// are single ASCII bytes (see `Substring.isSimple`), and asks the Character rule on a copy of
/// the line otherwise. A line break is always a grapheme boundary, so the line's own Characters
/// are the ones it has in the file.
struct SourceLine {
  /// The line's bytes, without its line terminator.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the line's first byte in the file.
  let start: Int

  /// The line at `range` of `text`, the bytes of a whole file.
  @inline(__always)
  init(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) {
    bytes = UnsafeBufferPointer(rebasing: text[range])
    start = range.lowerBound
  }

  /// The byte at `index`, or 0 past the end.
  @inline(__always)
  private func byteAt(_ index: Int) -> UInt8 {
    index < bytes.count ? bytes[index] : 0
  }

  /// Whether the line is empty or only spaces and tabs: any other byte starts a Character that
  /// is neither.
  var isBlank: Bool {
    for byte in bytes where byte != 0x20 && byte != 0x09 { return false }
    return true
  }

  /// Whether every scalar is below U+0300 (so is a Character of its own); lines hold no "\r".
  var isSimple: Bool {
    SimpleLine.isLine(bytes)
  }

  /// The bytes of `range` as text: a copy, for the Character rules.
  func text(_ range: Range<Int>) -> Substring {
    Substring(string(range))
  }

  /// The whole line as text.
  var text: Substring { text(0..<bytes.count) }

  /// The bytes of `range` as a string.
  @inline(__always)
  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// The offsets of `part`, a piece of `text(range)`, in the line.
  private static func offsets(of part: Substring, in range: Range<Int>) -> Range<Int> {
    let base = part.base.utf8
    let start = base.distance(from: base.startIndex, to: part.startIndex)
    return range.lowerBound + start..<range.lowerBound + start + part.utf8.count
  }

  /// `range` without leading and trailing spaces and tabs (`trimmingWhitespace()`).
  @inline(__always)
  func trimmed(_ range: Range<Int>) -> Range<Int> {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    // A space before a grapheme extender (U+0300 and up) would be one Character with it.
    if start > range.lowerBound && start < end && bytes[start] >= 0xCC {
      return trimmedByCharacter(range)
    }
    let trailing = end
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    if end < trailing && end > start {
      // A prepended mark (U+0600 and up) before a space would be one Character with it.
      var lead = end - 1
      while lead > start && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
      if bytes[lead] >= 0xD8 { return trimmedByCharacter(range) }
    }
    return start..<end
  }

  /// ``trimmed(_:)`` by the Characters of `range`: kept out of line, as few lines need it.
  @inline(never)
  private func trimmedByCharacter(_ range: Range<Int>) -> Range<Int> {
    Self.offsets(of: text(range).trimmingWhitespaceByCharacter(), in: range)
  }

  /// The whole line, trimmed.
  var trimmed: Range<Int> { trimmed(0..<bytes.count) }

  /// The bytes of the whole line, trimmed.
  var trimmedBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[trimmed]) }

  /// Whether the Characters of `range` may start with the Character of the ASCII `byte`: not
  /// when their first byte is another ASCII byte, which starts another Character.
  @inline(__always)
  func mayStart(_ range: Range<Int>, with byte: UInt8) -> Bool {
    guard let first = range.first.map({ bytes[$0] }) else { return false }
    return first == byte || first >= 0x80
  }

  /// Whether `byte` is among the bytes of `range`.
  func holds(_ byte: UInt8, in range: Range<Int>) -> Bool {
    !range.isEmpty && memchr(bytes.baseAddress! + range.lowerBound, Int32(byte), range.count) != nil
  }

  /// Whether the Characters of `range` start with those of an ASCII `prefix`.
  ///
  /// Matching ASCII bytes followed by a byte below 0xCC are the same Characters as the prefix's;
  /// a byte that differs starts a different Character, but for the three scalars equivalent to
  /// ASCII (see ``startsASCIIEquivalent(at:before:)``).
  func hasPrefix(_ prefix: StaticString, in range: Range<Int>) -> Bool {
    var index = range.lowerBound
    for offset in 0..<prefix.utf8CodeUnitCount {
      let expected = prefix.utf8Start[offset]
      guard index < range.upperBound else { return false }
      let byte = bytes[index]
      if byte != expected {
        // See ``startsASCIIEquivalent(at:before:)``.
        if !startsASCIIEquivalent(at: index, before: range.upperBound) { return false }
        return text(range).hasPrefix(prefix.description)
      }
      index += 1
    }
    if index == range.upperBound || bytes[index] < 0xCC { return true }
    return text(range).hasPrefix(prefix.description)
  }

  /// Whether the Characters of `range` are those of an ASCII `other`.
  func equals(_ other: StaticString, in range: Range<Int>) -> Bool {
    let count = other.utf8CodeUnitCount
    let expected = other.utf8Start
    let length = range.count
    // The bytes that match `other`'s, from the start: most lines end at the first.
    var offset = 0
    let common = Swift.min(length, count)
    while offset < common && bytes[range.lowerBound + offset] == expected[offset] { offset += 1 }
    // A line that is a piece of `other` from its start, or the same bytes.
    if offset == length { return offset == count }
    // After all of `other`, any byte is more than it has: canonical equivalence decomposes,
    // never drops. Before, only a scalar equivalent to ASCII can be `other`'s Character.
    if offset == count
      || !startsASCIIEquivalent(at: range.lowerBound + offset, before: range.upperBound)
    {
      return false
    }
    return text(range) == other.description
  }

  /// Whether the bytes at `index` start one of the three scalars that are canonically
  /// equivalent to ASCII text: U+037E (";"), U+1FEF ("`") and U+212A ("K").
  ///
  /// Where ASCII text and a line part, the line's byte there starts its next Character: any
  /// other byte, ASCII or not (a mark too, which would join the ASCII Character before it),
  /// starts a Character that no ASCII text holds there.
  private func startsASCIIEquivalent(at index: Int, before end: Int) -> Bool {
    switch bytes[index] {
    case 0xCD: return index + 1 < end && bytes[index + 1] == 0xBE
    case 0xE1: return index + 2 < end && bytes[index + 1] == 0xBF && bytes[index + 2] == 0xAF
    case 0xE2: return index + 2 < end && bytes[index + 1] == 0x84 && bytes[index + 2] == 0xAA
    default: return false
    }
  }

  /// The `key: value` of a setting line, where key is a lowercase word: the key, and the value
  /// trimmed.
  func setting() -> (key: String, value: String)? {
    // Most lines are prose: an ASCII byte other than a-z or '-' before any ':' decides it.
    for index in 0..<bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ":") {
        // An ASCII key, and a ':' that no mark joins: the bytes are the Characters.
        guard byteAt(index + 1) < 0xCC else { break }
        guard index > 0 else { return nil }
        return (string(0..<index), string(trimmed(index + 1..<bytes.count)))
      }
      if byte >= 0x80 { break }
      if !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) && byte != UInt8(ascii: "-") {
        return nil
      }
    }
    let line = text
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let key = line[..<colon]
    guard !key.isEmpty, key.allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
    return (String(key), String(line[line.index(after: colon)...].trimmingWhitespace()))
  }

  /// An opening fence: its marker (three or more backquotes or tildes, given as the ASCII byte
  /// and the count of Characters) and its language, the first word of the rest.
  func openingFence() -> (marker: UInt8, length: Int, language: String?)? {
    // A first byte that is ASCII and neither '`' nor '~' starts another Character.
    guard let first = bytes.first else { return nil }
    if first < 0x80 && first != UInt8(ascii: "`") && first != UInt8(ascii: "~") { return nil }
    guard isSimple else {
      guard let found = MarkdownBlocks.openingFence(text) else { return nil }
      // The marker's Characters equal "`" or "~" (a Greek varia equals "`"): closing it asks
      // only which, and how many.
      let marker = found.marker.first == "`" ? UInt8(ascii: "`") : UInt8(ascii: "~")
      return (marker, found.marker.count, found.language)
    }
    // White space on a simple line is U+0009…U+000D, U+0020, U+0085 and U+00A0.
    guard first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
    var length = 0
    while length < bytes.count && bytes[length] == first { length += 1 }
    guard length >= 3 else { return nil }
    var start = length
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    if first == UInt8(ascii: "`") && bytes[start..<end].contains(UInt8(ascii: "`")) { return nil }
    func spaceLength(at index: Int) -> Int {
      let byte = bytes[index]
      if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
      if byte == 0xC2 && index + 1 < end && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0) {
        return 2
      }
      return 0
    }
    var wordStart = start
    while wordStart < end, case let width = spaceLength(at: wordStart), width > 0 {
      wordStart += width
    }
    var wordEnd = wordStart
    while wordEnd < end && spaceLength(at: wordEnd) == 0 { wordEnd += 1 }
    return (first, length, wordStart < wordEnd ? string(wordStart..<wordEnd) : nil)
  }

  /// Whether the line closes a fence opened with `length` Characters equal to the ASCII
  /// `marker`: it is, trimmed, at least that many of them.
  func closesFence(marker: UInt8, length: Int) -> Bool {
    // Most lines inside a fence are code: the first byte after spaces and tabs is another ASCII
    // byte, so another Character (a space before it is a Character of its own).
    var start = 0
    while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    guard start < bytes.count else { return false }
    let first = bytes[start]
    if first < 0x80 && first != marker { return false }
    guard isSimple else {
      return MarkdownBlocks.isClosingFence(
        text, for: Substring(String(repeating: Character(Unicode.Scalar(marker)), count: length)))
    }
    var end = bytes.count
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return end - start >= length && bytes[start..<end].allSatisfy { $0 == marker }
  }
}
