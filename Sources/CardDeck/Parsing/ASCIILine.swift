/// The bytes of a line that is ASCII without "\r", each a Character of its own.
struct ASCIILine: ByteLineText, RandomAccessCollection {
  let bytes: UnsafeBufferPointer<UInt8>

  @inline(__always)
  init(unchecked bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  @inline(__always)
  subscript(index: Int) -> ASCIICharacter { ASCIICharacter(byte: bytes[index]) }

  static func mayHold(_ needle: StaticString) -> Bool { needle.isASCII }

  /// Whether every byte is ASCII and none is "\r": then every byte is a Character.
  static func isLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    if count < 8 {
      for index in 0..<count where base[index] >= 0x80 || base[index] == 0x0D { return false }
      return true
    }
    // Eight bytes at a time: a high bit set, or a byte of the word XOR "\r\r…" that is zero,
    // leaves a high bit in `flags`.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func flags(at offset: Int) -> UInt64 {
      let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
      let carriageReturns = word ^ (0x0D * ones)
      return word | ((carriageReturns &- ones) & ~carriageReturns)
    }
    var index = 0
    while index + 16 <= count {
      if (flags(at: index) | flags(at: index + 8)) & highs != 0 { return false }
      index += 16
    }
    var seen: UInt64 = 0
    if index + 8 <= count {
      seen = flags(at: index)
      index += 8
    }
    // The last eight bytes, some of them read already: no byte at a time.
    if index < count { seen |= flags(at: count - 8) }
    return seen & highs == 0
  }
}
