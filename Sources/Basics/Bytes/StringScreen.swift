/// A quick "no" for strings not in a set: one bit per string, at a place given by an FNV-1a hash
/// of its UTF-8 bytes. Every string it was made from passes; most others do not. What passes
/// must still be looked up in the set itself: the screen only spares the look-up (a seeded
/// hash of the whole string) of the many strings that are not there.
public struct StringScreen: Sendable {
  /// The bits, 64 a word; a power of two of them.
  @usableFromInline let words: [UInt64]
  /// The number of bits less one: a hash's place among them.
  @usableFromInline let mask: Int

  /// A screen that passes every one of `strings`, with about 16 bits a string (`count` of them
  /// expected), so that about one string in 16 of those not among them passes too.
  @inlinable
  public init(_ strings: some Sequence<String>, count: Int) {
    var bits = 64
    while bits < count * 16 && bits < 1 << 30 { bits *= 2 }
    mask = bits - 1
    var words = [UInt64](repeating: 0, count: bits / 64)
    for string in strings {
      let place = Self.place(of: string, mask: mask)
      words[place >> 6] |= 1 << UInt64(place & 63)
    }
    self.words = words
  }

  /// Whether `string` may be among the strings: false only when it is surely not.
  @inlinable
  public func mayContain(_ string: String) -> Bool {
    let place = Self.place(of: string, mask: mask)
    return words[place >> 6] & 1 << UInt64(place & 63) != 0
  }

  /// The bit of `string`: its hash's high and low halves folded together, so that every byte
  /// counts in the bits kept.
  @inlinable
  static func place(of string: String, mask: Int) -> Int {
    var hash = FNV1a64()
    hash.add(string)
    return Int(truncatingIfNeeded: hash.value ^ hash.value >> 29) & mask
  }
}
