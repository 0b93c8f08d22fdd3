import FoundationEssentials
import Glibc

/// Fast paths for the line operations of the parsers, which read every line of every deck.
///
/// Swift compares and walks strings by Character (grapheme cluster) with canonical equivalence,
/// which is correct and slow. Most lines are *simple*: every Unicode scalar is below U+0300 and
/// none is a carriage return. In a simple line every scalar is a Character of its own (the
/// combining marks, prepended marks and other grapheme extenders start at U+0300; CR LF is the
/// one pair below it that forms a Character), and no two different scalars are canonically
/// equivalent. So on a simple line, comparing or splitting the UTF-8 bytes gives exactly what the
/// Character operations give. Each operation here checks what it needs (a neighbouring byte, or
/// the whole text) and falls back to the Character operation otherwise, so its result is always
/// the Character result.
extension Substring {
  /// Calls `body` with the UTF-8 bytes; no copy for the native strings that decks are read into.
  @inline(__always)
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var text = self
    return text.withUTF8(body)
  }

  /// Whether every scalar is below U+0300 and none is "\r": every byte is below 0xCC (the first
  /// lead byte of U+0300) and is not 0x0D.
  var isSimpleText: Bool {
    withBytes(Self.isSimple)
  }

  static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0xCC || byte == 0x0D { return false }
    return true
  }

  /// `hasPrefix(prefix)` for an ASCII `prefix` (one that is not "\r"), by bytes.
  ///
  /// Matching ASCII bytes followed by a byte below 0xCC are the same Characters as the prefix's;
  /// an ASCII byte that differs is a different Character. Anything else asks `hasPrefix`.
  func hasASCIIPrefix(_ prefix: String) -> Bool {
    let decided: Bool? = withBytes { bytes -> Bool? in
      var index = 0
      for expected in prefix.utf8 {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        if byte != expected { return byte < 0x80 && byte != 0x0D ? false : nil }
        index += 1
      }
      return index == bytes.count || bytes[index] < 0xCC ? true : nil
    }
    return decided ?? hasPrefix(prefix)
  }

  /// `self == text` for an ASCII `text`, by bytes when that decides it.
  func equalsASCII(_ text: String) -> Bool {
    // A different ASCII first byte is a different first Character: most lines end here.
    if let first = utf8.first, first < 0x80, first != 0x0D, first != text.utf8.first {
      return false
    }
    // Other bytes equal ASCII text only through the scalars that are canonically "K", ";" and
    // "`" (the Kelvin sign, the Greek question mark and the varia), each longer than the byte it
    // equals: a line no longer than the text equals it exactly when its bytes do.
    var text = text
    if utf8.count <= text.utf8.count {
      guard utf8.count == text.utf8.count else { return false }
      return text.withUTF8 { target in
        withBytes { $0.isEmpty || memcmp($0.baseAddress!, target.baseAddress!, $0.count) == 0 }
      }
    }
    let decided = text.withUTF8 { target in
      withBytes { bytes -> Bool? in
        if bytes.count == target.count
          && (bytes.isEmpty || memcmp(bytes.baseAddress!, target.baseAddress!, bytes.count) == 0)
        {
          return true
        }
        // A different ASCII first byte is a different first Character.
        if let first = bytes.first, first < 0x80, first != 0x0D, first != target.first {
          return false
        }
        // ASCII text equals only the same bytes.
        for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
        return false
      }
    }
    return decided ?? (self == text)
  }

  /// `hasPrefix(prefix)` for a simple `prefix`, by bytes when the line is simple too (see
  /// `isSimpleText`); nil for another line.
  func simpleHasPrefix(_ prefix: String) -> Bool? {
    var prefix = prefix
    return prefix.withUTF8 { target in
      withBytes { bytes -> Bool? in
        guard Self.isSimple(bytes) else { return nil }
        return bytes.count >= target.count
          && (target.isEmpty || memcmp(bytes.baseAddress!, target.baseAddress!, target.count) == 0)
      }
    }
  }

  /// Whether the line holds the Character of an ASCII `byte` that no other text equals ("|",
  /// "-"), by bytes when they decide it: without the byte it cannot, and on a simple line (see
  /// `isSimpleText`) the byte is that Character. Nil when they do not decide it.
  func simpleContains(byte: UInt8) -> Bool? {
    withBytes { bytes -> Bool? in
      guard !bytes.isEmpty, memchr(bytes.baseAddress!, Int32(byte), bytes.count) != nil else {
        return false
      }
      return Self.isSimple(bytes) ? true : nil
    }
  }

  /// Whether a simple line (see `isSimpleText`) holds `needle`, by bytes; nil for another line.
  func simpleContains(_ needle: String) -> Bool? {
    var needle = needle
    return needle.withUTF8 { target in
      withBytes { bytes -> Bool? in
        guard Self.isSimple(bytes) else { return nil }
        guard let first = target.first, bytes.count >= target.count else {
          return target.isEmpty
        }
        for start in 0...(bytes.count - target.count)
        where bytes[start] == first
          && memcmp(bytes.baseAddress! + start, target.baseAddress!, target.count) == 0
        {
          return true
        }
        return false
      }
    }
  }

  /// `trimmingWhitespace().isEmpty`, by bytes: every Character is a space or a tab exactly
  /// when every byte is one (a space joined to a mark that follows it is no space, and the
  /// mark's bytes are neither).
  var isBlank: Bool {
    withBytes { bytes in
      for byte in bytes where byte != 0x20 && byte != 0x09 { return false }
      return true
    }
  }

  /// The byte offset of the first `contains(needle)` match for a non-empty ASCII `needle`
  /// without "\r" and "\n" (which join into one Character) and without "K", ";" and "`" (the
  /// Kelvin sign, the Greek question mark and the varia equal them): -1 when there is none; nil
  /// when the bytes do not decide it.
  ///
  /// The Characters occur only where their bytes do. A byte match is a Character match when
  /// the byte before it is ASCII (only a prepended mark, U+0600 and up, joins what follows) and
  /// the byte after it is below 0xCC (no mark, U+0300 and up, joins it).
  func firstASCIIMatch(_ needle: String) -> Int? {
    var needle = needle
    return needle.withUTF8 { target in
      withBytes { bytes -> Int? in
        guard let first = target.first, bytes.count >= target.count else { return -1 }
        var start = 0
        let last = bytes.count - target.count
        while start <= last {
          guard
            let found = memchr(bytes.baseAddress! + start, Int32(first), last - start + 1)
          else { return -1 }
          let offset = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
          if memcmp(bytes.baseAddress! + offset, target.baseAddress!, target.count) == 0 {
            let end = offset + target.count
            guard
              (offset == 0 || bytes[offset - 1] < 0x80) && (end == bytes.count || bytes[end] < 0xCC)
            else { return nil }
            return offset
          }
          start = offset + 1
        }
        return -1
      }
    }
  }

  /// `contains(needle)` for an ASCII `needle` as ``firstASCIIMatch(_:)`` takes, by bytes when
  /// they decide it.
  func containsASCII(_ needle: String) -> Bool {
    firstASCIIMatch(needle).map { $0 >= 0 } ?? (firstRange(of: needle) != nil)
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

  /// Whether every scalar is below U+0300 or an arrow (U+2190–U+21FF, the `←` of `← All
  /// lessons`), and none is "\r".
  ///
  /// An arrow is a Character of its own as well: none extends a cluster or is prepended, and
  /// the arrows that are canonically an arrow and a mark (`↚`, ← U+0338) equal no text without
  /// that mark, which is above U+0300.
  static func isSimpleOrArrows(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0xCC {
        if byte == 0x0D { return false }
        index += 1
        continue
      }
      // U+2190–U+21BF is E2 86 90–BF, U+21C0–U+21FF is E2 87 80–BF.
      guard byte == 0xE2, index + 2 < bytes.count else { return false }
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      guard (second == 0x86 && third &- 0x90 < 0x30) || (second == 0x87 && third &- 0x80 < 0x40)
      else { return false }
      index += 3
    }
    return true
  }

  /// `components(separatedBy: separator)` on a simple line, by bytes; nil when the line is not
  /// simple (or, with `allowingArrows`, simple but for arrows: see `isSimpleOrArrows`).
  /// `separator` must be non-empty and ASCII or simple.
  func simpleComponents(separatedBy separator: String, allowingArrows: Bool = false)
    -> [Substring]?
  {
    let needle = Array(separator.utf8)
    return withBytes { bytes -> [Substring]? in
      guard allowingArrows ? Self.isSimpleOrArrows(bytes) : Self.isSimple(bytes) else {
        return nil
      }
      var parts: [Substring] = []
      var partStart = 0
      var index = 0
      var startIndex = utf8.startIndex
      while index + needle.count <= bytes.count {
        var matches = true
        for offset in 0..<needle.count where bytes[index + offset] != needle[offset] {
          matches = false
          break
        }
        if matches {
          let endIndex = utf8.index(startIndex, offsetBy: index - partStart)
          parts.append(Substring(utf8[startIndex..<endIndex]))
          index += needle.count
          startIndex = utf8.index(endIndex, offsetBy: needle.count)
          partStart = index
        } else {
          index += 1
        }
      }
      parts.append(Substring(utf8[startIndex...]))
      return parts
    }
  }
}

