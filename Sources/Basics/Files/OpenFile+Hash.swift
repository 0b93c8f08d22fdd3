import Glibc

extension OpenFile {
  /// The ``StableHash`` of the file's first `count` bytes, read a part at a time into one small
  /// buffer rather than into memory of their size; nil when the file has fewer, or cannot be
  /// read.
  public func stableHash(count: Int) -> UInt64? {
    guard count >= 0 else { return nil }
    // A multiple of eight, the hash's step.
    let partSize = 128 << 10
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: min(partSize, max(count, 1)), alignment: 8)
    defer { buffer.deallocate() }
    var hash = StableHash.Running(count: count)
    var offset = 0
    while offset < count {
      let part = min(partSize, count - offset)
      var filled = 0
      while filled < part {
        let read = pread(
          descriptor, buffer.baseAddress! + filled, part - filled, off_t(offset + filled))
        if read < 0, errno == EINTR { continue }
        guard read > 0 else { return nil }
        filled += read
      }
      offset += part
      let bytes = UnsafeRawBufferPointer(buffer)
      if offset < count {
        hash.add(words: UnsafeRawBufferPointer(rebasing: bytes[..<part]))
      } else {
        let whole = part & ~7
        hash.add(words: UnsafeRawBufferPointer(rebasing: bytes[..<whole]))
        return hash.end(tail: UnsafeRawBufferPointer(rebasing: bytes[whole..<part]))
      }
    }
    return hash.end(tail: UnsafeRawBufferPointer(start: nil, count: 0))
  }
}
