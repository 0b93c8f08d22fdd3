/// The 64-bit FNV-1a hash, fed a byte at a time: what card ids and derived event ids are made of,
/// so its values are part of people's progress and never change.
public struct FNV1a64 {
  /// The hash of the bytes fed so far.
  @inlinable
  public var value: UInt64 { state }

  @usableFromInline var state: UInt64

  /// The standard offset basis, or another (a second, independent hash of the same bytes).
  @inlinable
  public init(offset: UInt64 = 0xcbf2_9ce4_8422_2325) {
    state = offset
  }

  /// Feeds one byte.
  @inlinable @inline(__always)
  public mutating func add(_ byte: UInt8) {
    state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
  }

  /// Feeds `bytes`, in order.
  @inlinable
  public mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { add(byte) }
  }

  /// Feeds the UTF-8 bytes of `text`, read where they are stored.
  @inlinable
  public mutating func add(_ text: String) {
    var hash = self
    let fed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes { hash.add(byte) }
    }
    if fed == nil {
      for byte in text.utf8 { hash.add(byte) }
    }
    self = hash
  }

  /// Feeds the eight bytes of `word`, lowest first.
  @inlinable @inline(__always)
  public mutating func add(word: UInt64) {
    add(sevenBytes: word)
    add(UInt8(truncatingIfNeeded: word >> 56))
  }

  /// Feeds the seven low bytes of `word`, lowest first.
  @inlinable @inline(__always)
  public mutating func add(sevenBytes word: UInt64) {
    var hash = state
    hash = (hash ^ (word & 0xFF)) &* 0x0000_0100_0000_01b3
    hash = (hash ^ (word >> 8 & 0xFF)) &* 0x0000_0100_0000_01b3
    hash = (hash ^ (word >> 16 & 0xFF)) &* 0x0000_0100_0000_01b3
    hash = (hash ^ (word >> 24 & 0xFF)) &* 0x0000_0100_0000_01b3
    hash = (hash ^ (word >> 32 & 0xFF)) &* 0x0000_0100_0000_01b3
    hash = (hash ^ (word >> 40 & 0xFF)) &* 0x0000_0100_0000_01b3
    hash = (hash ^ (word >> 48 & 0xFF)) &* 0x0000_0100_0000_01b3
    state = hash
  }
}
