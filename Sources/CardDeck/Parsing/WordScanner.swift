/// One word of a text as ``PageTopics`` matches words: lower-cased, with a final plural `s`
/// dropped.
enum ScannedWord {
  /// An ASCII word: its `count` bytes at `start`, in the text's case (a word is letters and
  /// digits, and `byte | 0x20` is its lower case), of which `readable` may be read.
  case ascii(start: UnsafePointer<UInt8>, count: Int, readable: Int)
  /// A word read a Character at a time from a piece beyond ASCII, lower case, ASCII or not:
  /// the scanner's ``WordScanner/text``.
  case text
}

/// Reads the words of a text as ``WordList`` holds them, one at a time, without keeping them:
/// split at ASCII bytes that are neither letters nor digits, which separate words however the
/// rest is read. A piece of ASCII between them is a word by bytes; only a piece with other
/// characters is read a character at a time, asking Unicode what each is.
///
/// The bytes are read eight at a time, as a mask of those that belong to a word (ASCII letters
/// and digits, and every byte beyond ASCII), from which each word's ends are read.
struct WordScanner {
  private let base: UnsafePointer<UInt8>?
  private let end: Int
  /// The eight bytes being read, from `chunk`: which belong to a word, which are beyond ASCII.
  private var chunk = -8
  private var inWord: UInt = 0
  private var high: UInt = 0
  /// The next byte to read, in the chunk; 8 when it is read.
  private var position = 8
  /// The words still to give of a piece beyond ASCII, the next one last.
  private var pending: [String] = []
  /// The last word given as ``ScannedWord/text``.
  private(set) var text = ""

  /// A scanner of the words of `text`, which must outlive it.
  init(_ text: UnsafeBufferPointer<UInt8>) {
    base = text.baseAddress
    end = text.count
  }

  /// The next word, or nil at the end of the text.
  @inline(__always)
  mutating func next() -> ScannedWord? {
    if !pending.isEmpty { return nextPending() }
    guard let base else { return nil }
    while true {
      // The word's first byte.
      while true {
        if position >= 8 {
          chunk &+= 8
          guard chunk < end else { return nil }
          (inWord, high) = Self.wordBytes(base, chunk, end)
          position = 0
        }
        let rest = inWord >> position
        if rest == 0 {
          position = 8
          continue
        }
        position &+= rest.trailingZeroBitCount
        break
      }
      let start = chunk &+ position
      // The byte after its last.
      var isASCII = true
      var wordEnd: Int
      while true {
        let outside = (~inWord & 0xFF) >> position
        if outside == 0 {
          if high >> position != 0 { isASCII = false }
          position = 8
          guard chunk &+ 8 < end else {
            wordEnd = end
            break
          }
          chunk &+= 8
          (inWord, high) = Self.wordBytes(base, chunk, end)
          position = 0
          continue
        }
        let length = outside.trailingZeroBitCount
        if high >> position & ((1 << length) &- 1) != 0 { isASCII = false }
        position &+= length
        wordEnd = min(chunk &+ position, end)
        break
      }
      guard isASCII else {
        pending = Self.words(
          beyondASCII: UnsafeBufferPointer(start: base + start, count: wordEnd - start)
        ).reversed()
        if !pending.isEmpty { return nextPending() }
        continue
      }
      var count = wordEnd - start
      // ASCII letters and digits are one Character a byte; `| 0x20` is a letter's lower case.
      if count > 3 && base[wordEnd - 1] | 0x20 == UInt8(ascii: "s")
        && base[wordEnd - 2] | 0x20 != UInt8(ascii: "s")
      {
        count -= 1
      }
      return .ascii(start: base + start, count: count, readable: end - start)
    }
  }

  /// The next of the words of a piece beyond ASCII, as ``text``.
  @inline(never)
  private mutating func nextPending() -> ScannedWord {
    text = pending.removeLast()
    return .text
  }

  /// The words of a piece beyond ASCII, a Character at a time.
  @inline(never)
  private static func words(beyondASCII piece: UnsafeBufferPointer<UInt8>) -> [String] {
    String(decoding: piece, as: UTF8.self).lowercased().split(whereSeparator: {
      !($0.isLetter || $0.isNumber)
    }).map { word in
      String(
        word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? word.dropLast() : word)
    }
  }

  /// One bit a byte of the eight at `index` (fewer at `end`), lowest first: whether the byte
  /// belongs to a word (an ASCII letter or digit, or any byte beyond ASCII), and whether it is
  /// beyond ASCII.
  @inline(__always)
  private static func wordBytes(
    _ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int
  ) -> (inWord: UInt, high: UInt) {
    var word: UInt64 = 0
    if index &+ 8 <= end {
      word = load(base + index)
    } else {
      // The last bytes, the rest zero: a zero byte belongs to no word.
      for place in stride(from: end - 1, through: index, by: -1) {
        word = word << 8 | UInt64(base[place])
      }
    }
    let highs: UInt64 = 0x8080_8080_8080_8080
    let low = word & 0x7F7F_7F7F_7F7F_7F7F
    let folded = low | 0x2020_2020_2020_2020
    // A byte's low seven bits plus a constant sets its high bit from a bound on: no carry
    // crosses into the next byte. Letters are tested in lower case, digits as they are.
    let letters = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505)
    let digits = (low &+ 0x5050_5050_5050_5050) & ~(low &+ 0x4646_4646_4646_4646)
    let high = word & highs
    let inWord = ((letters | digits) & highs) | high
    return (byteMask(inWord), high == 0 ? 0 : byteMask(high))
  }

  /// The high bits of the eight bytes of `word` (nothing else set) as the low eight bits.
  @inline(__always)
  private static func byteMask(_ word: UInt64) -> UInt {
    UInt(((word >> 7) &* 0x0102_0408_1020_4080) >> 56)
  }

  /// The eight bytes at `pointer`, the first one lowest.
  @inline(__always)
  static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
  }

  /// A hash of the lower case of the `count` bytes of an ASCII word at `start` (of which
  /// `readable` may be read), eight at a time with the count: a word has the same hash in any
  /// case. Kept in memory only, never stored.
  @inline(__always)
  static func hash(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> UInt64 {
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var index = 0
    // Letters and digits: `| 0x20` is a letter's lower case and leaves a digit as it is.
    let lower: UInt64 = 0x2020_2020_2020_2020
    while index &+ 8 <= count {
      hash = mix(hash, load(start + index) | lower)
      index &+= 8
    }
    guard index < count else { return hash }
    // The last bytes, the rest zero, read as eight where they can be.
    let mask = UInt64.max >> (64 - 8 * (count - index))
    if index &+ 8 <= readable { return mix(hash, (load(start + index) | lower) & mask) }
    var last: UInt64 = 0
    for place in stride(from: count - 1, through: index, by: -1) {
      last = last << 8 | UInt64(start[place])
    }
    return mix(hash, (last | lower) & mask)
  }

  @inline(__always)
  private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    let mixed = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
    return mixed ^ (mixed >> 31)
  }

  /// Whether the ASCII word of `count` bytes at `start`, in any case, is the lower-case `key`.
  @inline(__always)
  static func word(_ start: UnsafePointer<UInt8>, count: Int, equals key: UnsafePointer<UInt8>)
    -> Bool
  {
    for index in 0..<count where start[index] | 0x20 != key[index] { return false }
    return true
  }
}
