import Glibc

/// A line's Characters in units that are its Characters, as the lesson-page rules read it: an
/// ``ASCIILine``, a ``SimpleLine`` or a `Substring`.
///
/// A rule is written once, generic over this; each entry point reads a line in the cheapest of
/// the three that fits it (see ``SourceLine/read(as:ascii:simple:other:)``), so that the common
/// line is read by its bytes and every line gives what its Characters give. Text a rule looks
/// for, a needle, is a `StaticString` whose every scalar is a Character of its own.
protocol LineText: BidirectionalCollection where Element: LineCharacter, SubSequence: LineText {
  /// The text of the Characters in `range`.
  func string(_ range: Range<Index>) -> String

  /// `body` with the UTF-8 bytes of the Characters in `range`.
  func withBytes<Result>(
    of range: Range<Index>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result

  /// Whether a line of this kind can hold `needle`'s scalars at all: an ASCII line holds no
  /// other scalar, a simple line none from U+0300 on.
  static func mayHold(_ needle: StaticString) -> Bool

  /// Where `needle`'s Characters end when the Characters of `range` start with them; nil
  /// otherwise.
  func end(of needle: StaticString, startingAt range: Range<Index>) -> Index?

  /// The first place in `range` that has the Characters of `needle`, searched from the left.
  func find(_ needle: StaticString, in range: Range<Index>) -> Range<Index>?
}

extension LineText {
  /// ``end(of:startingAt:)`` a unit at a time.
  func end(of needle: StaticString, startingAt range: Range<Index>) -> Index? {
    var index = range.lowerBound
    var scalars = NeedleScalars(needle)
    while let scalar = scalars.next() {
      guard index != range.upperBound, self[index].equals(scalar) else { return nil }
      formIndex(after: &index)
    }
    return index
  }

  /// ``find(_:in:)`` a unit at a time.
  func find(_ needle: StaticString, in range: Range<Index>) -> Range<Index>? {
    var start = range.lowerBound
    while start != range.upperBound {
      if let end = end(of: needle, startingAt: start..<range.upperBound) { return start..<end }
      formIndex(after: &start)
    }
    return nil
  }

  /// The whole line as text.
  var string: String { string(startIndex..<endIndex) }

  /// Where the line's first Characters, those of `needle`, end; nil when they are not it.
  func end(ofPrefix needle: StaticString) -> Index? {
    Self.mayHold(needle) ? end(of: needle, startingAt: startIndex..<endIndex) : nil
  }

  /// Whether the line starts with the Characters of `needle`.
  func begins(with needle: StaticString) -> Bool { end(ofPrefix: needle) != nil }

  /// Whether the line's Characters are those of `needle`.
  func equals(_ needle: StaticString) -> Bool { end(ofPrefix: needle) == endIndex }

  /// Whether the line ends with the Characters of `needle`.
  func ends(with needle: StaticString) -> Bool {
    guard Self.mayHold(needle) else { return false }
    var start = endIndex
    for _ in 0..<NeedleScalars(needle).count {
      guard start != startIndex else { return false }
      formIndex(before: &start)
    }
    return end(of: needle, startingAt: start..<endIndex) == endIndex
  }

  /// The first place the line has the Characters of `needle`, searched from the left.
  func find(_ needle: StaticString) -> Range<Index>? {
    Self.mayHold(needle) ? find(needle, in: startIndex..<endIndex) : nil
  }

  /// Whether the line holds the Characters of `needle`.
  func holds(_ needle: StaticString) -> Bool { find(needle) != nil }

  /// The pieces between the places the line has `needle`, found from the left
  /// (`components(separatedBy:)`).
  func pieces(separatedBy needle: StaticString) -> [SubSequence] {
    var pieces: [SubSequence] = []
    var rest = startIndex
    while let found = find(needle, in: rest..<endIndex) {
      pieces.append(self[rest..<found.lowerBound])
      rest = found.upperBound
    }
    pieces.append(self[rest...])
    return pieces
  }

  /// Where `needle`, a line of the same kind, ends when the line has its Characters from
  /// `start` on; nil otherwise.
  func end<Needle: Collection<Element>>(of needle: Needle, at start: Index) -> Index? {
    var index = start
    for character in needle {
      guard index != endIndex, self[index] == character else { return nil }
      formIndex(after: &index)
    }
    return index
  }

  /// The line without the spaces and tabs at either end (`trimmingWhitespace()`).
  func trimmed() -> SubSequence {
    var start = startIndex
    var end = endIndex
    while start != end, self[start].isSpaceOrTab { formIndex(after: &start) }
    while end != start {
      let before = index(before: end)
      guard self[before].isSpaceOrTab else { break }
      end = before
    }
    return self[start..<end]
  }

  /// The number the line's Characters spell as `Int(_:)` reads it: an optional sign and ASCII
  /// digits; nil for anything else, or a number too large.
  var integerValue: Int? {
    var index = startIndex
    guard index != endIndex else { return nil }
    let negative = self[index].equals("-")
    if negative || self[index].equals("+") { formIndex(after: &index) }
    guard index != endIndex else { return nil }
    var value = 0
    while index != endIndex {
      let unit = self[index]
      guard unit.isDigit, let digit = unit.asciiScalar.map({ Int($0.value) - 0x30 }) else {
        return nil
      }
      let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowedAgain) =
        negative
        ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflowed && !overflowedAgain else { return nil }
      value = next
      formIndex(after: &index)
    }
    return value
  }

