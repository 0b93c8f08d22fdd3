import CSQLite

/// Bytes in memory that SQLite allocated, grown as they arrive: a collection read into one is
/// handed to SQLite as it is, never copied, so that it is held once, not two or three times.
final class SQLiteBuffer {
  private var base: UnsafeMutableRawPointer?
  /// How many bytes it holds.
  private(set) var count = 0
  private var capacity = 0

  /// An empty buffer with room for `capacity` bytes.
  init(reserving capacity: Int) throws(AnkiPackageError) {
    try grow(to: max(capacity, 1 << 16))
  }

  deinit {
    sqlite3_free(base)
  }

  /// Appends `bytes`.
  func append(_ bytes: UnsafeRawBufferPointer) throws(AnkiPackageError) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    if count + bytes.count > capacity { try grow(to: max(count + bytes.count, capacity * 2)) }
    guard let base else { throw .database("out of memory") }
    (base + count).copyMemory(from: source, byteCount: bytes.count)
    count += bytes.count
  }

  /// The bytes held, valid until the buffer changes or goes away.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// The bytes, at `offset`.
  subscript(offset: Int) -> UInt8 {
    get { base!.load(fromByteOffset: offset, as: UInt8.self) }
    set { base!.storeBytes(of: newValue, toByteOffset: offset, as: UInt8.self) }
  }

  /// The memory and its size, handed over to be freed with `sqlite3_free`; the buffer is empty
  /// after.
  func take() -> (UnsafeMutableRawPointer?, Int) {
    defer { (base, count, capacity) = (nil, 0, 0) }
    return (base, count)
  }

  private func grow(to size: Int) throws(AnkiPackageError) {
    // glibc moves a large block's pages rather than copying them.
    guard let grown = sqlite3_realloc64(base, UInt64(size)) else {
      throw .database("out of memory for \(size) bytes")
    }
    base = grown
    capacity = size
  }
}
