/// Control characters in deck text, made visible: what a deck holds must never drive the
/// terminal (clear it, retitle it, write the clipboard) or reorder what is read.
///
/// Deck text reaches the terminal, Markdown, CSV and JSON from ``SourceText`` only, which passes
/// every line through ``visible(_:)``: that is the one place. A C0 control other than tab (and
/// the line ends, which split lines first) becomes its Unicode control picture (`ESC` is `␛`),
/// DEL becomes `␡`; C1 controls and the bidirectional overrides and isolates (the "Trojan
/// Source" characters) become `\u{…}`.
public enum ControlCharacters {
  /// Whether `scalar` is one that ``visible(_:)`` replaces.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00...0x1F, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `text` with every control character replaced by a visible form.
  public static func visible(_ text: some StringProtocol) -> String {
    // Printable ASCII, nearly every path and deck name, holds none.
    if text.utf8.allSatisfy({ $0 &- 0x20 < 0x5F }) { return String(text) }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard isControl(scalar) else {
        out.append(scalar)
        continue
      }
      switch scalar.value {
      case 0x00...0x1F: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: out.append("\u{2421}")
      default:
        out.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      }
    }
    return String(out)
  }

  /// Whether the UTF-8 bytes hold a character that ``isControl(_:)`` accepts, other than the
  /// line ends (which split lines before this matters), found by bytes: C0 and DEL are single
  /// bytes, C1 is `C2 80`…`C2 9F`, the bidirectional controls `E2 80 AA`…`AE` and `E2 81 A6`…`A9`.
  /// Decks that hold none, nearly all of them, are not looked at again.
  static func mayContain(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      let count = buffer.count
      var index = 0
      // Eight bytes at a time: a word of printable ASCII (0x20…0x7E), most of a deck, holds
      // none. A byte below 0x20 borrows into its high bit when 0x20 is taken from it, and a byte
      // above 0x7E has its high bit set, or gets it when 1 is added.
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highBits: UInt64 = 0x8080_8080_8080_8080
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let below = (word &- ones &* 0x20) & ~word & highBits
        let above = ((word &+ ones) | word) & highBits
        if below | above != 0 {
          for offset in index..<index + 8 where isControlStart(at: offset, in: buffer) {
            return true
          }
        }
        index += 8
      }
      while index < count {
        if isControlStart(at: index, in: buffer) { return true }
        index += 1
      }
      return false
    }
  }

  /// Whether the UTF-8 sequence at `index` is a control that ``mayContain(_:)`` looks for.
  @inline(__always)
  private static func isControlStart(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    switch bytes[index] {
    case 0x09, 0x0A, 0x0D: return false
    case 0x00...0x1F, 0x7F: return true
    case 0xC2:
      return index + 1 < count && (0x80...0x9F).contains(bytes[index + 1])
    case 0xE2:
      guard index + 2 < count else { return false }
      let (second, third) = (bytes[index + 1], bytes[index + 2])
      return (second == 0x80 && (0xAA...0xAE).contains(third))
        || (second == 0x81 && (0xA6...0xA9).contains(third))
    default: return false
    }
  }
}
