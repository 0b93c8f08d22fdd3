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

  /// Feeds the bytes of `text` with every run of white space folded into one space, and none at
  /// either end: by bytes for simple text (scalars below U+0300, no "\r"), where every scalar is
  /// a Character and the white space Characters are U+0009…U+000D, U+0020, U+0085 and U+00A0,
  /// and for simple text with the punctuation of ``isPunctuation(_:_:)``; else by splitting the
  /// Characters.
  static func addFolded(_ text: String, to hash: inout FNV1a64) {
    // One pass: the text is checked for being simple as it is fed, and fed again by Characters
    // from where it started when it is not (or when its bytes are not stored together).
    var folded = hash
    if text.utf8.withContiguousStorageIfAvailable({ addFoldedSimple($0, to: &folded) }) == true {
      hash = folded
      return
    }
    hash.add(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").utf8)
  }

  /// Feeds `bytes` as ``addFolded(_:to:)`` does when they are simple text, and says whether they
  /// were; `hash` is fed part of them when they were not.
  ///
  /// A run of white space is fed as one space as soon as it starts after text, and the hash from
  /// before that space is kept, to be taken back when the text ends in white space: so eight
  /// bytes of ASCII are fed as one word, whatever white space they hold.
  private static func addFoldedSimple(
    _ bytes: UnsafeBufferPointer<UInt8>, to hash: inout FNV1a64
  ) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let high: UInt64 = 0x8080_8080_8080_8080
    // The hash is kept in a local while the bytes are read, not in the caller's memory.
    var folded = hash
    // The hash before the last space fed, while that space is the last byte fed.
    var beforeSpace = folded
    // 0x80 when the last byte fed is a space, or nothing was fed: white space is not fed then.
    // (In a word, the high bit of the byte before the first one.)
    var spaceLast: UInt64 = 0x80
    var index = 0
    let count = bytes.count
    while index < count {
      var wordEnd = count
      if index &+ 8 <= count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        // Eight bytes of 0x21…0x7F, the bulk of a prompt's words and code, are fed as they are.
        if (word | (word &- 0x2121_2121_2121_2121)) & high == 0 {
          folded.add(word: word)
          spaceLast = 0
          index &+= 8
          continue
        }
        // Other ASCII: U+0020 and U+0009…U+000C are white space, each run fed as one space;
        // "\r" and the controls go byte by byte. With the high bit of each byte set, nothing is
        // borrowed from the next byte when 0x21 is taken from it, and its high bit is left when
        // it was 0x21 or more; 0x8C minus a byte keeps its high bit when it is at most 0x0C.
        ascii: if word & high == 0 {
          let white = ~((word | high) &- 0x2121_2121_2121_2121) & high
          var spaced = word
          let belowSpace = white & ~((word | high) &- 0x2020_2020_2020_2020)
          if belowSpace != 0 {
            guard
              belowSpace & (0x8C8C_8C8C_8C8C_8C8C &- word)
                & ((word | high) &- 0x0909_0909_0909_0909) == belowSpace
            else { break ascii }
            // U+0009…U+000C made spaces: their low five bits cleared, 0x20 set.
            spaced = word & ~(belowSpace >> 2 &- belowSpace >> 7) | belowSpace >> 2
          }
          // The bytes fed (the low bit of each): text, and the first byte of each run of white
          // space unless a space was fed last or nothing was.
          var kept = (~(white & (white << 8 | spaceLast)) & high) >> 7
          if kept == 0x0101_0101_0101_0101 {
            folded.add(sevenBytes: spaced)
            beforeSpace = folded
            folded.add(UInt8(truncatingIfNeeded: spaced >> 56))
          } else if kept != 0 {
            var last = folded
            repeat {
              last = folded
              folded.add(
                UInt8(
                  truncatingIfNeeded: spaced
                    &>> UInt64(truncatingIfNeeded: kept.trailingZeroBitCount)))
              kept &= kept &- 1
            } while kept != 0
            beforeSpace = last
          }
          spaceLast = white >> 56
          index &+= 8
          continue
        }
        wordEnd = index &+ 8
      }
      // The bytes of a word that is not ASCII or holds "\r" or a control, and the last bytes of
      // the text, one at a time.
      while index < wordEnd {
        let byte = base[index]
        if byte < 0x80 {
          if byte == 0x20 || (byte >= 0x09 && byte <= 0x0C) {
            if spaceLast == 0 {
              beforeSpace = folded
              folded.add(0x20)
              spaceLast = 0x80
            }
          } else if byte == 0x0D {
            return false
          } else {
            folded.add(byte)
            spaceLast = 0
          }
          index &+= 1
        } else if byte == 0xE2 && index &+ 2 < count
          && isPunctuation(base[index &+ 1], base[index &+ 2])
        {
          folded.add(byte)
          folded.add(base[index &+ 1])
          folded.add(base[index &+ 2])
          spaceLast = 0
          index &+= 3
        } else if byte >= 0xCC {
          return false
        } else if byte == 0xC2 && index &+ 1 < count
          && (base[index &+ 1] == 0x85 || base[index &+ 1] == 0xA0)
        {
          if spaceLast == 0 {
            beforeSpace = folded
            folded.add(0x20)
            spaceLast = 0x80
          }
          index &+= 2
        } else {
          folded.add(byte)
          spaceLast = 0
          index &+= 1
        }
      }
    }
    hash = spaceLast == 0 ? folded : beforeSpace
    return true
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
