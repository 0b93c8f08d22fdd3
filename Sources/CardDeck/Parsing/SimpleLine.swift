/// The scalars of a simple line, each a Character of its own: every scalar is below U+0300,
/// and none is "\r".
///
/// The combining, prepended and other marks that join a Character start at U+0300, and CR LF is
/// the one pair below it that makes one Character; no two scalars below it are canonically
/// equal. Each scalar is one or two bytes.
struct SimpleLine: ByteLineText, BidirectionalCollection {
  let bytes: UnsafeBufferPointer<UInt8>

  @inline(__always)
  init(unchecked bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  @inline(__always)
  subscript(index: Int) -> SimpleCharacter {
    let lead = bytes[index]
    if lead < 0x80 { return SimpleCharacter(scalar: Unicode.Scalar(lead)) }
    let value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
    return SimpleCharacter(scalar: Unicode.Scalar(value).unsafelyUnwrapped)
  }

  @inline(__always)
  func index(after index: Int) -> Int { index + (bytes[index] < 0x80 ? 1 : 2) }

  @inline(__always)
  func index(before index: Int) -> Int { index - (bytes[index - 1] < 0x80 ? 1 : 2) }

  static func mayHold(_ needle: StaticString) -> Bool {
    UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount).allSatisfy {
      $0 < 0xCC
    }
  }

  /// Whether every scalar is below U+0300 and none is "\r": every byte is below 0xCC (the
  /// first lead byte of U+0300) and is not 0x0D.
  static func isLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0xCC || byte == 0x0D { return false }
    return true
  }
}
