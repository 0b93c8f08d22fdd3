extension String {
  /// Whether the text holds `needle` byte for byte: a look for ASCII code, far cheaper than
  /// `contains(_:)`, which compares characters.
  func holdsBytes(_ needle: StaticString) -> Bool {
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
    guard let first = pattern.first else { return true }
    var text = self
    return text.withUTF8 { bytes in
      guard bytes.count >= pattern.count else { return false }
      var start = 0
      while start + pattern.count <= bytes.count {
        if bytes[start] == first,
          (1..<pattern.count).allSatisfy({ bytes[start + $0] == pattern[$0] })
        {
          return true
        }
        start += 1
      }
      return false
    }
  }
}
