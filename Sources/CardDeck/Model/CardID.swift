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
    hash.add(deck.utf8)
    hash.add(separator)
    hash.add(kind.rawValue.utf8)
    hash.add(separator)
    addFolded(prompt.text, to: &hash)
    hash.add(separator)
    addFolded(prompt.code?.text ?? "", to: &hash)
    return hexID(kind: kind.rawValue, hash.value >> 32)
  }

  /// `kind-` and the eight lower-case hex digits of `value`, written straight into the string.
  private static func hexID(kind: String, _ value: UInt64) -> String {
    var kind = kind
    return kind.withUTF8 { prefix in
      String(unsafeUninitializedCapacity: prefix.count + 9) { out in
        _ = out.initialize(from: prefix)
        out[prefix.count] = UInt8(ascii: "-")
        for digit in 0..<8 {
          let nibble = UInt8(truncatingIfNeeded: value >> (28 - 4 * digit)) & 0x0F
          out[prefix.count + 1 + digit] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
        }
        return prefix.count + 9
      }
    }
  }

  /// The 64-bit FNV-1a hash, fed a byte at a time.
  struct FNV1a64 {
    /// The hash of the bytes fed so far.
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    mutating func add(_ byte: UInt8) {
      value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    mutating func add(_ bytes: some Sequence<UInt8>) {
      for byte in bytes { add(byte) }
    }

    /// Feeds the eight bytes of `word`, lowest first.
    @inline(__always)
    mutating func add(word: UInt64) {
      var hash = value
      hash = (hash ^ (word & 0xFF)) &* 0x0000_0100_0000_01b3
      hash = (hash ^ (word >> 8 & 0xFF)) &* 0x0000_0100_0000_01b3
      hash = (hash ^ (word >> 16 & 0xFF)) &* 0x0000_0100_0000_01b3
      hash = (hash ^ (word >> 24 & 0xFF)) &* 0x0000_0100_0000_01b3
      hash = (hash ^ (word >> 32 & 0xFF)) &* 0x0000_0100_0000_01b3
      hash = (hash ^ (word >> 40 & 0xFF)) &* 0x0000_0100_0000_01b3
      hash = (hash ^ (word >> 48 & 0xFF)) &* 0x0000_0100_0000_01b3
      hash = (hash ^ (word >> 56)) &* 0x0000_0100_0000_01b3
      value = hash
    }
  }

  /// Feeds the bytes of `text` with every run of white space folded into one space, and none at
  /// either end: by bytes for simple text (scalars below U+0300, no "\r"), where every scalar is
  /// a Character and the white space Characters are U+0009…U+000D, U+0020, U+0085 and U+00A0,
  /// and for simple text with the punctuation of ``isPunctuation(_:_:)``; else by splitting the
  /// Characters.
  static func addFolded(_ text: String, to hash: inout FNV1a64) {
    var text = text
    // One pass: the text is checked for being simple as it is fed, and fed again by Characters
    // from where it started when it is not.
    let start = hash
    // The hash is kept in a local while the bytes are read, not in the caller's memory.
    var folded = hash
    let isSimple = text.withUTF8 { bytes -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var pendingSpace = false
      var wroteAny = false
      var index = 0
      let count = bytes.count
      while index < count {
        // Eight bytes of printable ASCII (0x21…0x7F: no white space, no "\r") are fed as they
        // are, with no test a byte: the bulk of a prompt's words and code.
        if index + 8 <= count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          if Self.foldsToItself(word) {
            if pendingSpace { folded.add(0x20) }
            pendingSpace = false
            wroteAny = true
            folded.add(word: UInt64(littleEndian: word))
            index += 8
            continue
          }
        }
        let byte = base[index]
        if byte < 0x80 {
          if byte == 0x20 || (byte >= 0x09 && byte <= 0x0C) {
            pendingSpace = wroteAny
          } else if byte == 0x0D {
            return false
          } else {
            if pendingSpace { folded.add(0x20) }
            pendingSpace = false
            wroteAny = true
            folded.add(byte)
          }
          index += 1
          continue
        }
        if byte == 0xE2 && index + 2 < count && isPunctuation(base[index + 1], base[index + 2]) {
          if pendingSpace { folded.add(0x20) }
          pendingSpace = false
          wroteAny = true
          folded.add(byte)
          folded.add(base[index + 1])
          folded.add(base[index + 2])
          index += 3
          continue
        }
        if byte >= 0xCC { return false }
        if byte == 0xC2 && index + 1 < count && (base[index + 1] == 0x85 || base[index + 1] == 0xA0)
        {
          pendingSpace = wroteAny
          index += 2
          continue
        }
        if pendingSpace { folded.add(0x20) }
        pendingSpace = false
        wroteAny = true
        folded.add(byte)
        index += 1
      }
      return true
    }
    guard !isSimple else {
      hash = folded
      return
    }
    hash = start
    hash.add(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").utf8)
  }

  /// Whether folding leaves the eight bytes of `word` as they are: printable ASCII with no white
  /// space (the bulk of a prompt's words and code), or prose whose spaces are single and inside
  /// the eight bytes.
  @inline(__always)
  private static func foldsToItself(_ word: UInt64) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    // A byte at or above 0x80, or below 0x21, sets its high bit in one of the two.
    if (word | (word &- 0x2121_2121_2121_2121)) & high == 0 { return true }
    let spaces = zeroBytes(word ^ 0x2020_2020_2020_2020)
    // Some byte is below 0x20 exactly when this is not zero (for bytes below 0x80).
    let below = (word &- 0x2020_2020_2020_2020) & ~word & high
    // The first byte is the low one of the little-endian word, the last the high one.
    let ends = zeroBytes(UInt64(littleEndian: word) ^ 0x2020_2020_2020_2020)
    return word & high == 0 && below == 0 && spaces & (spaces >> 8) == 0
      && ends & 0x8000_0000_0000_0080 == 0
  }

  /// The high bit of each byte of `word` that is zero.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & low) &+ low) | word | low)
  }

  /// Whether E2 `second` `third` is U+2010…U+2027 or U+2030…U+205E: dashes, quotes, the
  /// ellipsis and other punctuation, none of them white space, none joined to what is next to
  /// them into one Character (`“`, `—` and `…` are in nearly every page's prose).
  private static func isPunctuation(_ second: UInt8, _ third: UInt8) -> Bool {
    switch second {
    case 0x80: (0x90...0xA7).contains(third) || (0xB0...0xBF).contains(third)
    case 0x81: (0x80...0x9E).contains(third)
    default: false
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
