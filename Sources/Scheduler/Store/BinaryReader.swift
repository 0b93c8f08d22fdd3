import FoundationEssentials

/// Reads what ``BinaryWriter`` wrote, every length checked against what is left and every value
/// against the ranges that the JSON files' readers take: nil for anything else, never a trap.
struct BinaryReader {
  let raw: UnsafeRawBufferPointer
  var offset: Int

  init(_ raw: UnsafeRawBufferPointer, at offset: Int) {
    self.raw = raw
    self.offset = offset
  }

  var isAtEnd: Bool { offset == raw.count }

  /// The days the JSON readers take (``Day/supportedYears``).
  private static let days: ClosedRange<Int> =
    Day(year: Day.supportedYears.lowerBound, month: 1, day: 1)!
    .daysSince1970...Day(
      year: Day.supportedYears.upperBound, month: 12, day: 31)!.daysSince1970

  mutating func byte() -> UInt8? {
    guard offset < raw.count else { return nil }
    defer { offset += 1 }
    return raw[offset]
  }

  mutating func uint32() -> UInt32? {
    guard raw.count - offset >= 4 else { return nil }
    defer { offset += 4 }
    return UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  mutating func uint64() -> UInt64? {
    guard raw.count - offset >= 8 else { return nil }
    defer { offset += 8 }
    return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// A count the files may hold (0…``CardState/maximumCount``).
  mutating func count() -> Int? {
    guard let value = uint64(), value <= UInt64(CardState.maximumCount) else { return nil }
    return Int(value)
  }

  /// How many items of at least `size` bytes each follow: never more than the bytes left hold,
  /// so that a damaged count cannot make the reader reserve memory for them.
  mutating func items(ofAtLeast size: Int) -> Int? {
    guard let count = count(), count <= (raw.count - offset) / size else { return nil }
    return count
  }

  mutating func day() -> Day? {
    guard let value = uint64() else { return nil }
    let days = Int(Int64(bitPattern: value))
    return BinaryReader.days.contains(days) ? Day(daysSince1970: days) : nil
  }

  /// 16 bytes, as a UUID.
  mutating func uuid() -> UUID? {
    guard raw.count - offset >= 16 else { return nil }
    defer { offset += 16 }
    // Loaded, not copied into `UUID().uuid`: making a UUID draws random bytes.
    return UUID(uuid: raw.loadUnaligned(fromByteOffset: offset, as: uuid_t.self))
  }

  /// A card id that the journal would read (``JournalEvent/problem(withCardID:)``).
  mutating func id() -> String? {
    guard raw.count - offset >= 2 else { return nil }
    let count = Int(
      UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    offset += 2
    guard count >= 1, count <= JournalEvent.maximumCardIDLength, raw.count - offset >= count
    else { return nil }
    let bytes = UnsafeBufferPointer(
      start: raw.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self),
      count: count)
    offset += count
    // Printable ASCII, as almost every id is, needs no other check.
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    guard let id = String(validating: bytes, as: UTF8.self),
      JournalEvent.problem(withCardID: id) == nil
    else { return nil }
    return id
  }
}