  /// The line's words: its pieces between runs of spaces, none of them empty.
  func words() -> Words<Self> { Words(self) }

  /// Whether the line's Characters are those of `needle`, lower-case ASCII letters, in either
  /// case.
  func equalsIgnoringCase(_ needle: StaticString) -> Bool {
    var index = startIndex
    for scalar in NeedleScalars(needle) {
      guard index != endIndex else { return false }
      let character = self[index]
      guard character.equals(scalar) || character.equals(Unicode.Scalar(UInt8(scalar.value) - 0x20))
      else { return false }
      formIndex(after: &index)
    }
    return index == endIndex
  }
}

extension LineCharacter {
  /// Whether this is a space or a tab.
  @inline(__always)
  var isSpaceOrTab: Bool { equals(" ") || equals("\t") }
}

/// The words of a line: its pieces between runs of spaces (`split(separator: " ")`), found as
/// they are read.
struct Words<Text: LineText>: IteratorProtocol, Sequence {
  private let text: Text
  private var index: Text.Index

  init(_ text: Text) {
    self.text = text
    index = text.startIndex
  }

  mutating func next() -> Text.SubSequence? {
    while index != text.endIndex && text[index].equals(" ") { text.formIndex(after: &index) }
    guard index != text.endIndex else { return nil }
    let start = index
    while index != text.endIndex && !text[index].equals(" ") { text.formIndex(after: &index) }
    return text[start..<index]
  }
}

/// The scalars of a needle, a `StaticString` of valid UTF-8.
struct NeedleScalars: IteratorProtocol, Sequence {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0

  init(_ needle: StaticString) {
    bytes = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
  }

  mutating func next() -> Unicode.Scalar? {
    guard offset < bytes.count else { return nil }
    let lead = bytes[offset]
    if lead < 0x80 {
      offset += 1
      return Unicode.Scalar(lead)
    }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var value = UInt32(lead) & (0x7F >> length)
    for index in offset + 1..<offset + length { value = value << 6 | UInt32(bytes[index] & 0x3F) }
    offset += length
    return Unicode.Scalar(value)
  }

  /// How many scalars, so how many Characters, the needle has.
  var count: Int {
    var count = 0
    for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
    return count
  }
}

/// The needle operations of a line whose units are its bytes or its scalars: a needle's bytes
/// match only at the start of a scalar, and on such a line its scalars are Characters.
protocol ByteLineText: LineText where Index == Int {
  /// The line's bytes, UTF-8.
  var bytes: UnsafeBufferPointer<UInt8> { get }

  /// The line of `bytes`, which the caller knows to be a line of this kind.
  init(unchecked bytes: UnsafeBufferPointer<UInt8>)

  /// Whether `bytes` are a line of this kind.
  static func isLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
}

extension ByteLineText {
  /// The line of `bytes`, when they are a line of this kind; nil otherwise.
  @inline(__always)
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard Self.isLine(bytes) else { return nil }
    self.init(unchecked: bytes)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { bytes.count }

  func end(of needle: StaticString, startingAt range: Range<Int>) -> Int? {
    let count = needle.utf8CodeUnitCount
    guard count <= range.count else { return nil }
    guard count > 0 else { return range.lowerBound }
    return memcmp(bytes.baseAddress! + range.lowerBound, needle.utf8Start, count) == 0
      ? range.lowerBound + count : nil
  }

  func find(_ needle: StaticString, in range: Range<Int>) -> Range<Int>? {
    let count = needle.utf8CodeUnitCount
    guard count > 0 else { return range.lowerBound..<range.lowerBound }
    guard count <= range.count, let base = bytes.baseAddress else { return nil }
    let first = Int32(needle.utf8Start.pointee)
    var start = range.lowerBound
    let last = range.upperBound - count
    while start <= last {
      guard let found = memchr(base + start, first, last - start + 1) else { return nil }
      let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + offset, needle.utf8Start, count) == 0 { return offset..<offset + count }
      start = offset + 1
    }
    return nil
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  func withBytes<Result>(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    body(UnsafeBufferPointer(rebasing: bytes[range]))
  }
}

extension Substring: LineText {
  func string(_ range: Range<Index>) -> String { String(self[range]) }

  func withBytes<Result>(
    of range: Range<Index>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    self[range].withBytes(body)
  }

  static func mayHold(_ needle: StaticString) -> Bool { true }
}

extension Slice: LineText where Base: LineText {
  func string(_ range: Range<Base.Index>) -> String { base.string(range) }

  func withBytes<Result>(
    of range: Range<Base.Index>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    base.withBytes(of: range, body)
  }

  static func mayHold(_ needle: StaticString) -> Bool { Base.mayHold(needle) }

  func end(of needle: StaticString, startingAt range: Range<Base.Index>) -> Base.Index? {
    base.end(of: needle, startingAt: range)
  }

  func find(_ needle: StaticString, in range: Range<Base.Index>) -> Range<Base.Index>? {
    base.find(needle, in: range)
  }
}
