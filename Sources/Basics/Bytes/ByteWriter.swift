import FoundationEssentials

/// Little-endian values appended to bytes: what every binary file of quiz (the deck cache,
/// `state.bin`, `journal-index.bin`) is written with, and ``ByteReader`` reads.
public struct ByteWriter {
  /// The bytes written so far.
  public var bytes: [UInt8] = []

  /// A writer with nothing written.
  @inlinable
  public init() {}

  /// Makes room for at least `count` bytes in all, those written so far included.
  @inlinable
  public mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

  /// One byte, as it is.
  @inlinable
  public mutating func append(_ value: UInt8) { bytes.append(value) }

  /// A `UInt16` in two bytes, little-endian.
  @inlinable
  public mutating func append(_ value: UInt16) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// A `UInt32` in four bytes, little-endian.
  @inlinable
  public mutating func append(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// A `UInt64` in eight bytes, little-endian.
  @inlinable
  public mutating func append(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// An integer in eight bytes, two's complement.
  @inlinable
  public mutating func append(_ value: Int) { append(UInt64(bitPattern: Int64(value))) }

  /// A byte `1` or `0`.
  @inlinable
  public mutating func append(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// A text: its UTF-8 length in eight bytes, then its bytes.
  @inlinable
  public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      append(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  /// Bytes: their count in eight bytes, then the bytes.
  @inlinable
  public mutating func append(bytes more: some Collection<UInt8>) {
    append(more.count)
    bytes.append(contentsOf: more)
  }

  /// A UUID's 16 bytes, in their order.
  @inlinable
  public mutating func append(uuid: UUID) {
    withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
  }

  /// `true` and the text, or `false` for none.
  @inlinable
  public mutating func append(_ text: String?) {
    append(text != nil)
    if let text { append(text) }
  }

  /// `true` and the value, or `false` for none.
  @inlinable
  public mutating func append(_ value: Int?) {
    append(value != nil)
    if let value { append(value) }
  }

  /// `true` and the value, or `false` for none.
  @inlinable
  public mutating func append(_ value: UInt64?) {
    append(value != nil)
    if let value { append(value) }
  }

  /// `true` and the UUID, or `false` for none.
  @inlinable
  public mutating func append(uuid: UUID?) {
    append(uuid != nil)
    if let uuid { append(uuid: uuid) }
  }
}
