import Glibc
import Scheduler

/// The pieces of JSON that the byte-level readers (``JSONScanner`` and the readers built on it)
/// read alike: each reads only the forms it takes and declines the rest.
enum JSONBytes {
  /// Whether the bytes in `range` of `bytes` are `word`'s.
  static func matches(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString
  ) -> Bool {
    range.count == word.utf8CodeUnitCount
      && memcmp(bytes.baseAddress! + range.lowerBound, word.utf8Start, range.count) == 0
  }

  /// Where the rest of a string lies, from just after its opening quote, when it holds no
  /// escape and no control character; `offset` ends past the closing quote.
  static func stringBody(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Range<Int>? {
    guard offset < bytes.count, let base = bytes.baseAddress else { return nil }
    // Through the pointer: a journal line is mostly strings, and a bounds check on every byte
    // would repeat the loop's own test against `end`.
    let start = offset
    var position = base + start
    let end = base + bytes.count
    while position < end {
      let byte = position.pointee
      if byte == UInt8(ascii: "\"") {
        offset = position - base + 1
        return start..<offset - 1
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      position += 1
    }
    offset = position - base
    return nil
  }

  /// `true` or `false` at `offset`, consumed; nil for anything else.
  static func boolean(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Bool? {
    for (word, value) in [("true", true), ("false", false)] as [(StaticString, Bool)] {
      let count = word.utf8CodeUnitCount
      if offset + count <= bytes.count, matches(bytes, offset..<offset + count, word) {
        offset += count
        return value
      }
    }
    return nil
  }

  /// `-?(0|[1-9][0-9]*)` at `offset`, not followed by a fraction or an exponent, within `Int`,
  /// consumed; nil for anything else.
  static func integer(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int? {
    let isNegative = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
    if isNegative { offset += 1 }
    let start = offset
    var magnitude: UInt64 = 0
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      if offset - start < 19 {
        magnitude = magnitude * 10 + UInt64(bytes[offset] - UInt8(ascii: "0"))
      }
      offset += 1
    }
    let count = offset - start
    guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0"), count <= 19,
      offset == bytes.count
        || (bytes[offset] != UInt8(ascii: ".") && bytes[offset] | 0x20 != UInt8(ascii: "e"))
    else { return nil }
    if isNegative {
      guard magnitude <= UInt64(Int.max) + 1 else { return nil }
      return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
    }
    guard magnitude <= UInt64(Int.max) else { return nil }
    return Int(magnitude)
  }

  /// An integer at `offset` that the files may hold as a count (0…``CardState/maximumCount``),
  /// consumed; nil for anything else.
  static func count(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int? {
    guard let value = integer(bytes, at: &offset), (0...CardState.maximumCount).contains(value)
    else { return nil }
    return value
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` at `offset`, as its text and whether it
  /// has neither fraction nor exponent, consumed; nil for anything else.
  static func number(
    _ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int
  ) -> (text: String, isInteger: Bool)? {
    let start = offset
    func digits() -> Int {
      let first = offset
      while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
        offset += 1
      }
      return offset - first
    }
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    let integerStart = offset
    let integerDigits = digits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0")
    else { return nil }
    var isInteger = true
    if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard digits() > 0 else { return nil }
      isInteger = false
    }
    if offset < bytes.count && (bytes[offset] | 0x20) == UInt8(ascii: "e") {
      offset += 1
      if offset < bytes.count
        && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-"))
      {
        offset += 1
      }
      guard digits() > 0 else { return nil }
      isInteger = false
    }
    return (String(decoding: bytes[start..<offset], as: UTF8.self), isInteger)
  }
}
