import FoundationEssentials

/// A JSON value read with the line each value starts on, for small files a person may edit,
/// whose errors must name the line: `fsrs-parameters.json`.
///
/// Reads RFC 8259 JSON, UTF-8, nested at most ``maximumDepth`` deep; numbers as Doubles (a
/// number too large for one reads as infinite, for the caller to refuse).
struct LocatedJSON {
  /// What the value is.
  enum Value {
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    /// Members in the order written; a key given twice is an error when reading.
    indirect case object([(key: String, value: LocatedJSON)])
    indirect case array([LocatedJSON])
  }

  /// Why the text is not JSON, and on which line.
  struct Failure: Error, Equatable {
    let line: Int
    let reason: String
  }

  /// The value.
  let value: Value
  /// The line (from 1) on which the value starts.
  let line: Int

  /// The deepest nesting read: far beyond any file quiz writes, short of a deep stack.
  static let maximumDepth = 64

  /// The value `bytes` hold, with nothing but whitespace around it.
  static func parse(_ bytes: [UInt8]) throws(Failure) -> LocatedJSON {
    var parser = Parser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.position == bytes.count else { throw parser.failure("text after the JSON value") }
    return value
  }

  /// The member `key`'s value, if this is an object that has it.
  subscript(key: String) -> LocatedJSON? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.value
  }
}

/// A recursive-descent reader over UTF-8 bytes that counts lines as it goes.
private struct Parser {
  let bytes: [UInt8]
  var position = 0
  var line = 1

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func failure(_ reason: String) -> LocatedJSON.Failure {
    LocatedJSON.Failure(line: line, reason: reason)
  }

  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      if byte == 0x0A { line += 1 }
      position += 1
    }
  }

  mutating func value(depth: Int) throws(LocatedJSON.Failure) -> LocatedJSON {
    guard depth < LocatedJSON.maximumDepth else {
      throw failure("nested more than \(LocatedJSON.maximumDepth) deep")
    }
    let start = line
    guard let byte = current else { throw failure("the file ends where a value should be") }
    let value: LocatedJSON.Value
    switch byte {
    case UInt8(ascii: "{"): value = try object(depth: depth)
    case UInt8(ascii: "["): value = try array(depth: depth)
    case UInt8(ascii: "\""): value = .string(try string())
    case UInt8(ascii: "t"): value = try word("true", .boolean(true))
    case UInt8(ascii: "f"): value = try word("false", .boolean(false))
    case UInt8(ascii: "n"): value = try word("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try number())
    default: throw failure("unexpected '\(Self.shown(byte))' where a value should be")
    }
    return LocatedJSON(value: value, line: start)
  }

  mutating func object(depth: Int) throws(LocatedJSON.Failure) -> LocatedJSON.Value {
    position += 1
    var members: [(key: String, value: LocatedJSON)] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let key = try string()
      if members.contains(where: { $0.key == key }) { throw failure("\"\(key)\" is given twice") }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure("expected ':' after \"\(key)\"") }
      position += 1
      skipWhitespace()
      members.append((key, try value(depth: depth + 1)))
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        position += 1
      } else if current == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      } else {
        throw failure("expected ',' or '}' after a member")
      }
    }
  }

  mutating func array(depth: Int) throws(LocatedJSON.Failure) -> LocatedJSON.Value {
    position += 1
    var elements: [LocatedJSON] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value(depth: depth + 1))
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        position += 1
      } else if current == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      } else {
        throw failure("expected ',' or ']' after an element")
      }
    }
  }

  mutating func word(
    _ text: StaticString, _ value: LocatedJSON.Value
  ) throws(LocatedJSON.Failure) -> LocatedJSON.Value {
    let word = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    guard bytes.count - position >= word.count,
      bytes[position..<position + word.count].elementsEqual(word)
    else { throw failure("unexpected '\(Self.shown(bytes[position]))' where a value should be") }
    position += word.count
    return value
  }

  /// A number as JSON spells it (``JSONBytes/number(_:at:)``), as the nearest Double.
  mutating func number() throws(LocatedJSON.Failure) -> Double {
    var offset = position
    let number = bytes.withUnsafeBufferPointer { JSONBytes.number($0, at: &offset) }
    position = offset
    guard let number, let value = Double(number.text) else {
      throw failure("a number that JSON does not allow")
    }
    return value
  }

  mutating func string() throws(LocatedJSON.Failure) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var run = position
    func flush(to end: Int) throws(LocatedJSON.Failure) {
      guard run < end else { return }
      guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
        throw failure("text that is not UTF-8")
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        try flush(to: position)
        position += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flush(to: position)
        position += 1
        scalars.append(try escape())
        run = position
      case 0..<0x20:
        throw failure("a control character in a string")
      default:
        position += 1
      }
    }
    throw failure("a string that does not end")
  }

  /// The character an escape after `\` stands for.
  mutating func escape() throws(LocatedJSON.Failure) -> Unicode.Scalar {
    guard let byte = current else { throw failure("a string that does not end") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hexQuad()
      if (0xD800..<0xDC00).contains(first) {
        guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw failure("a lone surrogate in a \\u escape") }
        position += 2
        let second = try hexQuad()
        guard (0xDC00..<0xE000).contains(second) else {
          throw failure("a lone surrogate in a \\u escape")
        }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw failure("a lone surrogate in a \\u escape")
      }
      return scalar
    default:
      throw failure("an unknown escape '\\\(Self.shown(byte))'")
    }
  }

  mutating func hexQuad() throws(LocatedJSON.Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Self.hexValue(byte) else {
        throw failure("a \\u escape without four hex digits")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// A byte as a message shows it: printable ASCII as itself, anything else in hex.
  static func shown(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
  }
}
