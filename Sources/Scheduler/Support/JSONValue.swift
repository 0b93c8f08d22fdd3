import FoundationEssentials
import Glibc

/// A JSON value as quiz's files and exports hold it: what a journal event, a card's state or an
/// export row is made of, declared once and written either through `Encodable` or straight to
/// bytes.
///
/// The JSON export writes 100,000 journal events; `JSONEncoder` took 3 s for them (a tree of
/// boxed values, a dictionary per object, then the sorting), and an `Encoder` of one's own is
/// bound to the same boxes. ``appendPretty(to:depth:)`` writes the value itself.
public enum JSONValue: Sendable {
  case null
  case boolean(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  /// Members in the order they were declared (the journal keeps it; pretty output sorts them);
  /// keys are unique.
  indirect case object([(key: String, value: JSONValue)])
  indirect case array([JSONValue])
}

extension JSONValue: Encodable {
  /// Encodes the value as what it holds: `JSONEncoder`'s text of it is the text of the same
  /// value declared with `Codable` types.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .boolean(let value): try value.encode(to: encoder)
    case .integer(let value): try value.encode(to: encoder)
    case .number(let value): try value.encode(to: encoder)
    case .string(let value): try value.encode(to: encoder)
    case .object(let members):
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      for (key, value) in members {
        try container.encode(value, forKey: AnyCodingKey(key))
      }
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    }
  }
}

extension JSONValue {
  /// Appends the value as `JSONEncoder` writes it with `.prettyPrinted`, `.sortedKeys` and
  /// `.withoutEscapingSlashes`, byte for byte, nested `depth` levels deep: its first line not
  /// indented (it follows a key or the caller's indentation), its last without a newline.
  ///
  /// A number that is not finite is written as `null`; `JSONEncoder` refuses it, and no value
  /// quiz writes holds one (a card's state refuses them).
  public func appendPretty(to bytes: inout [UInt8], depth: Int = 0) {
    switch self {
    case .null: bytes += Self.nullBytes
    case .boolean(let value): bytes += value ? Self.trueBytes : Self.falseBytes
    case .integer(let value): Self.appendInteger(value, to: &bytes)
    case .number(let value): Self.appendNumber(value, to: &bytes)
    case .string(let value): Self.appendString(value, to: &bytes)
    case .object(let members):
      guard !members.isEmpty else { return Self.appendEmpty(0x7B, 0x7D, depth: depth, to: &bytes) }
      bytes += [0x7B, 0x0A]
      // Sorted by their bytes, as JSONEncoder sorts; keys are unique in every value quiz makes.
      // Values declared in order (a card's state, an export row) are found sorted and written
      // as they are; others are sorted by index, which moves no string, on the keys' first
      // eight bytes, then on all of them where those tie.
      var isSorted = true
      for index in members.indices.dropFirst()
      where !Self.precedes(members[index - 1].key, members[index].key) {
        isSorted = false
        break
      }
      if isSorted {
        for index in members.indices {
          Self.appendMember(members[index], first: index == 0, depth: depth, to: &bytes)
        }
      } else {
        let prefixes = members.map { Self.prefix($0.key) }
        let order = members.indices.sorted { first, second in
          prefixes[first] != prefixes[second]
            ? prefixes[first] < prefixes[second]
            : Self.precedes(members[first].key, members[second].key)
        }
        for (position, index) in order.enumerated() {
          Self.appendMember(members[index], first: position == 0, depth: depth, to: &bytes)
        }
      }
      bytes.append(0x0A)
      Self.appendIndentation(depth, to: &bytes)
      bytes.append(0x7D)
    case .array(let elements):
      guard !elements.isEmpty else { return Self.appendEmpty(0x5B, 0x5D, depth: depth, to: &bytes) }
      bytes += [0x5B, 0x0A]
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes += [0x2C, 0x0A] }
        Self.appendIndentation(depth + 1, to: &bytes)
        element.appendPretty(to: &bytes, depth: depth + 1)
      }
      bytes.append(0x0A)
      Self.appendIndentation(depth, to: &bytes)
      bytes.append(0x5D)
    }
  }

  /// `"key" : value` at `depth + 1`, after a comma unless it is the object's first member.
  private static func appendMember(
    _ member: (key: String, value: JSONValue), first: Bool, depth: Int, to bytes: inout [UInt8]
  ) {
    if !first { bytes += [0x2C, 0x0A] }
    appendIndentation(depth + 1, to: &bytes)
    appendString(member.key, to: &bytes)
    bytes += [0x20, 0x3A, 0x20]
    member.value.appendPretty(to: &bytes, depth: depth + 1)
  }

  /// Whether `first`'s UTF-8 bytes sort before `second`'s, compared whole with `memcmp`: a
  /// tenth of the export went to comparing them a byte at a time.
  private static func precedes(_ first: String, _ second: String) -> Bool {
    var first = first
    var second = second
    return first.withUTF8 { a in
      second.withUTF8 { b in
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order < 0 || (order == 0 && a.count < b.count)
      }
    }
  }

  /// The first eight bytes of `key`, big-endian, zero-padded: integers ordered as the keys'
  /// bytes are, wherever they differ in those bytes.
  private static func prefix(_ key: String) -> UInt64 {
    var key = key
    return key.withUTF8 { bytes in
      var prefix: UInt64 = 0
      for index in 0..<8 { prefix = prefix << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
      return prefix
    }
  }

  private static let nullBytes = Array("null".utf8)
  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)

  private static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
    guard value != .min else {
      bytes += Array(value.description.utf8)
      return
    }
    var magnitude = value.magnitude
    if value < 0 { bytes.append(0x2D) }
    let start = bytes.count
    repeat {
      bytes.append(0x30 + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// The shortest form that reads back the same, as Swift's `description`, without a `.0`
  /// ending, as JSONEncoder writes it.
  private static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
    guard value.isFinite else {
      bytes += nullBytes
      return
    }
    // Swift writes an integral value up to 2^53 as its digits and `.0`, which JSONEncoder drops.
    if value == value.rounded(.towardZero) && value.magnitude <= 9_007_199_254_740_992 {
      if value.sign == .minus { bytes.append(0x2D) }
      return appendInteger(Int(value.magnitude), to: &bytes)
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes += text.utf8
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped, `/` not.
  static func appendString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(0x22)
    var text = text
    text.withUTF8 { utf8 in
      // Runs of bytes that need no escape are copied whole.
      var start = 0
      for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        start = index + 1
        switch byte {
        case 0x22: bytes += [0x5C, 0x22]
        case 0x5C: bytes += [0x5C, 0x5C]
        case 0x0A: bytes += [0x5C, 0x6E]
        case 0x0D: bytes += [0x5C, 0x72]
        case 0x09: bytes += [0x5C, 0x74]
        case 0x08: bytes += [0x5C, 0x62]
        case 0x0C: bytes += [0x5C, 0x66]
        default:
          bytes += [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(0x22)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Two spaces a level.
  private static func appendIndentation(_ depth: Int, to bytes: inout [UInt8]) {
    if 2 * depth <= spaces.count {
      bytes += spaces[..<(2 * depth)]
    } else {
      bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }
  }

  private static let spaces = [UInt8](repeating: 0x20, count: 32)

  /// An empty object or array: JSONEncoder puts an empty line between the brackets.
  private static func appendEmpty(
    _ open: UInt8, _ close: UInt8, depth: Int, to bytes: inout [UInt8]
  ) {
    bytes += [open, 0x0A, 0x0A]
    appendIndentation(depth, to: &bytes)
    bytes.append(close)
  }
}
