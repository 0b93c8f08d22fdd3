extension PageTopics {
  /// The names a card's topic is chosen among, with their words set out to be found in a text
  /// read once: the text's words that are some name's are noted with their places, and a name
  /// occurs where its words are noted at places one after another.
  struct Candidates {
    /// The names, in order.
    let names: [String]
    /// The index of each name among the page's owners of distinctive words, if it owns any.
    let owners: [Int?]
    /// Each name's words, as numbers of ``words``.
    private var nameWords: [[Int]] = []
    /// The names' distinct words: an ASCII one's hash and the range of its lower-case bytes in
    /// ``keys``, or (with a count of -1) one beyond ASCII, its index in ``otherWords``.
    private var words: [(hash: UInt64, start: Int, count: Int)] = []
    private var keys: [UInt8] = []
    private var otherWords: [String] = []
    /// Bit `min(n, 63)` is set when some ASCII word of the names has `n` bytes.
    private var lengths: UInt64 = 0

    init(_ names: [String], owners: [Int?]) {
      self.names = names
      self.owners = owners
      for name in names {
        let list = WordList(name)
        var numbers: [Int] = []
        for index in 0..<list.count { numbers.append(distinctWord(index, of: list)) }
        nameWords.append(numbers)
      }
    }

    /// The number of word `index` of `list` among the distinct words, added when new.
    private mutating func distinctWord(_ index: Int, of list: WordList) -> Int {
      guard list.isASCII(index) else {
        let text = list.other(index)
        if let known = word(text) { return known }
        otherWords.append(text)
        words.append((0, otherWords.count - 1, -1))
        return words.count - 1
      }
      let count = list.byteCount(index)
      let hash = list.hash(index)
      // An ASCII word has a byte at least.
      if let known = list.withBytes(of: index, { word(hash: hash, $0.baseAddress!, count: count) })
      {
        return known
      }
      let start = keys.count
      list.withBytes(of: index) { keys.append(contentsOf: $0) }
      words.append((hash, start, count))
      lengths |= 1 << min(count, 63)
      return words.count - 1
    }

    /// Whether some ASCII word of the names has `count` bytes (or, past 62, at least 63).
    @inline(__always)
    func hasWord(ofLength count: Int) -> Bool {
      lengths & (1 << min(count, 63)) != 0
    }

    /// The number of the names' ASCII word of `count` bytes at `start` (in any case) with
    /// `hash`, if it is one.
    func word(hash: UInt64, _ start: UnsafePointer<UInt8>, count: Int) -> Int? {
      keys.withUnsafeBufferPointer { keys in
        words.indices.first {
          words[$0].count == count && words[$0].hash == hash
            && WordScanner.word(start, count: count, equals: keys.baseAddress! + words[$0].start)
        }
      }
    }

    /// The number of the names' word `text`, beyond ASCII, if it is one.
    func word(_ text: String) -> Int? {
      guard !otherWords.isEmpty else { return nil }
      return words.indices.first { words[$0].count < 0 && otherWords[words[$0].start] == text }
    }

    /// How many times each name's words occur one after another in a text whose words that are
    /// some name's are `found`, in order: their places in the text and their numbers.
    func occurrences(in found: [(place: Int, word: Int)]) -> [Int] {
      nameWords.map { name in
        guard let first = name.first else { return 0 }
        var count = 0
        for index in found.indices where found[index].word == first {
          guard index + name.count <= found.count else { break }
          let place = found[index].place
          if (1..<name.count).allSatisfy({
            found[index + $0].word == name[$0] && found[index + $0].place == place + $0
          }) {
            count += 1
          }
        }
        return count
      }
    }
  }
}
