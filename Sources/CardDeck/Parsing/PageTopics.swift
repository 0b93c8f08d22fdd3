/// Chooses the topic of a lesson page's edge-case questions and interview problem from what the
/// whole page says, so that they share the flash cards' topics (`Sheets`, not `Sheets, alerts,
/// and popovers`; `Navigation`, not `Part 7`).
///
/// The topics a card can have are the flash cards' topics and the subjects that the page's
/// headings list (`Toolbars, menus, and search` lists three). A card takes the one its title and
/// question name most often, counting as well the names that only one topic's flash cards use in
/// their code (`ViewThatFits` points to the topic of the flash card about it).
struct PageTopics {
  /// A topic, and its words as they are matched (lower case, without a plural `s`).
  struct Topic {
    /// The topic's name.
    var name: String
    /// Its words, worked out once for the page rather than once for every card.
    var words: WordList
  }

  private var flashTopics: [Topic] = []
  /// The flash cards' topics that own a distinctive word, each once.
  private var owners: [String] = []
  private var ownerIndex: [String: Int] = [:]
  /// Each ASCII word that only one topic's flash cards use, and the index of that topic in
  /// ``owners`` (-1 for a word that several topics use): the words worth counting in a card's
  /// text, looked up once a word instead of once a word and candidate topic.
  private var asciiOwners = WordTable()
  /// The same for the words beyond ASCII, which equal no ASCII word and are compared as Strings
  /// (canonical equivalence).
  private var otherOwners: [String: Int] = [:]

  /// The shortest word that tells a topic apart: shorter ones (`view`, `text`) are everywhere.
  private static let shortestDistinctive = 6

  /// Topics learnt from the page's flash cards: their topics and their code.
  init(flashCards: [(topic: String, text: String)]) {
    var seen: Set<String> = []
    // About one word in eight bytes of code is long enough to tell a topic apart.
    asciiOwners = WordTable(capacity: flashCards.reduce(0) { $0 + $1.text.utf8.count } / 8)
    // A word is distinctive when exactly one topic's flash cards use it.
    for card in flashCards {
      if seen.insert(card.topic).inserted {
        flashTopics.append(Topic(name: card.topic, words: WordList(card.topic)))
      }
      var owner: Int?
      var text = card.text
      text.withUTF8 { bytes in
        var scanner = WordScanner(bytes)
        while let word = scanner.next() {
          switch word {
          case .ascii(let start, let count, let readable):
            claim(start, count: count, readable: readable, by: card.topic, &owner)
          case .text:
            var word = scanner.text
            if word.utf8.allSatisfy({ $0 < 0x80 }) {
              word.withUTF8 {
                claim($0.baseAddress!, count: $0.count, readable: $0.count, by: card.topic, &owner)
              }
              continue
            }
            // At least as many bytes as Characters.
            guard word.utf8.count >= Self.shortestDistinctive,
              word.count >= Self.shortestDistinctive
            else { continue }
            let topic = owner ?? ownerNumber(card.topic)
            owner = topic
            if let current = otherOwners[word] {
              if current != topic { otherOwners[word] = -1 }
            } else {
              otherOwners[word] = topic
            }
          }
        }
      }
    }
  }

  /// Records that `topic` (`owner`, once numbered) uses the ASCII word of `count` bytes at
  /// `start`, if it is long enough to tell a topic apart.
  private mutating func claim(
    _ start: UnsafePointer<UInt8>, count: Int, readable: Int, by topic: String,
    _ owner: inout Int?
  ) {
    // ASCII is one Character a byte.
    guard count >= Self.shortestDistinctive else { return }
    let number = owner ?? ownerNumber(topic)
    owner = number
    asciiOwners.claim(
      hash: WordScanner.hash(start, count: count, readable: readable), start, count: count,
      by: number)
  }

  /// The index of `topic` in ``owners``, added when new.
  private mutating func ownerNumber(_ topic: String) -> Int {
    if let index = ownerIndex[topic] { return index }
    owners.append(topic)
    ownerIndex[topic] = owners.count - 1
    return owners.count - 1
  }

  /// The subjects a heading lists, each as a topic: `Split views and adapting to screen size`
  /// gives `Split views` and `Size` (a flash-card topic that the part names), `Toolbars, menus,
  /// and search` gives `Toolbars`, `Menus` and `Search`.
  func subjects(of heading: String) -> [String] {
    var result: [String] = []
    for piece in Self.pieces(of: heading) {
      let words = WordList(piece)
      let named = flashTopics.first { words.occurrences(of: $0.words) > 0 }?.name
      let topic = named ?? (piece.prefix(1).uppercased() + piece.dropFirst())
      if !result.contains(topic) { result.append(topic) }
    }
    return result
  }

  /// `names` with their words, to be matched against many cards' texts.
  func candidates(_ names: [String]) -> Candidates {
    Candidates(names, owners: names.map { ownerIndex[$0] })
  }

