import FoundationEssentials

/// Reads what ``ByteWriter`` wrote, every length checked against what is left, so that no input
/// can make it trap, or allocate more than the input's own size.
///
/// It reads memory it does not own: make it inside `withUnsafeBytes` and do not let it escape.
public struct ByteReader {
  /// Why bytes were not read: cut short, or a value no writer writes.
  public struct Malformed: Error {
    /// The error, which says no more than its type.
    @inlinable
    public init() {}
  }

  @usableFromInline let raw: UnsafeRawBufferPointer
  /// Where the reader must stop.
  @usableFromInline let end: Int
  /// Where the reader is.
  public var offset: Int

  /// A reader of `raw` from `offset` to `end` (the end of `raw` if nil); bounds outside `raw`
  /// are brought within it.
  @inlinable
  public init(_ raw: UnsafeRawBufferPointer, from offset: Int = 0, to end: Int? = nil) {
    self.raw = raw
    self.end = min(max(end ?? raw.count, 0), raw.count)
    self.offset = min(max(offset, 0), self.end)
  }

  /// What `body` reads from `bytes[range]` (all of `bytes` if nil).
  @inlinable
  public static func read<Value>(
    _ bytes: [UInt8], in range: Range<Int>? = nil,
    _ body: (inout ByteReader) throws(Malformed) -> Value
  ) throws(Malformed) -> Value {
    let result = bytes.withUnsafeBytes { raw -> Result<Value, Malformed> in
      var reader = ByteReader(raw, from: range?.lowerBound ?? 0, to: range?.upperBound)
      do throws(Malformed) {
        return .success(try body(&reader))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Whether every byte was read.
  @inlinable
  public var isAtEnd: Bool { offset == end }

  /// How many bytes are left.
  @inlinable
  public var remaining: Int { end - offset }

  /// The next byte.
  @inlinable
  public mutating func byte() throws(Malformed) -> UInt8 {
    guard offset < end else { throw Malformed() }
    defer { offset += 1 }
    return raw[offset]
  }

  /// A byte that must be `0` or `1`.
  @inlinable
  public mutating func bool() throws(Malformed) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default: throw Malformed()
    }
  }

  /// A `UInt16` in two bytes, little-endian.
  @inlinable
  public mutating func uint16() throws(Malformed) -> UInt16 {
    guard end - offset >= 2 else { throw Malformed() }
    defer { offset += 2 }
    return UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
  }

  /// A `UInt32` in four bytes, little-endian.
  @inlinable
  public mutating func uint32() throws(Malformed) -> UInt32 {
    guard end - offset >= 4 else { throw Malformed() }
    defer { offset += 4 }
    return UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  /// A `UInt64` in eight bytes, little-endian.
  @inlinable
  public mutating func uint64() throws(Malformed) -> UInt64 {
    guard end - offset >= 8 else { throw Malformed() }
    defer { offset += 8 }
    // One load, not eight checked subscripts.
    return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// An integer in eight bytes, two's complement.
  @inlinable
  public mutating func int() throws(Malformed) -> Int { Int(Int64(bitPattern: try uint64())) }

  /// A count or length: not negative, and at most what is left (each item takes a byte at least).
  @inlinable
  public mutating func count() throws(Malformed) -> Int {
    try count(ofAtLeast: 1)
  }

  /// How many items of at least `size` bytes each follow: never more than the bytes left hold,
  /// so that a damaged count cannot make the reader reserve memory for them.
  @inlinable
  public mutating func count(ofAtLeast size: Int) throws(Malformed) -> Int {
    let value = try int()
    guard value >= 0, value <= (end - offset) / size else { throw Malformed() }
    return value
  }

  /// The range of the next `count`-prefixed bytes.
  @inlinable
  public mutating func range() throws(Malformed) -> Range<Int> {
    let count = try count()
    defer { offset += count }
    return offset..<offset + count
  }

  /// The next `count` bytes, which must be there.
  @inlinable
  public mutating func bytes(_ count: Int) throws(Malformed) -> UnsafeBufferPointer<UInt8> {
    guard count >= 0, end - offset >= count else { throw Malformed() }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
      .assumingMemoryBound(to: UInt8.self)
  }

  /// A text, which must be valid UTF-8 (never repaired: that would change it).
  @inlinable
  public mutating func string() throws(Malformed) -> String {
    try Self.text(try bytes(try count()))
  }

  /// `bytes` as a string if they are valid UTF-8.
  @inlinable
  public static func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(Malformed) -> String {
    // ASCII is valid UTF-8 as it is: one pass of ORs proves it, where `String(validating:)`
    // decodes every scalar, and nearly every text of a cache is ASCII.
    var union: UInt8 = 0
    for byte in bytes { union |= byte }
    if union < 0x80 {
      // Copied in place: a short text is then made without a second look at its bytes.
      return String(unsafeUninitializedCapacity: bytes.count) { buffer in
        buffer.initialize(fromContentsOf: bytes)
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw Malformed() }
    return text
  }

  /// 16 bytes, as a UUID.
  @inlinable
  public mutating func uuid() throws(Malformed) -> UUID {
    guard end - offset >= 16 else { throw Malformed() }
    defer { offset += 16 }
    // Loaded, not copied into `UUID().uuid`: making a UUID draws random bytes.
    return UUID(uuid: raw.loadUnaligned(fromByteOffset: offset, as: uuid_t.self))
  }

  /// A text after a byte `1`, or nil after a byte `0`.
  @inlinable
  public mutating func optionalString() throws(Malformed) -> String? {
    try bool() ? try string() : nil
  }

  /// An integer after a byte `1`, or nil after a byte `0`.
  @inlinable
  public mutating func optionalInt() throws(Malformed) -> Int? {
    try bool() ? try int() : nil
  }

  /// A `UInt64` after a byte `1`, or nil after a byte `0`.
  @inlinable
  public mutating func optionalUInt64() throws(Malformed) -> UInt64? {
    try bool() ? try uint64() : nil
  }

  /// A UUID after a byte `1`, or nil after a byte `0`.
  @inlinable
  public mutating func optionalUUID() throws(Malformed) -> UUID? {
    try bool() ? try uuid() : nil
  }
}
