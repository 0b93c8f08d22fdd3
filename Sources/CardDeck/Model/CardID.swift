/// Card ids: checking explicit ones and deriving them from a card's question.
public enum CardID {
  /// Whether `id` is a valid explicit id: letters, digits, `-`, `_` and `.`, starting with a
  /// letter or digit.
  public static func isValid(_ id: some StringProtocol) -> Bool {
    guard let first = id.unicodeScalars.first, isAlphanumeric(first) else { return false }
    return id.unicodeScalars.allSatisfy {
      isAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "."
    }
  }

  /// The id of a card that has no explicit one, as `docs/deck-format.md` specifies it:
  /// `{kind}-{first 32 bits of FNV-1a-64 of deck, kind, prose and code}` in hex, with white space
  /// folded so that reflowing a question keeps its id.
  public static func derived(deck: String, kind: CardKind, prompt: Prompt) -> String {
    let separator = "\u{1F}"
    let key = [deck, kind.rawValue, folded(prompt.text), folded(prompt.code?.text ?? "")]
      .joined(separator: separator)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash >> 32, radix: 16)
    return "\(kind.rawValue)-\(String(repeating: "0", count: 8 - digits.count))\(digits)"
  }

  private static func folded(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
  }
}
