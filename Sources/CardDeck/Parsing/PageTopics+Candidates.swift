extension PageTopics {
  /// The names a card's topic is chosen among, with their words set out to be found in a text
  /// in one pass: each name's words take consecutive bits of a 64-bit word (a new one when a
  /// name does not fit), and a text's words shift a state through them (shift-and), so that a
  /// name's last bit set says the name ends at that word.
  struct Candidates {
    /// The names, in order.
    let names: [String]
    /// The index of each name among the page's owners of distinctive words, if it owns any.
    let owners: [Int?]
    /// For each 64-bit group: the bits of the names' first words, and of their last words.
    private var groups: [(first: UInt64, last: UInt64)] = []
    /// The name whose last word is at each bit (64 a group); -1 for none.
    private var nameEndingAt: [Int] = []
    /// The names too long for a group (more than 64 words), with their words: counted from
    /// the text's words.
    private var longNames: [(name: Int, words: WordList)] = []
    /// The names' distinct words: an ASCII one's hash and the range of its lower-case bytes in
    /// ``keys``, or (with a count of -1) one beyond ASCII, its index in ``otherWords``.
    private var words: [(hash: UInt64, start: Int, count: Int)] = []
    private var keys: [UInt8] = []
    private var otherWords: [String] = []
    /// The bits where each distinct word stands: `groups.count` masks a word.
    private var positions: [UInt64] = []
    /// Bit `min(n, 63)` is set when some ASCII word of the names has `n` bytes.
    private var lengths: UInt64 = 0

    init(_ names: [String], owners: [Int?]) {
      self.names = names
      self.owners = owners
      var used = 64
      var placed: [(name: Int, word: Int, bit: Int)] = []
      for (name, text) in names.enumerated() {
        let list = WordList(text)
        guard list.count > 0 else { continue }
        guard list.count <= 64 else {
          longNames.append((name, list))
          continue
        }
        if used + list.count > 64 {
          groups.append((0, 0))
          nameEndingAt += [Int](repeating: -1, count: 64)
          used = 0
        }
        let group = groups.count - 1
        groups[group].first |= 1 << used
        groups[group].last |= 1 << (used + list.count - 1)
        nameEndingAt[group * 64 + used + list.count - 1] = name
        for index in 0..<list.count {
          placed.append((name, distinctWord(index, of: list), group * 64 + used + index))
        }
        used += list.count
      }
      positions = [UInt64](repeating: 0, count: words.count * groups.count)
      for place in placed {
        positions[place.word * groups.count + place.bit / 64] |= 1 << (place.bit % 64)
      }
    }

    /// The number of word `index` of `list` among the distinct words, added when new.
    private mutating func distinctWord(_ index: Int, of list: WordList) -> Int {
      if !list.isASCII(index) {
        let text = list.other(index)
        if let known = words.indices.first(where: {
          words[$0].count < 0 && otherWords[words[$0].start] == text
        }) {
          return known
        }
        otherWords.append(text)
        words.append((0, otherWords.count - 1, -1))
        return words.count - 1
      }
      let count = list.byteCount(index)
      let hash = list.hash(index)
      let found = list.withBytes(of: index) { bytes in
        // An ASCII word has a byte at least.
        word(hash: hash, bytes.baseAddress!, count: count)
      }
      if let found { return found }
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
            && (count == 0
              || WordScanner.word(start, count: count, equals: keys.baseAddress! + words[$0].start))
        }
      }
    }

    /// The number of the names' word `text`, beyond ASCII, if it is one.
    func word(_ text: String) -> Int? {
      guard !otherWords.isEmpty else { return nil }
      return words.indices.first { words[$0].count < 0 && otherWords[words[$0].start] == text }
    }

    /// A state to feed a text's words to, one at a time.
    func matcher() -> Matcher {
      Matcher(candidates: self)
    }

    /// Counts how many times each name's words occur in a row in the words fed to it.
    ///
    /// Nothing is allocated for a text that names no candidate and has one group of bits.
    struct Matcher {
      private let groups: [(first: UInt64, last: UInt64)]
      private let positions: [UInt64]
      private let nameEndingAt: [Int]
      /// The first group's state, and the others' (rarely any).
      private var state: UInt64 = 0
      private var otherStates: [UInt64] = []
      private var anyState = false
      private let nameCount: Int
      /// Each name's count, once one is found.
      private var counts: [Int] = []

      init(candidates: Candidates) {
        groups = candidates.groups
        positions = candidates.positions
        nameEndingAt = candidates.nameEndingAt
        nameCount = candidates.names.count
        if groups.count > 1 { otherStates = [UInt64](repeating: 0, count: groups.count - 1) }
      }

      /// Feeds the next word: the number of the names' word it is, or nil for another word.
      @inline(__always)
      mutating func next(_ word: Int?) {
        guard groups.count == 1 else { return nextInGroups(word) }
        guard let word else {
          state = 0
          return
        }
        state = ((state << 1) | groups[0].first) & positions[word]
        let ends = state & groups[0].last
        if ends != 0 { count(ends, group: 0) }
      }

      /// ``next(_:)`` with more than one group of bits (or none).
      @inline(never)
      private mutating func nextInGroups(_ word: Int?) {
        guard let word else {
          if anyState {
            state = 0
            for group in otherStates.indices { otherStates[group] = 0 }
            anyState = false
          }
          return
        }
        anyState = false
        for group in groups.indices {
          let earlier = group == 0 ? state : otherStates[group - 1]
          let now = ((earlier << 1) | groups[group].first) & positions[word * groups.count + group]
          if group == 0 { state = now } else { otherStates[group - 1] = now }
          if now != 0 { anyState = true }
          let ends = now & groups[group].last
          if ends != 0 { count(ends, group: group) }
        }
      }

      /// Counts the names whose last words are the bits of `ends` in `group`.
      @inline(never)
      private mutating func count(_ ends: UInt64, group: Int) {
        if counts.isEmpty { counts = [Int](repeating: 0, count: nameCount) }
        var ends = ends
        while ends != 0 {
          counts[nameEndingAt[group * 64 + ends.trailingZeroBitCount]] += 1
          ends &= ends - 1
        }
      }

      /// How many times each of `candidates`' names occurs among the words of `text` fed:
      /// those too long for a group are counted from the words of `text` again.
      func occurrences(of candidates: Candidates, in text: [String]) -> [Int] {
        var counts = counts.isEmpty ? [Int](repeating: 0, count: nameCount) : counts
        guard !candidates.longNames.isEmpty else { return counts }
        let words = WordList(pieces: text)
        for (name, nameWords) in candidates.longNames {
          counts[name] = words.occurrences(of: nameWords)
        }
        return counts
      }
    }
  }
}
