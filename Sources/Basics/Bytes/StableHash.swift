import FoundationEssentials

/// A 64-bit hash of bytes, eight bytes a step: what tells a cache's own source from any other of
/// the same length, and finds damage to a cache file.
///
/// Not meant to resist anyone: whoever could forge one could as well edit the file it stands
/// for. Every cache of quiz (the deck cache, `state.bin`, `journal-index.bin`) writes these
/// values, so the function is part of their formats: changing it changes their versions.
public enum StableHash {
  /// The hash of `raw`.
  @inlinable
  public static func of(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var hash = Running(count: raw.count)
    let whole = raw.count & ~7
    hash.add(words: UnsafeRawBufferPointer(rebasing: raw[..<whole]))
    return hash.end(tail: UnsafeRawBufferPointer(rebasing: raw[whole...]))
  }

  /// The hash of `count` bytes fed a part at a time, with the same value as ``of(_:)`` of them
  /// all: for a file hashed as it is read, without holding it.
  public struct Running {
    @usableFromInline var hash: UInt64

    /// A hash of `count` bytes, none fed yet.
    @inlinable
    public init(count: Int) {
      hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
    }

    /// Feeds `raw`, whose count must be a multiple of eight.
    @inlinable
    public mutating func add(words raw: UnsafeRawBufferPointer) {
      // Counted in words with wrapping arithmetic: the number of whole words is known before the
      // loop, so a checked `index + 8 <= count` at each step would only repeat it.
      let words = raw.count / 8
      var hash = self.hash
      var word = 0
      while word < words {
        let value = raw.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
        hash = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash << 31) | (hash >> 33)
        word &+= 1
      }
      self.hash = hash
    }

    /// The hash, once the last `tail` bytes (fewer than eight) are fed.
    @inlinable
    public func end(tail raw: UnsafeRawBufferPointer) -> UInt64 {
      var hash = self.hash
      var index = 0
      while index < raw.count {
        hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01B3
        index &+= 1
      }
      hash ^= hash >> 33
      hash = hash &* 0xC4CE_B9FE_1A85_EC53
      return hash ^ (hash >> 33)
    }
  }

  /// The hash of `bytes`.
  @inlinable
  public static func of(_ bytes: some ContiguousBytes) -> UInt64 {
    bytes.withUnsafeBytes { of($0) }
  }
}
