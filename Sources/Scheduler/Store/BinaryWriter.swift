import FoundationEssentials

/// Little-endian integers, days, ids and card ids appended to bytes: what the binary caches of
/// the state folder (`state.bin`, `journal-index.bin`) are written with, and ``BinaryReader``
/// reads.
struct BinaryWriter {
  var bytes: [UInt8] = []

  mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

  mutating func append(_ value: UInt8) { bytes.append(value) }

  mutating func append(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// A byte `1` and the value, or a byte `0` for none.
  mutating func append(optional value: UInt64?) {
    append(value == nil ? 0 as UInt8 : 1)
    if let value { append(value) }
  }

  /// A day: its days since 1970-01-01, signed, in eight bytes.
  mutating func append(day: Day) {
    append(UInt64(bitPattern: Int64(day.daysSince1970)))
  }

  /// A UUID's 16 bytes, in their order.
  mutating func append(uuid: UUID) {
    withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
  }

  /// A card id: its UTF-8 length in two bytes, then its bytes.
  mutating func append(id: String) {
    let count = UInt16(truncatingIfNeeded: id.utf8.count)
    withUnsafeBytes(of: count.littleEndian) { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: id.utf8)
  }

  /// A 64-bit hash of `raw`, eight bytes a step: it tells a file's own source from any other of
  /// the same length, and finds damage to the file. Not meant to resist anyone: whoever could
  /// forge one could as well edit the file it stands for.
  static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
    // Counted in words with wrapping arithmetic: the checked `index + 8 <= count` of each step
    // cost as much as the mixing.
    let words = raw.count / 8
    var word = 0
    while word < words {
      let value = raw.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
      hash = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
      hash = (hash << 31) | (hash >> 33)
      word &+= 1
    }
    var index = words * 8
    while index < raw.count {
      hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01B3
      index += 1
    }
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
  }
}
