/// Card ids: checking explicit ones and deriving them from a card's question.
public enum CardID {
  /// The longest explicit id, in UTF-8 bytes: an id is typed back and is a key of progress in
  /// every journal line, so it stays short. (The journal reads ids of up to 256 bytes.)
  public static let maximumLength = 128

  /// Whether `id` is a valid explicit id: letters, digits, `-`, `_` and `.`, starting with a
  /// letter or digit.
  public static func isValid(_ id: some StringProtocol) -> Bool {
    // ASCII ids, nearly all of them, by bytes: alphanumeric ASCII is A–Z, a–z and 0–9.
    if id.utf8.allSatisfy({ $0 < 0x80 }) {
      return id.utf8.first.map(isAlphanumeric) == true
        && id.utf8.allSatisfy {
          isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
            || $0 == UInt8(ascii: ".")
        }
    }
    guard let first = id.unicodeScalars.first, isAlphanumeric(first) else { return false }
    return id.unicodeScalars.allSatisfy {
      isAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "."
    }
  }

  /// The id of a card that has no explicit one, as `docs/deck-format.md` specifies it:
  /// `{kind}-{first 32 bits of FNV-1a-64 of deck, kind, prose and code}` in hex, with white space
  /// folded so that reflowing a question keeps its id.
  public static func derived(deck: String, kind: CardKind, prompt: Prompt) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let separator: UInt8 = 0x1F
    for byte in deck.utf8 { add(byte) }
    add(separator)
    for byte in kind.rawValue.utf8 { add(byte) }
    add(separator)
    addFolded(prompt.text, to: add)
    add(separator)
    addFolded(prompt.code?.text ?? "", to: add)
    let digits = String(hash >> 32, radix: 16)
    return "\(kind.rawValue)-\(String(repeating: "0", count: 8 - digits.count))\(digits)"
  }

  /// Feeds the bytes of `text` with every run of white space folded into one space, and none at
  /// either end: by bytes for simple text (scalars below U+0300, no "\r"), where every scalar is
  /// a Character and the white space Characters are U+0009…U+000D, U+0020, U+0085 and U+00A0;
  /// else by splitting the Characters.
  private static func addFolded(_ text: String, to add: (UInt8) -> Void) {
    var text = text
    let isSimple = text.withUTF8 { bytes in
      for byte in bytes where byte >= 0xCC || byte == 0x0D { return false }
      return true
    }
    guard isSimple else {
      for byte in text.split(whereSeparator: \.isWhitespace).joined(separator: " ").utf8 {
        add(byte)
      }
      return
    }
    text.withUTF8 { bytes in
      var pendingSpace = false
      var wroteAny = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let width: Int
        let isSpace: Bool
        if byte == 0xC2 && index + 1 < bytes.count
          && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0)
        {
          (width, isSpace) = (2, true)
        } else {
          (width, isSpace) = (1, byte == 0x20 || (0x09...0x0C).contains(byte))
        }
        if isSpace {
          pendingSpace = wroteAny
        } else {
          if pendingSpace { add(0x20) }
          pendingSpace = false
          wroteAny = true
          add(byte)
        }
        index += width
      }
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
  }
}
