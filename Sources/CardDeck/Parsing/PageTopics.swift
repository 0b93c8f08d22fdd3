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
    var words: [Substring]
  }

  private var flashTopics: [Topic] = []
  /// Each word that only one topic's flash cards use, and that topic: the words worth counting
  /// in a card's text, looked up once a word instead of once a word and candidate topic.
  private var distinctiveOwners: [Substring: String] = [:]

  /// The shortest word that tells a topic apart: shorter ones (`view`, `text`) are everywhere.
  private static let shortestDistinctive = 6

  /// Topics learnt from the page's flash cards: their topics and their code.
  init(flashCards: [(topic: String, text: String)]) {
    var seen: Set<String> = []
    // A word is distinctive when exactly one topic's flash cards use it.
    var owners: [Substring: String] = [:]
    var shared: Set<Substring> = []
    for card in flashCards {
      if seen.insert(card.topic).inserted {
        flashTopics.append(Topic(name: card.topic, words: Self.words(card.topic)))
      }
      for word in Self.words(card.text) where Self.isLongEnough(word) {
        guard let owner = owners[word] else {
          if !shared.contains(word) { owners[word] = card.topic }
          continue
        }
        if owner != card.topic {
          owners[word] = nil
          shared.insert(word)
        }
      }
    }
    distinctiveOwners = owners
  }

  /// Whether `word` has at least ``shortestDistinctive`` characters, by its bytes when they
  /// decide it: there are at least as many bytes, and ASCII without "\r" has one a character.
  private static func isLongEnough(_ word: Substring) -> Bool {
    let utf8 = word.utf8
    guard utf8.count >= shortestDistinctive else { return false }
    if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return true }
    return word.count >= shortestDistinctive
  }

  /// The subjects a heading lists, each as a topic: `Split views and adapting to screen size`
  /// gives `Split views` and `Size` (a flash-card topic that the part names), `Toolbars, menus,
  /// and search` gives `Toolbars`, `Menus` and `Search`.
  func subjects(of heading: String) -> [String] {
    var result: [String] = []
    for piece in Self.pieces(of: heading) {
      let words = Self.words(piece)
      let named = flashTopics.first { Self.contains(words, $0.words) }?.name
      let topic = named ?? (piece.prefix(1).uppercased() + piece.dropFirst())
      if !result.contains(topic) { result.append(topic) }
    }
    return result
  }

  /// `names` with their words, to be matched against many cards' texts.
  static func candidates(_ names: [String]) -> [Topic] {
    names.map { Topic(name: $0, words: words($0)) }
  }

  /// The topic among `candidates` that `text` names most; the first candidate on a tie, or
  /// when none is named.
  func topic(of text: String, among candidates: [Topic]) -> String? {
    let words = Self.words(text)
    var distinctiveCounts: [String: Int] = [:]
    if !distinctiveOwners.isEmpty {
      // Every word is looked up but an ASCII one shorter than any distinctive word: that one
      // equals only itself, since the letters that equal ASCII ones (the Kelvin sign) are lower
      // case by now.
      for word in words
      where word.utf8.count >= Self.shortestDistinctive || !word.utf8.allSatisfy({ $0 < 0x80 }) {
        if let owner = distinctiveOwners[word] { distinctiveCounts[owner, default: 0] += 1 }
      }
    }
    var best: (name: String, score: Int)?
    for candidate in candidates {
      let score =
        2 * Self.occurrences(of: candidate.words, in: words)
        + distinctiveCounts[candidate.name, default: 0]
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
    heading.split(separator: "·").flatMap { $0.split(separator: ",") }
      .flatMap { part -> [Substring] in
        var rest = part.trimmingWhitespace()
        if rest.hasPrefix("and ") { rest = rest.dropFirst(4).trimmingWhitespace() }
        return rest.components(separatedBy: " and ").map { Substring($0).trimmingWhitespace() }
      }
      .filter { !$0.isEmpty }
  }

  /// The words of `text`, lower-cased, with a final plural `s` dropped (`sheets` is `sheet`).
  static func words(_ text: some StringProtocol) -> [Substring] {
    // Split at ASCII bytes that are neither letters nor digits, which separate words however
    // the rest is read; a piece of ASCII between them is a word by bytes, and only a piece with
    // other characters is read a character at a time, asking Unicode what each is. Reading all
    // of it that way took half of parsing a lesson page. The ASCII words are pieces of one
    // lower-cased copy of the text, not a string each.
    var lowered = String(text)
    lowered = lowered.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { copy in
        for index in 0..<bytes.count {
          let byte = bytes[index]
          copy[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        }
        return bytes.count
      }
    }
    // Each piece between separators: its bytes, and whether they are all ASCII.
    let pieces = lowered.withUTF8 { bytes in
      var pieces: [(start: Int, end: Int, isASCII: Bool)] = []
      var start = 0
      var isASCII = true
      for index in 0...bytes.count {
        let byte = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
        if byte >= 0x80 {
          isASCII = false
          continue
        }
        if (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) { continue }
        if index > start {
          var end = index
          // ASCII letters and digits, already lower case, are one Character a byte.
          if isASCII && end - start > 3 && bytes[end - 1] == UInt8(ascii: "s")
            && bytes[end - 2] != UInt8(ascii: "s")
          {
            end -= 1
          }
          pieces.append((start, end, isASCII))
        }
        start = index + 1
        isASCII = true
      }
      return pieces
    }
    var words: [Substring] = []
    words.reserveCapacity(pieces.count)
    let utf8 = lowered.utf8
    for piece in pieces {
      let lower = utf8.index(utf8.startIndex, offsetBy: piece.start)
      let word = Substring(utf8[lower..<utf8.index(lower, offsetBy: piece.end - piece.start)])
      guard piece.isASCII else {
        for word in word.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
          words.append(Self.singular(word))
        }
        continue
      }
      words.append(word)
    }
    return words
  }

  /// `word` without a final plural `s` (`sheets` is `sheet`; `class` and `bus` stay).
  private static func singular(_ word: Substring) -> Substring {
    word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? word.dropLast() : word
  }

  private static func occurrences(of needle: [Substring], in words: [Substring]) -> Int {
    guard let first = needle.first, words.count >= needle.count else { return 0 }
    var count = 0
    for start in 0...(words.count - needle.count)
    where words[start] == first && words[start..<start + needle.count].elementsEqual(needle) {
      count += 1
    }
    return count
  }

  private static func contains(_ words: [Substring], _ needle: [Substring]) -> Bool {
    occurrences(of: needle, in: words) > 0
  }
}