extension Collection where Element == Substring {
  /// `joined(separator:)`, by appending bytes: the same text, several times faster than the
  /// generic `joined`, which the parsers call for every paragraph and code block.
  func joinedText(separator: String) -> String {
    if let spanned = spannedText(separator: separator) { return spanned }
    var capacity = 0
    for part in self { capacity += part.utf8.count + separator.utf8.count }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(capacity)
    var isFirst = true
    for part in self {
      if !isFirst { bytes.append(contentsOf: separator.utf8) }
      isFirst = false
      part.withBytes { bytes.append(contentsOf: $0) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The joined text in one piece when the parts are consecutive lines of one string, separated
  /// there by exactly `separator`: then it is the stretch of that string from the first part's
  /// start to the last part's end. Nil otherwise.
  private func spannedText(separator: String) -> String? {
    guard let first = self.first, count > 1 else { return nil }
    let base = first.base
    var storage = base
    var separator = separator
    // The parts' offsets, and the bytes between them, are read from the buffer of the storage
    // they share, which is opened once rather than twice a part.
    let end = storage.withUTF8 { bytes -> String.Index? in
      separator.withUTF8 { gap -> String.Index? in
        var previous = first
        var previousEnd = base.utf8.distance(from: base.startIndex, to: first.endIndex)
        for part in dropFirst() {
          var partBase = part.base
          guard
            partBase.withUTF8({
              $0.baseAddress == bytes.baseAddress && $0.count == bytes.count
            })
          else { return nil }
          let start = base.utf8.distance(from: base.startIndex, to: part.startIndex)
          guard start - previousEnd == gap.count,
            gap.isEmpty
              || memcmp(bytes.baseAddress! + previousEnd, gap.baseAddress!, gap.count) == 0
          else { return nil }
          previous = part
          previousEnd = base.utf8.distance(from: base.startIndex, to: part.endIndex)
        }
        return previous.endIndex
      }
    }
    guard let end else { return nil }
    return String(base[first.startIndex..<end])
  }
}