  /// The topic among `candidates` that `text` (its pieces, as if joined by line breaks) names
  /// most; the first candidate on a tie, or when none is named.
  ///
  /// The words are read one at a time and not kept: each is looked up among the distinctive
  /// words when it is long enough to be one, and among the candidates' words when one has its
  /// length.
  func topic(of text: String..., among candidates: Candidates) -> String? {
    // Made when a distinctive word, or a word of a candidate, is found.
    var distinctiveCounts: [Int] = []
    var found: [(place: Int, word: Int)] = []
    var place = 0
    for var piece in text {
      piece.withUTF8 { bytes in
        var scanner = WordScanner(bytes)
        while let word = scanner.next() {
          defer { place += 1 }
          let named: Int?
          switch word {
          case .ascii(let start, let count, let readable):
            named = look(
              up: start, count: count, readable: readable, candidates, &distinctiveCounts)
          case .text:
            named = look(up: scanner.text, candidates, &distinctiveCounts)
          }
          if let named { found.append((place, named)) }
        }
      }
    }
    let occurrences = found.isEmpty ? nil : candidates.occurrences(in: found)
    var best: (name: String, score: Int)?
    for (index, name) in candidates.names.enumerated() {
      let score =
        2 * (occurrences?[index] ?? 0)
        + (distinctiveCounts.isEmpty
          ? 0 : candidates.owners[index].map { distinctiveCounts[$0] } ?? 0)
      if best == nil || score > best!.score { best = (name, score) }
    }
    return best?.name
  }

  /// Adds one to `owner`'s count in `counts`, made when empty.
  @inline(__always)
  private func count(_ owner: Int, in counts: inout [Int]) {
    if counts.isEmpty { counts = [Int](repeating: 0, count: owners.count) }
    counts[owner] += 1
  }

  /// ``look(up:count:readable:_:_:)`` for a word read a Character at a time, ASCII or not.
  @inline(never)
  private func look(
    up word: String, _ candidates: Candidates, _ distinctiveCounts: inout [Int]
  ) -> Int? {
    var word = word
    if word.utf8.allSatisfy({ $0 < 0x80 }) {
      return word.withUTF8 {
        look(
          up: $0.baseAddress!, count: $0.count, readable: $0.count, candidates, &distinctiveCounts)
      }
    }
    if !otherOwners.isEmpty, let owner = otherOwners[word], owner >= 0 {
      count(owner, in: &distinctiveCounts)
    }
    return candidates.word(word)
  }

  /// Counts the ASCII word of `count` bytes at `start` in `distinctiveCounts` if it is
  /// distinctive, and returns its number among `candidates`' words if it is one of them.
  @inline(__always)
  private func look(
    up start: UnsafePointer<UInt8>, count: Int, readable: Int, _ candidates: Candidates,
    _ distinctiveCounts: inout [Int]
  ) -> Int? {
    let distinctive = count >= Self.shortestDistinctive && !owners.isEmpty
    let named = candidates.hasWord(ofLength: count)
    guard distinctive || named else { return nil }
    let hash = WordScanner.hash(start, count: count, readable: readable)
    if distinctive, let owner = asciiOwners.value(hash: hash, start, count: count), owner >= 0 {
      self.count(owner, in: &distinctiveCounts)
    }
    return named ? candidates.word(hash: hash, start, count: count) : nil
  }

  /// Every topic the page knows: the flash cards' first, then the subjects of `headings`.
  func allTopics(headings: [String]) -> [String] {
    var result = flashTopics.map(\.name)
    for heading in headings {
      for subject in subjects(of: heading) where !result.contains(subject) {
        result.append(subject)
      }
    }
    return result
  }

  /// `a, b, and c` / `a and b` / `a · b` as its parts.
  private static func pieces(of heading: String) -> [String] {
    Substring(heading).read(ascii: pieces(in:), simple: pieces(in:), other: pieces(in:))
  }

  private static func pieces(in heading: some LineText) -> [String] {
    var pieces: [String] = []
    for dotted in heading.split(whereSeparator: { $0.equals("·") }) {
      for part in dotted.split(whereSeparator: { $0.equals(",") }) {
        var rest = part.trimmed()
        if rest.begins(with: "and ") { rest = rest.dropFirst(4).trimmed() }
        for piece in rest.pieces(separatedBy: " and ") {
          let trimmed = piece.trimmed()
          if !trimmed.isEmpty { pieces.append(trimmed.string) }
        }
      }
    }
    return pieces
  }

  /// The words of `text`, lower-cased, with a final plural `s` dropped (`sheets` is `sheet`).
  static func words(_ text: some StringProtocol) -> [Substring] {
    let words = WordList(text)
    return (0..<words.count).map { Substring(words.text(of: $0)) }
  }
}
