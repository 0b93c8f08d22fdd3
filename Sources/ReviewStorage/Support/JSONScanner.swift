import FoundationEssentials
import Scheduler

/// Reads JSON of the forms quiz writes straight from its bytes: the one set of pieces that every
/// fast reader of the state folder (``JournalLineReader``, ``SnapshotReader``) reads with.
///
/// Each reading method consumes what it reads and returns nil for anything else; the readers
/// then decline the whole input, which is decoded by `JSONDecoder` instead.
struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0
  /// Whether white space may stand between tokens: in `state.json`, which a person may have
  /// edited, not in a journal line.
  let allowsWhitespace: Bool

  init(bytes: UnsafeBufferPointer<UInt8>, allowsWhitespace: Bool) {
    self.bytes = bytes
    self.allowsWhitespace = allowsWhitespace
  }

  /// Whether every byte was read (white space aside, where it is allowed).
  mutating func isAtEnd() -> Bool {
    skipWhitespace()
    return offset == bytes.count
  }

  mutating func skipWhitespace() {
    guard allowsWhitespace else { return }
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  /// Whether the next byte is `character`, consumed if it is.
  mutating func consume(_ character: Unicode.Scalar) -> Bool {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else { return false }
    offset += 1
    return true
  }

  /// Whether `"word":` comes next, consumed if it does.
  mutating func key(_ word: StaticString) -> Bool {
    skipWhitespace()
    let count = word.utf8CodeUnitCount
    guard offset + count + 3 <= bytes.count, bytes[offset] == UInt8(ascii: "\""),
      matches(offset + 1..<offset + 1 + count, word),
      bytes[offset + 1 + count] == UInt8(ascii: "\""),
      bytes[offset + 2 + count] == UInt8(ascii: ":")
    else { return false }
    offset += count + 3
    return true
  }

  /// Whether the bytes in `range` are `word`'s.
  func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
    JSONBytes.matches(bytes, range, word)
  }

  /// Where the bytes of a string without escapes or control characters lie.
  mutating func rawString() -> Range<Int>? {
    guard consume("\"") else { return nil }
    return JSONBytes.stringBody(bytes, at: &offset)
  }

  /// A string, escapes included, as valid UTF-8; nil for a lone surrogate or a control
  /// character written as itself.
  mutating func string() -> String? {
    let start = offset
    if let range = rawString() {
      let content = UnsafeBufferPointer(rebasing: bytes[range])
      return content.allSatisfy { $0 < 0x80 }
        ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
    }
    // rawString stopped at an escape (or a control character, or the end): start over, keeping
    // the unescaped bytes.
    offset = start
    guard consume("\"") else { return nil }
    var content: [UInt8] = []
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: content, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard offset < bytes.count else { return nil }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): content.append(escape)
        case UInt8(ascii: "b"): content.append(0x08)
        case UInt8(ascii: "f"): content.append(0x0C)
        case UInt8(ascii: "n"): content.append(0x0A)
        case UInt8(ascii: "r"): content.append(0x0D)
        case UInt8(ascii: "t"): content.append(0x09)
        case UInt8(ascii: "u"):
          guard var value = hexQuad() else { return nil }
          if (0xD800..<0xDC00).contains(value) {
            guard consume("\\"), consume("u"), let low = hexQuad(), (0xDC00..<0xE000).contains(low)
            else { return nil }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(value) else { return nil }
          content.append(contentsOf: UTF8.encode(scalar)!)
        default:
          return nil
        }
      default:
        guard byte >= 0x20 else { return nil }
        content.append(byte)
      }
    }
    return nil
  }

  /// The four hex digits of a `\u` escape.
  mutating func hexQuad() -> UInt32? {
    guard offset + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = hexDigit(bytes[offset], uppercase: true) else { return nil }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  func hexDigit(_ byte: UInt8, uppercase: Bool) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F") where uppercase: byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// A UUID as ``UUID/journalText`` writes it: 36 bytes of lowercase hex and dashes, by hand,
  /// since `UUID(uuidString:)` goes through `sscanf`.
  mutating func uuid() -> UUID? {
    guard let range = rawString(), range.count == 36 else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let valid = withUnsafeMutableBytes(of: &uuid) { target -> Bool in
      var index = range.lowerBound
      for byteIndex in 0..<16 {
        if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
          guard bytes[index] == UInt8(ascii: "-") else { return false }
          index += 1
        }
        guard let high = hexDigit(bytes[index], uppercase: false),
          let low = hexDigit(bytes[index + 1], uppercase: false)
        else { return false }
        target[byteIndex] = high << 4 | low
        index += 2
      }
      return true
    }
    return valid ? UUID(uuid: uuid) : nil
  }

  /// A card id as ``JournalEvent/problem(withCardID:)`` allows it.
  mutating func cardID() -> String? {
    // Printable ASCII, as the decks' ids are, has nothing the rule refuses but its length.
    let start = offset
    if let range = rawString(), (1...JournalEvent.maximumCardIDLength).contains(range.count),
      UnsafeBufferPointer(rebasing: bytes[range]).allSatisfy({ (0x20..<0x7F).contains($0) })
    {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    offset = start
    guard let id = string(), JournalEvent.problem(withCardID: id) == nil else { return nil }
    return id
  }

  /// A moment as ``Timestamp/format(_:)`` writes it.
  mutating func moment() -> Date? {
    guard let range = rawString() else { return nil }
    return Timestamp.parseCanonical(UnsafeBufferPointer(rebasing: bytes[range]))
  }

  /// A moment in any form ``Timestamp/parse(_:)`` reads; the canonical one by its bytes.
  mutating func anyMoment() -> Date? {
    guard let range = rawString() else { return nil }
    return Timestamp.parseCanonical(UnsafeBufferPointer(rebasing: bytes[range]))
      ?? text(range).flatMap(Timestamp.parse)
  }

  /// The bytes of `range` as a string, if they are valid UTF-8.
  func text(_ range: Range<Int>) -> String? {
    let content = UnsafeBufferPointer(rebasing: bytes[range])
    return content.allSatisfy { $0 < 0x80 }
      ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
  }

  /// A day as the files write it, `YYYY-MM-DD`.
  mutating func day() -> Day? {
    guard let range = rawString() else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    if let canonical = Day.canonical(text) { return canonical }
    return Day(String(decoding: text, as: UTF8.self))
  }

  /// The day an event counts for: in ``Timestamp/supportedYears``, as the decoder checks.
  mutating func eventDay() -> Day? {
    guard let day = day(), Timestamp.supportedDays.contains(day.daysSince1970) else {
      return nil
    }
    return day
  }

  mutating func boolean() -> Bool? {
    skipWhitespace()
    return JSONBytes.boolean(bytes, at: &offset)
  }

  /// The digits from `offset` on: the value of the first 19 (which cannot overflow), and how
  /// many there are, for the caller to refuse or read otherwise a longer run.
  mutating func digits() -> (value: UInt64, count: Int) {
    var value: UInt64 = 0
    let first = offset
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      if offset - first < 19 { value = value * 10 + UInt64(bytes[offset] - UInt8(ascii: "0")) }
      offset += 1
    }
    return (value, offset - first)
  }

  /// `-?(0|[1-9][0-9]*)` not followed by a fraction or an exponent, within `Int`.
  mutating func integer() -> Int? {
    skipWhitespace()
    return JSONBytes.integer(bytes, at: &offset)
  }

  /// A count the files may hold (0…``CardState/maximumCount``).
  mutating func count() -> Int? {
    skipWhitespace()
    return JSONBytes.count(bytes, at: &offset)
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` as the nearest double.
  ///
  /// When the digits make an integer of at most 2^53 and the power of ten is at most 10^22, both are
  /// exact doubles and one division or multiplication rounds correctly (Clinger's fast path);
  /// any other number, such as `2.3600000000000003` with its 17 digits, is read by the
  /// standard library, which is exact too.
  mutating func double() -> Double? {
    skipWhitespace()
    let start = offset
    let isNegative = consume("-")
    let integerStart = offset
    var (mantissa, digitCount) = digits()
    guard digitCount > 0, digitCount == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      return nil
    }
    var fractionDigits = 0
    if consume(".") {
      let fractionStart = offset
      while offset < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
      {
        if digitCount < 19 {
          mantissa = mantissa * 10 + UInt64(bytes[offset] - UInt8(ascii: "0"))
        }
        digitCount += 1
        offset += 1
      }
      fractionDigits = offset - fractionStart
      guard fractionDigits > 0 else { return nil }
    }
    var exponent = 0
    if offset < bytes.count && bytes[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      let isNegativeExponent = consume("-")
      if !isNegativeExponent { _ = consume("+") }
      let (value, count) = digits()
      guard count > 0 else { return nil }
      exponent = count > 4 ? 10_000 : Int(value)
      if isNegativeExponent { exponent = -exponent }
    }
    let power = exponent - fractionDigits
    if digitCount <= 19, mantissa <= 1 << 53, (-22...22).contains(power) {
      let value = Double(mantissa)
      let scaled = power < 0 ? value / Self.powersOfTen[-power] : value * Self.powersOfTen[power]
      return isNegative ? -scaled : scaled
    }
    return Double(
      String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
  }

  /// 10^0 to 10^22, every one an exact double.
  static let powersOfTen: [Double] = (0...22).map { power in
    (0..<power).reduce(1.0) { value, _ in value * 10 }
  }
}
