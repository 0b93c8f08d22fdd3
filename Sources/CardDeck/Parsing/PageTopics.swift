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
    let lists = flashCards.map { WordList($0.text) }
    asciiOwners = WordTable(capacity: lists.reduce(0) { $0 + $1.count })
    // A word is distinctive when exactly one topic's flash cards use it.
    for (card, words) in zip(flashCards, lists) {
      if seen.insert(card.topic).inserted {
        flashTopics.append(Topic(name: card.topic, words: WordList(card.topic)))
      }
      var owner: Int?
      for index in 0..<words.count {
        let isASCII = words.isASCII(index)
        // At least as many bytes as Characters, and ASCII has one a Character.
        guard words.byteCount(index) >= Self.shortestDistinctive else { continue }
        if !isASCII && words.other(index).count < Self.shortestDistinctive { continue }
        let topic = owner ?? ownerNumber(card.topic)
        owner = topic
        if isASCII {
          asciiOwners.claim(words, index, by: topic)
        } else {
          let word = words.other(index)
          if let current = otherOwners[word] {
            if current != topic { otherOwners[word] = -1 }
          } else {
            otherOwners[word] = topic
          }
        }
      }
    }
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
  static func candidates(_ names: [String]) -> [Topic] {
    names.map { Topic(name: $0, words: WordList($0)) }
  }

  /// The topic among `candidates` that `text` (its pieces, as if joined by line breaks) names
  /// most; the first candidate on a tie, or when none is named.
  func topic(of text: String..., among candidates: [Topic]) -> String? {
    let words = WordList(pieces: text)
    var distinctiveCounts = [Int](repeating: 0, count: owners.count)
    if !owners.isEmpty {
      // Every word is looked up but an ASCII one shorter than any distinctive word.
      for index in 0..<words.count {
        let owner: Int?
        if words.isASCII(index) {
          guard words.byteCount(index) >= Self.shortestDistinctive else { continue }
          owner = asciiOwners.value(words, index)
        } else {
          owner = otherOwners.isEmpty ? nil : otherOwners[words.other(index)]
        }
        if let owner, owner >= 0 { distinctiveCounts[owner] += 1 }
      }
    }
    var best: (name: String, score: Int)?
    for candidate in candidates {
      let score =
        2 * words.occurrences(of: candidate.words)
        + (ownerIndex[candidate.name].map { distinctiveCounts[$0] } ?? 0)
      if best == nil || score > best!.score { best = (candidate.name, score) }
    }
    return best?.name
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
  private static func pieces(of heading: String) -> [Substring] {
    // On a simple heading (see `isSimpleText`) "·" and "," are found by their bytes; the empty
    // pieces that `split` leaves out are left out at the end.
    let text = Substring(heading)
    let dotted = text.simpleComponents(separatedBy: "·") ?? text.split(separator: "·")
    return dotted.flatMap { $0.simpleComponents(separatedBy: ",") ?? $0.split(separator: ",") }
      .flatMap { part -> [Substring] in
        var rest = part.trimmingWhitespace()
        if rest.hasPrefix("and ") { rest = rest.dropFirst(4).trimmingWhitespace() }
        // On a simple piece (see `isSimpleText`) " and " is found by its bytes.
        let parts: [Substring] =
          rest.simpleComponents(separatedBy: " and ")
          ?? rest.components(separatedBy: " and ").map { Substring($0) }
        return parts.map { $0.trimmingWhitespace() }
      }
      .filter { !$0.isEmpty }
  }

  /// The words of `text`, lower-cased, with a final plural `s` dropped (`sheets` is `sheet`).
  static func words(_ text: some StringProtocol) -> [Substring] {
    let words = WordList(text)
    return (0..<words.count).map { Substring(words.text(of: $0)) }
  }
}
