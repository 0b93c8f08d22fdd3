import Glibc

/// The words of a text as ``PageTopics`` matches them: lower-cased, split at what is neither a
/// letter nor a digit, with a final plural `s` dropped (`sheets` is `sheet`).
///
/// An ASCII word is a range of one lower-cased copy of the text's bytes, with its hash, and
/// equals another ASCII word when their bytes are equal. A word beyond ASCII is a String,
/// compared as Strings are (canonical equivalence); it never equals an ASCII word, since the
/// one letter that is canonically an ASCII one, the Kelvin sign, is lower case here.
struct WordList {
  /// The text with A–Z lower-cased, then the bytes of the ASCII words cut from text beyond
  /// ASCII.
  private var bytes: [UInt8] = []
  /// Each word: the range of its bytes, or (for a word beyond ASCII) its index in ``others``
  /// with a count of -1; and the FNV-1a hash of its bytes.
  private var words: [(start: Int32, count: Int32, hash: UInt64)] = []
  private var others: [String] = []

  /// The words of `text`.
  init(_ text: some StringProtocol) {
    var text = String(text)
    text.withUTF8 { append($0) }
  }

  /// The words of `pieces` joined with a separator between each two (a line break, say): no
  /// word spans an ASCII byte that is neither a letter nor a digit, so each piece's words are
  /// its own.
  init(pieces: [String]) {
    let count = pieces.reduce(0) { $0 + $1.utf8.count }
    bytes.reserveCapacity(count)
    // Room for the words of all the pieces at once (as `append` makes for one), so that the
    // pieces after the first seldom move them to a larger array.
    words.reserveCapacity(count / 3 + pieces.count)
    for var piece in pieces { piece.withUTF8 { append($0) } }
  }

  /// Adds the words of `source`, as if a separator came before it and after it.
  ///
  /// Split at ASCII bytes that are neither letters nor digits, which separate words however
  /// the rest is read; a piece of ASCII between them is a word by bytes, and only a piece with
  /// other characters is read a character at a time, asking Unicode what each is.
  private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
    guard !source.isEmpty else { return }
    let offset = bytes.count
    let count = source.count
    // The copy, A–Z lower-cased: one pass the compiler makes wide.
    bytes.append(contentsOf: source)
    bytes.withUnsafeMutableBufferPointer { copy in
      for index in offset..<copy.count {
        let byte = copy[index]
        copy[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
      }
    }
    let firstWord = words.count
    var otherPieces: [(at: Int, range: Range<Int>)] = []
    var found = words
    words = []
    // About one word in four bytes of code and prose: room for them, so that it seldom grows.
    found.reserveCapacity(firstWord + count / 3)
    bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      let end = buffer.count
      var index = offset
      while index < end {
        let first = base[index]
        // A separator.
        if first < 0x80 && !(first &- 0x30 < 10 || first &- 0x61 < 26) {
          index += 1
          continue
        }
        let start = index
        var isASCII = true
        var hash = Self.offsetBasis
        // The hash without the last byte, for a word whose plural `s` is dropped.
        var beforeLast = hash
        while index < end {
          let byte = base[index]
          if byte &- 0x30 < 10 || byte &- 0x61 < 26 {
            beforeLast = hash
            hash = (hash ^ UInt64(byte)) &* Self.prime
          } else if byte >= 0x80 {
            isASCII = false
          } else {
            break
          }
          index += 1
        }
        if !isASCII {
          otherPieces.append((found.count, start..<index))
          // A place holder, replaced below by the piece's words.
          found.append((0, -2, 0))
        } else if index - start > 3 && base[index - 1] == UInt8(ascii: "s")
          && base[index - 2] != UInt8(ascii: "s")
        {
          // ASCII letters and digits, lower case now, are one Character a byte.
          found.append((Int32(start), Int32(index - 1 - start), beforeLast))
        } else {
          found.append((Int32(start), Int32(index - start), hash))
        }
      }
    }
    guard !otherPieces.isEmpty else {
      words = found
      return
    }
    words = Array(found[..<firstWord])
    var next = firstWord
    for piece in otherPieces {
      words.append(contentsOf: found[next..<piece.at])
      appendWords(of: piece.range)
      next = piece.at + 1
    }
    words.append(contentsOf: found[next...])
  }

  /// The words of a piece beyond ASCII, a Character at a time.
  private mutating func appendWords(of range: Range<Int>) {
    let piece = String(decoding: bytes[range], as: UTF8.self)
    for word in piece.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
      let singular =
        word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? word.dropLast() : word
      if singular.utf8.allSatisfy({ $0 < 0x80 }) {
        let start = bytes.count
        bytes.append(contentsOf: singular.utf8)
        let hash = bytes.withUnsafeBufferPointer { Self.hash($0.baseAddress!, start, $0.count) }
        words.append((Int32(start), Int32(singular.utf8.count), hash))
      } else {
        others.append(String(singular))
        words.append((Int32(others.count - 1), -1, 0))
      }
    }
  }

  private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01b3

  private static func hash(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
    var hash = offsetBasis
    for index in start..<end { hash = (hash ^ UInt64(bytes[index])) &* prime }
    return hash
  }

  /// How many words there are.
  var count: Int { words.count }

  /// Whether word `index` is ASCII.
  func isASCII(_ index: Int) -> Bool { words[index].count >= 0 }

  /// The UTF-8 length of word `index`.
  func byteCount(_ index: Int) -> Int {
    let word = words[index]
    return word.count >= 0 ? Int(word.count) : others[Int(word.start)].utf8.count
  }

  /// The hash of ASCII word `index`'s bytes.
  func hash(_ index: Int) -> UInt64 { words[index].hash }

  /// Word `index`, beyond ASCII.
  func other(_ index: Int) -> String { others[Int(words[index].start)] }

  /// Word `index` as text.
  func text(of index: Int) -> String {
    let word = words[index]
    guard word.count >= 0 else { return others[Int(word.start)] }
    return String(decoding: bytes[Int(word.start)..<Int(word.start + word.count)], as: UTF8.self)
  }

  /// Calls `body` with the bytes of ASCII word `index`.
  func withBytes<Result>(
    of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let word = words[index]
    return bytes.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[Int(word.start)..<Int(word.start + word.count)]))
    }
  }

  /// Whether word `index` equals word `otherIndex` of `other`.
  func word(_ index: Int, equals otherIndex: Int, of other: WordList) -> Bool {
    let word = words[index]
    let otherWord = other.words[otherIndex]
    if word.count < 0 || otherWord.count < 0 {
      return word.count < 0 && otherWord.count < 0
        && others[Int(word.start)] == other.others[Int(otherWord.start)]
    }
    guard word.hash == otherWord.hash, word.count == otherWord.count else { return false }
    return bytes.withUnsafeBufferPointer { mine in
      other.bytes.withUnsafeBufferPointer { theirs in
        memcmp(
          mine.baseAddress! + Int(word.start), theirs.baseAddress! + Int(otherWord.start),
          Int(word.count)) == 0
      }
    }
  }

  /// How many times the words of `needle` occur in a row here.
  func occurrences(of needle: WordList) -> Int {
    guard needle.count > 0, count >= needle.count else { return 0 }
    var found = 0
    for start in 0...(count - needle.count) {
      var matches = true
      for offset in 0..<needle.count where !word(start + offset, equals: offset, of: needle) {
        matches = false
        break
      }
      if matches { found += 1 }
    }
    return found
  }
}
