/// The bytes of a Substring, read where they are stored.
extension Substring {
  /// Calls `body` with the UTF-8 bytes; no copy for the native strings that decks are read into.
  @inline(__always)
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var text = self
    return text.withUTF8(body)
  }
}
