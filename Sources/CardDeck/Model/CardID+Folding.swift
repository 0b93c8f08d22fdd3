import Basics

extension CardID {
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
  /// Eight bytes of printable ASCII, the bulk of a prompt's words and code, are fed as they
  /// are; eight of other ASCII by ``WhiteSpaceFolding/addASCII(_:)``; the rest a scalar at a time.
  private static func addFoldedSimple(
    _ bytes: UnsafeBufferPointer<UInt8>, to hash: inout FNV1a64
  ) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    // The hash is kept in a local while the bytes are read, not in the caller's memory.
    var folding = WhiteSpaceFolding(hash)
    var index = 0
    let count = bytes.count
    while index < count {
      var wordEnd = count
      if index &+ 8 <= count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        if folding.addPrintable(word) || folding.addASCII(word) {
          index &+= 8
          continue
        }
        wordEnd = index &+ 8
      }
      // The bytes of a word that is not ASCII or holds "\r" or a control, and the last bytes of
      // the text, one scalar at a time.
      while index < wordEnd {
        guard folding.addScalar(at: &index, of: bytes) else { return false }
      }
    }
    hash = folding.hash
    return true
  }

  /// A hash fed text with every run of white space folded into one space, and none at either
  /// end.
  ///
  /// A run of white space is fed as one space as soon as it starts after text, and the hash from
  /// before that space is kept, to be taken back when the text ends in white space: so eight
  /// bytes of ASCII are fed as one word, whatever white space they hold.
  private struct WhiteSpaceFolding {
    /// The hash of the bytes fed.
    private var folded: FNV1a64
    /// The hash before the last space fed, while that space is the last byte fed.
    private var beforeSpace: FNV1a64
    /// 0x80 when the last byte fed is a space, or nothing was fed: white space is not fed then.
    /// (In a word, the high bit of the byte before the first one.)
    private var spaceLast: UInt64 = 0x80

    private static let high: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    init(_ hash: FNV1a64) {
      folded = hash
      beforeSpace = hash
    }

    /// The hash of the text fed, without white space at its end.
    var hash: FNV1a64 { spaceLast == 0 ? folded : beforeSpace }

    /// Feeds `word`, eight bytes, when each is 0x21…0x7F; says whether they were.
    @inline(__always)
    mutating func addPrintable(_ word: UInt64) -> Bool {
      guard (word | (word &- 0x2121_2121_2121_2121)) & Self.high == 0 else { return false }
      folded.add(word: word)
      spaceLast = 0
      return true
    }

    /// Feeds `word`, eight bytes, when each is ASCII other than "\r" and the controls: U+0020
    /// and U+0009…U+000C are white space, each run fed as one space. Says whether they were.
    @inline(__always)
    mutating func addASCII(_ word: UInt64) -> Bool {
      let high = Self.high
      guard word & high == 0 else { return false }
      // With the high bit of each byte set, nothing is borrowed from the next byte when 0x21 is
      // taken from it, and its high bit is left when it was 0x21 or more; 0x8C minus a byte
      // keeps its high bit when it is at most 0x0C.
      let white = ~((word | high) &- 0x2121_2121_2121_2121) & high
      var spaced = word
      let belowSpace = white & ~((word | high) &- 0x2020_2020_2020_2020)
      if belowSpace != 0 {
        guard
          belowSpace & (0x8C8C_8C8C_8C8C_8C8C &- word)
            & ((word | high) &- 0x0909_0909_0909_0909) == belowSpace
        else { return false }
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
              truncatingIfNeeded: spaced &>> UInt64(truncatingIfNeeded: kept.trailingZeroBitCount)))
          kept &= kept &- 1
        } while kept != 0
        beforeSpace = last
      }
      spaceLast = white >> 56
      return true
    }

    /// Feeds the scalar at `index` of `bytes` and moves past it, when it is simple or the
    /// punctuation of ``CardID/isPunctuation(_:_:)``; says whether it was.
    @inline(__always)
    mutating func addScalar(at index: inout Int, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      let base = bytes.baseAddress!
      let count = bytes.count
      let byte = base[index]
      if byte < 0x80 {
        if byte == 0x20 || (byte >= 0x09 && byte <= 0x0C) {
          addSpace()
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
        addSpace()
        index &+= 2
      } else {
        folded.add(byte)
        spaceLast = 0
        index &+= 1
      }
      return true
    }

    /// Feeds a space, unless a space was fed last or nothing was.
    @inline(__always)
    private mutating func addSpace() {
      guard spaceLast == 0 else { return }
      beforeSpace = folded
      folded.add(0x20)
      spaceLast = 0x80
    }
  }

  /// Whether E2 `second` `third` is U+2010…U+2027 or U+2030…U+205E: dashes, quotes, the
  /// ellipsis and other punctuation, none of them white space, none joined to what is next to
  /// them into one Character (`“`, `—` and `…` are in nearly every page's prose).
  fileprivate static func isPunctuation(_ second: UInt8, _ third: UInt8) -> Bool {
    switch second {
    case 0x80: (0x90...0xA7).contains(third) || (0xB0...0xBF).contains(third)
    case 0x81: (0x80...0x9E).contains(third)
    default: false
    }
  }

}
