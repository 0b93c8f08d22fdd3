import FoundationEssentials
import Glibc
import Scheduler

/// A faster way to decode the JSON that quiz writes, for `state.json` and journal lines: a strict
/// JSON parser and a small `Decoder` over its values, so that the types' own `init(from:)` run
/// unchanged (their checks included).
///
/// It is only a shortcut. It accepts a strict subset of what `JSONDecoder` accepts and decodes it
/// to the same values: integers only as `-?digits`, strings only as valid UTF-8, no repeated
/// keys. Anything else, and any error at all, throws ``Unavailable``, and the caller decodes the
/// same bytes with `JSONDecoder`, which gives the result or the error as before. About ten times
/// faster than `JSONDecoder` on `state.json`.
enum FastJSONDecoder {
  /// The shortcut does not apply; decode with `JSONDecoder` instead.
  struct Unavailable: Error {}

  /// A parsed JSON value.
  enum Value {
    case null
    case bool(Bool)
    /// The number's text, checked against JSON's grammar.
    case number(String, isInteger: Bool)
    case string(String)
    case array([Value])
    case object([(key: String, value: Value)])
  }

  /// Decodes `type` from `data`, or throws ``Unavailable``.
  static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(type, from: parse(data))
  }

  /// Decodes `type` from an already parsed value, or throws ``Unavailable``.
  static func decode<T: Decodable>(_ type: T.Type, from value: Value) throws -> T {
    do {
      return try T(from: ValueDecoder(value: value))
    } catch {
      throw Unavailable()
    }
  }

  /// Parses a whole document, or throws ``Unavailable``.
  static func parse(_ data: Data) throws -> Value {
    try data.withUnsafeBytes { raw in
      var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
      let value = try parser.value(depth: 0)
      parser.skipWhitespace()
      guard parser.offset == parser.bytes.count else { throw Unavailable() }
      return value
    }
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    mutating func skipWhitespace() {
      while offset < bytes.count {
        switch bytes[offset] {
        case 0x20, 0x09, 0x0A, 0x0D: offset += 1
        default: return
        }
      }
    }

    mutating func value(depth: Int) throws -> Value {
      guard depth < 64 else { throw Unavailable() }
      skipWhitespace()
      guard offset < bytes.count else { throw Unavailable() }
      switch bytes[offset] {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      default: return try number()
      }
    }

    private mutating func literal(_ text: StaticString, _ value: Value) throws -> Value {
      let count = text.utf8CodeUnitCount
      guard offset + count <= bytes.count,
        memcmp(bytes.baseAddress! + offset, text.utf8Start, count) == 0
      else { throw Unavailable() }
      offset += count
      return value
    }

    private mutating func object(depth: Int) throws -> Value {
      offset += 1
      var members: [(key: String, value: Value)] = []
      skipWhitespace()
      if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        return .object(members)
      }
      // Repeated keys are declined: a linear look for small objects, a set for large ones.
      var keys = Set<String>()
      while true {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
          throw Unavailable()
        }
        let key = try string()
        if members.count < 16 {
          for member in members where member.key == key { throw Unavailable() }
        } else {
          if keys.isEmpty { keys = Set(members.map(\.key)) }
          guard keys.insert(key).inserted else { throw Unavailable() }
        }
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
          throw Unavailable()
        }
        offset += 1
        members.append((key, try value(depth: depth + 1)))
        skipWhitespace()
        guard offset < bytes.count else { throw Unavailable() }
        if bytes[offset] == UInt8(ascii: ",") {
          offset += 1
        } else if bytes[offset] == UInt8(ascii: "}") {
          offset += 1
          return .object(members)
        } else {
          throw Unavailable()
        }
      }
    }

    private mutating func array(depth: Int) throws -> Value {
      offset += 1
      var elements: [Value] = []
      skipWhitespace()
      if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return .array(elements)
      }
      while true {
        elements.append(try value(depth: depth + 1))
        skipWhitespace()
        guard offset < bytes.count else { throw Unavailable() }
        if bytes[offset] == UInt8(ascii: ",") {
          offset += 1
        } else if bytes[offset] == UInt8(ascii: "]") {
          offset += 1
          return .array(elements)
        } else {
          throw Unavailable()
        }
      }
    }

    /// A string without escapes, as valid UTF-8 with no control characters; anything else is
    /// left to `JSONDecoder`.
    private mutating func string() throws -> String {
      offset += 1
      let start = offset
      var union: UInt8 = 0
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") {
          let content = UnsafeBufferPointer(rebasing: bytes[start..<offset])
          // ASCII is valid UTF-8 as it is; anything else is validated.
          let text =
            union < 0x80
            ? String(decoding: content, as: UTF8.self)
            : String(validating: content, as: UTF8.self)
          offset += 1
          guard let text else { throw Unavailable() }
          return text
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { throw Unavailable() }
        union |= byte
        offset += 1
      }
      throw Unavailable()
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number() throws -> Value {
      guard let (text, isInteger) = JSONBytes.number(bytes, at: &offset) else {
        throw Unavailable()
      }
      return .number(text, isInteger: isInteger)
    }
  }
}

extension FastJSONDecoder.Value {
  fileprivate func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    guard case .number(let text, true) = self, let value = T(text) else {
      throw FastJSONDecoder.Unavailable()
    }
    return value
  }

  fileprivate func floatingPoint<T: LosslessStringConvertible & BinaryFloatingPoint>(
    _ type: T.Type
  ) throws -> T {
    guard case .number(let text, _) = self, let value = T(text), value.isFinite else {
      throw FastJSONDecoder.Unavailable()
    }
    return value
  }

  fileprivate var isNull: Bool {
    if case .null = self { true } else { false }
  }
}

