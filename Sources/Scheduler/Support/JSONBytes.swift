import Glibc

/// The pieces of JSON that the byte-level readers (``SnapshotReader``, ``JournalLineReader``)
/// read alike: each reader reads only the form quiz itself writes and declines anything else.
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
    let start = offset
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return start..<offset - 1
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      offset += 1
    }
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
}
