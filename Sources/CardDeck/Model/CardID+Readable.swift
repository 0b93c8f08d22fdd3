extension CardID {
  /// The words a readable id leaves out: they make an id longer, not easier to recognise.
  private static let fillerWords: Set<Substring> = [
    "a", "an", "the", "of", "to", "in", "on", "at", "for", "with", "and", "or", "but", "is", "are",
    "be", "it", "its", "this", "that", "these", "those", "what", "which", "who", "whose", "when",
    "how", "does", "do", "your", "yours", "you", "as", "by", "from", "into", "than", "then", "so",
    "there", "here", "one", "has", "have", "can", "will", "s",
  ]

  /// The most words of the question a readable id keeps.
  static let readableWords = 5
  /// The longest slug a readable id keeps, in bytes; a word that would pass it is left out.
  static let readableSlugLength = 40

  /// A readable id for a card imported from a lesson page: `l23-syntax-search-field-list-text`.
  ///
  /// The lesson (or, without one, the deck's name), the kind, then up to five words of `text`
  /// (an edge case's title, else the question) in lower-case ASCII, without filler words. An id
  /// in `taken` gets `-2`, `-3`, … so that ids stay unique; the new id is added to `taken`.
  public static func readable(
    deck: String, lesson: Int?, kind: CardKind, text: String, taken: inout Set<String>
  ) -> String {
    let owner = lesson.map { "l\($0)" } ?? slug(of: deck, words: Int.max, length: 32)
    var stem = [owner.isEmpty ? "deck" : owner, kind.rawValue]
    let words = slug(of: text, words: readableWords, length: readableSlugLength)
    if !words.isEmpty { stem.append(words) }
    let base = stem.joined(separator: "-")
    var id = base
    var suffix = 2
    while taken.contains(id) {
      id = "\(base)-\(suffix)"
      suffix += 1
    }
    taken.insert(id)
    return id
  }

  /// Up to `words` words of `text`, lower-cased, ASCII letters and digits only, joined by `-`,
  /// no longer than `length` bytes; filler words are left out unless nothing else is left.
  static func slug(of text: String, words: Int, length: Int) -> String {
    let all = text.lowercased().unicodeScalars
      .split { !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
      .map { Substring(String(String.UnicodeScalarView($0))) }
    let meaningful = all.filter { !fillerWords.contains($0) }
    var kept: [Substring] = []
    var bytes = 0
    for word in meaningful.isEmpty ? all : meaningful {
      guard kept.count < words else { break }
      let added = word.utf8.count + (kept.isEmpty ? 0 : 1)
      if bytes + added > length { break }
      kept.append(word)
      bytes += added
    }
    return kept.joined(separator: "-")
  }
}