/// The `Decoder` over a parsed value. Errors are never shown: any of them sends the caller back
/// to `JSONDecoder`.
private struct ValueDecoder: Decoder {
  let value: FastJSONDecoder.Value
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw FastJSONDecoder.Unavailable() }
    return KeyedDecodingContainer(KeyedContainer<Key>(members: members))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw FastJSONDecoder.Unavailable() }
    return UnkeyedContainer(elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(value: value)
  }
}

private func decodeValue<T: Decodable>(_ type: T.Type, from value: FastJSONDecoder.Value) throws
  -> T
{
  // The types JSONDecoder decodes in its own way are left to it.
  if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
    throw FastJSONDecoder.Unavailable()
  }
  return try T(from: ValueDecoder(value: value))
}

private final class KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [(key: String, value: FastJSONDecoder.Value)]
  /// Where the last lookup found its key: dictionaries are decoded in key order, so the next
  /// key is usually the next member.
  private var cursor = 0

  init(members: [(key: String, value: FastJSONDecoder.Value)]) {
    self.members = members
  }

  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

  private func member(_ key: Key) -> FastJSONDecoder.Value? {
    let name = key.stringValue
    let count = members.count
    guard count > 0 else { return nil }
    for step in 0..<count {
      let index = (cursor + step) % count
      if members[index].key == name {
        cursor = index + 1 == count ? 0 : index + 1
        return members[index].value
      }
    }
    return nil
  }

  private func required(_ key: Key) throws -> FastJSONDecoder.Value {
    guard let value = member(key) else { throw FastJSONDecoder.Unavailable() }
    return value
  }

  func contains(_ key: Key) -> Bool { member(key) != nil }
  func decodeNil(forKey key: Key) throws -> Bool { try required(key).isNull }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    guard case .bool(let value) = try required(key) else { throw FastJSONDecoder.Unavailable() }
    return value
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    guard case .string(let value) = try required(key) else { throw FastJSONDecoder.Unavailable() }
    return value
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try required(key).floatingPoint(Double.self)
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    throw FastJSONDecoder.Unavailable()
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try required(key).integer(Int.self)
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try required(key).integer(Int8.self)
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try required(key).integer(Int16.self)
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try required(key).integer(Int32.self)
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try required(key).integer(Int64.self)
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try required(key).integer(UInt.self)
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try required(key).integer(UInt8.self)
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try required(key).integer(UInt16.self)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try required(key).integer(UInt32.self)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try required(key).integer(UInt64.self)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeValue(type, from: try required(key))
  }

  // Missing and null are nil, as for JSONDecoder.
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let value = member(key), !value.isNull else { return nil }
    guard case .bool(let flag) = value else { throw FastJSONDecoder.Unavailable() }
    return flag
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let value = member(key), !value.isNull else { return nil }
    guard case .string(let text) = value else { throw FastJSONDecoder.Unavailable() }
    return text
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let value = member(key), !value.isNull else { return nil }
    return try value.floatingPoint(Double.self)
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    guard let value = member(key), !value.isNull else { return nil }
    return try value.integer(Int.self)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let value = member(key), !value.isNull else { return nil }
    return try decodeValue(type, from: value)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw FastJSONDecoder.Unavailable()
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw FastJSONDecoder.Unavailable()
  }

  func superDecoder() throws -> any Decoder { throw FastJSONDecoder.Unavailable() }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw FastJSONDecoder.Unavailable() }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [FastJSONDecoder.Value]
  var currentIndex = 0
  var codingPath: [any CodingKey] { [] }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next() throws -> FastJSONDecoder.Value {
    guard !isAtEnd else { throw FastJSONDecoder.Unavailable() }
    defer { currentIndex += 1 }
    return elements[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { throw FastJSONDecoder.Unavailable() }
    if elements[currentIndex].isNull {
      currentIndex += 1
      return true
    }
    return false
  }

  mutating func decode(_ type: String.Type) throws -> String {
    guard case .string(let text) = try next() else { throw FastJSONDecoder.Unavailable() }
    return text
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(type, from: try next())
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw FastJSONDecoder.Unavailable()
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw FastJSONDecoder.Unavailable()
  }

  mutating func superDecoder() throws -> any Decoder { throw FastJSONDecoder.Unavailable() }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let value: FastJSONDecoder.Value
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { value.isNull }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let flag) = value else { throw FastJSONDecoder.Unavailable() }
    return flag
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let text) = value else { throw FastJSONDecoder.Unavailable() }
    return text
  }

  func decode(_ type: Double.Type) throws -> Double { try value.floatingPoint(Double.self) }
  func decode(_ type: Float.Type) throws -> Float { throw FastJSONDecoder.Unavailable() }
  func decode(_ type: Int.Type) throws -> Int { try value.integer(Int.self) }
  func decode(_ type: Int8.Type) throws -> Int8 { try value.integer(Int8.self) }
  func decode(_ type: Int16.Type) throws -> Int16 { try value.integer(Int16.self) }
  func decode(_ type: Int32.Type) throws -> Int32 { try value.integer(Int32.self) }
  func decode(_ type: Int64.Type) throws -> Int64 { try value.integer(Int64.self) }
  func decode(_ type: UInt.Type) throws -> UInt { try value.integer(UInt.self) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer(UInt8.self) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer(UInt16.self) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer(UInt32.self) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer(UInt64.self) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(type, from: value)
  }
}
