import Glibc

/// The words of a text as ``PageTopics`` matches them: lower-cased, split at what is neither a
/// letter nor a digit, with a final plural `s` dropped (`sheets` is `sheet`).
///
/// An ASCII word is a range of a copy of the words' bytes, lower case, with its hash, and
/// equals another ASCII word when their bytes are equal. A word beyond ASCII is a String,
/// compared as Strings are (canonical equivalence); it never equals an ASCII word, since the
/// one letter that is canonically an ASCII one, the Kelvin sign, is lower case here.
struct WordList {
  /// The bytes of the ASCII words, lower case, one after another.
  private var bytes: [UInt8] = []
  /// Each word: the range of its bytes, or (for a word beyond ASCII) its index in ``others``
  /// with a count of -1; and the hash of its bytes (``WordScanner/hash(_:count:readable:)``).
  private var words: [(start: Int32, count: Int32, hash: UInt64)] = []
  private var others: [String] = []

  /// The words of `text`.
  init(_ text: some StringProtocol) {
    var text = String(text)
    text.withUTF8 { append($0) }
  }

  /// Adds the words of `source`, as if a separator came before it and after it.
  private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
    guard !source.isEmpty else { return }
    // About one word in four bytes of code and prose: room for them, so that it seldom grows.
    words.reserveCapacity(words.count + source.count / 3)
    var scanner = WordScanner(source)
    while let word = scanner.next() {
      switch word {
      case .ascii(let start, let count, let readable):
        appendASCII(start, count: count, readable: readable)
      case .text:
        var text = scanner.text
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
          text.withUTF8 { appendASCII($0.baseAddress!, count: $0.count, readable: $0.count) }
        } else {
          others.append(text)
          words.append((Int32(others.count - 1), -1, 0))
        }
      }
    }
  }

  /// Adds the ASCII word of `count` bytes at `start`, in any case.
  private mutating func appendASCII(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) {
    let offset = bytes.count
    bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
    // Letters and digits: `| 0x20` is a letter's lower case and leaves a digit as it is.
    for index in offset..<bytes.count { bytes[index] |= 0x20 }
    words.append(
      (Int32(offset), Int32(count), WordScanner.hash(start, count: count, readable: readable)))
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
