import Glibc

extension UnsafeRawBufferPointer {
  /// Whether the bytes hold `word`, byte for byte: each place of its first byte found with
  /// `memchr`, the rest compared there (Glibc's Swift module has no `memmem`).
  public func holds(_ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard length > 0 else { return true }
    guard let base = baseAddress else { return false }
    var start = base
    let end = base + count
    while end - start >= length,
      let found = memchr(start, Int32(word.utf8Start.pointee), end - start - length + 1)
    {
      if memcmp(found, word.utf8Start, length) == 0 { return true }
      start = UnsafeRawPointer(found) + 1
    }
    return false
  }
}
