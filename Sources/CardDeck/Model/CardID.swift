import Basics

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
    var hash = FNV1a64()
    let separator: UInt8 = 0x1F
    hash.add(deck)
    hash.add(separator)
    hash.add(kind.rawValue)
    hash.add(separator)
    addFolded(prompt.text, to: &hash)
    hash.add(separator)
    addFolded(prompt.code?.text ?? "", to: &hash)
    return hexID(kind: kind.rawValue, hash.value >> 32)
  }

  /// `kind-` and the eight lower-case hex digits of `value`, written straight into the string.
  private static func hexID(kind: String, _ value: UInt64) -> String {
    // Each of the eight nibbles spread into a byte of its own, the lowest in the low byte.
    var nibbles = value & 0xFFFF_FFFF
    nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
    nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
    nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
    // "a"…"f" are 0x27 past "0" + 10…15; a nibble of 10 or more carries into bit 4 when 6 is
    // added to it.
    let letters = (nibbles &+ 0x0606_0606_0606_0606) >> 4 & 0x0101_0101_0101_0101
    let digits = nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
    var kind = kind
    return kind.withUTF8 { prefix in
      String(unsafeUninitializedCapacity: prefix.count + 9) { out in
        _ = out.initialize(from: prefix)
        out[prefix.count] = UInt8(ascii: "-")
        // The highest nibble, in the high byte, first.
        UnsafeMutableRawPointer(out.baseAddress! + prefix.count + 1).storeBytes(
          of: digits.bigEndian, as: UInt64.self)
        return prefix.count + 9
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
