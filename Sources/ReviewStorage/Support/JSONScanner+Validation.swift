import FoundationEssentials

extension JSONScanner {
  /// Whether `data` is one JSON value, by the grammar alone: numbers of any size count, which
  /// `JSONDecoder` calls invalid when they do not fit.
  static func isJSON(_ data: Data) -> Bool {
    data.withUnsafeBytes { raw in
      var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self), allowsWhitespace: true)
      return scanner.skipValue(depth: 0) && scanner.isAtEnd()
    }
  }

  /// The nesting past which a value is not read: deeper input is refused, never a deep recursion.
  private static let deepest = 512

  /// Reads past one value; false if there is none.
  private mutating func skipValue(depth: Int) -> Bool {
    guard depth < Self.deepest else { return false }
    skipWhitespace()
    guard offset < bytes.count else { return false }
    switch bytes[offset] {
    case UInt8(ascii: "{"):
      offset += 1
      if consume("}") { return true }
      repeat {
        guard string() != nil, consume(":"), skipValue(depth: depth + 1) else { return false }
      } while consume(",")
      return consume("}")
    case UInt8(ascii: "["):
      offset += 1
      if consume("]") { return true }
      repeat {
        guard skipValue(depth: depth + 1) else { return false }
      } while consume(",")
      return consume("]")
    case UInt8(ascii: "\""):
      return string() != nil
    case UInt8(ascii: "n"):
      return word("null")
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      return boolean() != nil
    default:
      return JSONBytes.number(bytes, at: &offset) != nil
    }
  }

  /// Whether `text` comes next, consumed if it does.
  private mutating func word(_ text: StaticString) -> Bool {
    let end = offset + text.utf8CodeUnitCount
    guard end <= bytes.count, matches(offset..<end, text) else { return false }
    offset = end
    return true
  }
}
