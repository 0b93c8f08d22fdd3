/// The little-endian bytes of the deck cache: a writer that appends, and a reader that checks
/// every length against what is left, so that no input can make it trap or allocate more than
/// the input's own size.
struct CacheBytes {
  /// Why cached bytes were not read: the entry is then parsed from its file again.
  struct Malformed: Error {}

  /// The bytes written so far, or the bytes being read.
  private(set) var bytes: [UInt8]
  /// Where the reader is.
  private(set) var offset: Int
  /// Where the reader must stop.
  private let end: Int

  /// A writer.
  init() {
    bytes = []
    offset = 0
    end = 0
  }

  /// A reader of `bytes[range]`.
  init(reading bytes: [UInt8], in range: Range<Int>? = nil) {
    self.bytes = bytes
    offset = range?.lowerBound ?? 0
    end = range?.upperBound ?? bytes.count
  }

  /// Whether every byte was read.
  var isAtEnd: Bool { offset == end }

  // MARK: Writing

  mutating func append(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ value: Int) { append(UInt64(bitPattern: Int64(value))) }

  mutating func append(_ value: UInt8) { bytes.append(value) }

  mutating func append(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      append(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func append(bytes more: some Collection<UInt8>) {
    append(more.count)
    bytes.append(contentsOf: more)
  }

  mutating func append(_ text: String?) {
    append(text != nil)
    if let text { append(text) }
  }

  mutating func append(_ value: Int?) {
    append(value != nil)
    if let value { append(value) }
  }

  // MARK: Reading

  mutating func uint64() throws(Malformed) -> UInt64 {
    guard end - offset >= 8 else { throw Malformed() }
    // One load, not eight checked subscripts: a tenth of reading the headings at 100k cards.
    let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
    offset += 8
    return UInt64(littleEndian: value)
  }

  mutating func int() throws(Malformed) -> Int { Int(Int64(bitPattern: try uint64())) }

  /// A count or length: not negative, and at most what is left (each item takes a byte at least).
  mutating func count() throws(Malformed) -> Int {
    let value = try int()
    guard value >= 0, value <= end - offset else { throw Malformed() }
    return value
  }

  mutating func byte() throws(Malformed) -> UInt8 {
    guard offset < end else { throw Malformed() }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func bool() throws(Malformed) -> Bool {
    switch try byte() {
    case 0: false
    case 1: true
    default: throw Malformed()
    }
  }

  /// The range of the next `count`-prefixed bytes.
  mutating func range() throws(Malformed) -> Range<Int> {
    let count = try count()
    defer { offset += count }
    return offset..<offset + count
  }

  /// A string, which must be valid UTF-8 (never repaired: that would change it).
  mutating func string() throws(Malformed) -> String {
    let range = try range()
    let text = bytes.withUnsafeBufferPointer { buffer -> String? in
      let content = UnsafeBufferPointer(rebasing: buffer[range])
      // ASCII is valid UTF-8 as it is; `String(validating:)` took two thirds of reading a cache.
      var union: UInt8 = 0
      for byte in content { union |= byte }
      return union < 0x80
        ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
    }
    guard let text else { throw Malformed() }
    return text
  }

  mutating func optionalString() throws(Malformed) -> String? {
    try bool() ? try string() : nil
  }

  mutating func optionalInt() throws(Malformed) -> Int? {
    try bool() ? try int() : nil
  }

  /// A 64-bit hash of `bytes[range]`, to tell a damaged entry from a sound one: eight bytes a
  /// step (a multiply and a rotation), so that checking a cache costs little beside reading it.
  static func hash(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
    bytes.withUnsafeBytes { hash(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  /// The same hash of `bytes`.
  static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.withUnsafeBytes { hash($0) }
  }

  private static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
    var index = 0
    while index + 8 <= raw.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash = (hash << 31) | (hash >> 33)
      index += 8
    }
    while index < raw.count {
      hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01B3
      index += 1
    }
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
  }
}
