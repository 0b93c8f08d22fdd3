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
  private struct Topic {
    var name: String
    var words: [Substring]
  }

  private var flashTopics: [Topic] = []
  /// For each topic name, the words that only that topic's flash cards use.
  private var distinctiveWords: [String: Set<Substring>] = [:]

  /// Topics learnt from the page's flash cards: their topics and their code.
  init(flashCards: [(topic: String, text: String)]) {
    var seen: Set<String> = []
    var wordsByTopic: [String: Set<Substring>] = [:]
    for card in flashCards {
      if seen.insert(card.topic).inserted {
        flashTopics.append(Topic(name: card.topic, words: Self.words(card.topic)))
      }
      wordsByTopic[card.topic, default: []].formUnion(
        Self.words(card.text).filter { $0.count >= 6 })
    }
    for (topic, words) in wordsByTopic {
      let others = wordsByTopic.filter { $0.key != topic }.values.reduce(into: Set()) {
        $0.formUnion($1)
      }
      distinctiveWords[topic] = words.subtracting(others)
    }
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

  /// The topic among `candidates` that `text` names most; the first candidate on a tie, or
  /// when none is named.
  func topic(of text: String, among candidates: [String]) -> String? {
    let words = Self.words(text)
    var best: (name: String, score: Int)?
    for candidate in candidates {
      let own = Self.words(candidate)
      var score = 2 * Self.occurrences(of: own, in: words)
      if let distinctive = distinctiveWords[candidate] {
        score += words.filter(distinctive.contains).count
      }
      if best == nil || score > best!.score { best = (candidate, score) }
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
    // of it that way took half of parsing a lesson page.
    var words: [Substring] = []
    var piece: [UInt8] = []
    var isASCII = true
    func finish() {
      guard !piece.isEmpty else { return }
      if isASCII {
        words.append(
          Substring(
            String(
              decoding: piece.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)))
      } else {
        words += String(decoding: piece, as: UTF8.self).lowercased()
          .split { !($0.isLetter || $0.isNumber) }
      }
      piece.removeAll(keepingCapacity: true)
      isASCII = true
    }
    for byte in text.utf8 {
      if byte >= 0x80 {
        isASCII = false
        piece.append(byte)
      } else if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte)
      {
        piece.append(byte)
      } else {
        finish()
      }
    }
    finish()
    return words.map { word in
      word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? word.dropLast() : word
    }
  }

  private static func occurrences(of needle: [Substring], in words: [Substring]) -> Int {
    guard !needle.isEmpty, words.count >= needle.count else { return 0 }
    return (0...(words.count - needle.count)).filter {
      words[$0..<$0 + needle.count].elementsEqual(needle)
    }.count
  }

  private static func contains(_ words: [Substring], _ needle: [Substring]) -> Bool {
    occurrences(of: needle, in: words) > 0
  }
}
