/// Trimming the spaces and tabs at either end of a text, as every parser trims a line.
extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingWhitespace() -> SubSequence {
    trimmingWhitespaceByCharacter()
  }

  /// ``trimmingWhitespace()``, comparing Characters.
  func trimmingWhitespaceByCharacter() -> SubSequence {
    var start = startIndex
    var end = endIndex
    while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
    while end > start {
      let before = index(before: end)
      guard self[before] == " " || self[before] == "\t" else { break }
      end = before
    }
    return self[start..<end]
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs; by bytes where that gives the same.
  func trimmingWhitespace() -> Substring {
    trimmingWhitespaceFast()
  }

  /// `trimmingWhitespace()`: leading and trailing spaces and tabs removed, by bytes when the
  /// bytes next to what is removed show that the spaces and tabs are Characters of their own.
  func trimmingWhitespaceFast() -> Substring {
    // Most lines neither start nor end with a space or a tab: then no Character at either end
    // is one, since each of those is a single byte.
    guard let first = utf8.first, let last = utf8.last else { return self }
    if first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 { return self }
    let bounds = withBytes { bytes -> (start: Int, end: Int)? in
      var start = 0
      var end = bytes.count
      while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
      // A space before a grapheme extender (U+0300 and up) would be one Character with it.
      if start > 0 && start < end && bytes[start] >= 0xCC { return nil }
      let trailing = end
      while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
      if end < trailing && end > start {
        // A prepended mark (U+0600 and up) before a space would be one Character with it.
        var lead = end - 1
        while lead > start && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        if bytes[lead] >= 0xD8 { return nil }
      }
      return (start, end)
    }
    guard let bounds else { return trimmingWhitespaceByCharacter() }
    if bounds.start == 0 && bounds.end == utf8.count { return self }
    let lower = utf8.index(utf8.startIndex, offsetBy: bounds.start)
    let upper = utf8.index(lower, offsetBy: bounds.end - bounds.start)
    return Substring(utf8[lower..<upper])
  }
}
