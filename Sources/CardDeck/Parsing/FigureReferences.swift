/// Takes a lesson page's mentions of its own pictures out of a card's prose, which has none.
///
/// A page's answer says "the picture is the sheet at half height" or "(the picture)" about a
/// screenshot that is dropped with its caption. Such a parenthesis, a dash clause that names
/// the picture, and a sentence that only describes the picture are left out; the clauses of a
/// picture's sentence that say something else stay. A mention that cannot be cut off alone is
/// kept, and the card gets a note that the picture is not part of it.
enum FigureReferences {
  /// The note added to a card whose prose still mentions a picture.
  static let note = "(The lesson page shows a picture here; it is not part of this card.)"

  /// `passage` without its mentions of the page's pictures, with the note when one is left.
  static func stripped(_ passage: Passage) -> Passage {
    var blocks: [Passage.Block] = []
    var needsNote = false
    for block in passage.blocks {
      guard case .text(let paragraph) = block, mentionsFigure(paragraph) else {
        blocks.append(block)
        continue
      }
      let cleaned = strippedParagraph(paragraph)
      if cleaned.isEmpty { continue }
      needsNote = needsNote || mentionsFigure(cleaned)
      blocks.append(.text(cleaned))
    }
    if needsNote { blocks.append(.text(note)) }
    return Passage(blocks)
  }

  /// Whether `text` speaks of the page's picture or screenshot.
  static func mentionsFigure(_ text: some StringProtocol) -> Bool {
    // Only ASCII letters lower-case to the letters of either word (the Kelvin sign gives a
    // "k", the dotted capital I an "i" with a mark): a text without the bytes of `pictur` or
    // `screensho`, in any case, names neither. Nearly every paragraph ends here.
    guard holdsLetters("pictur", in: text) || holdsLetters("screensho", in: text) else {
      return false
    }
    let lowered = text.lowercased()
    return lowered.contains("the picture") || lowered.contains("the screenshot")
  }

  /// Whether the bytes of `text` hold those of `word`, lower-case ASCII letters, in any case.
  private static func holdsLetters(_ word: StaticString, in text: some StringProtocol) -> Bool {
    let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    func holds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      guard bytes.count >= word.count else { return false }
      // A byte or'ed with 0x20 is its letter's lower case; a few other bytes match too, which
      // only lets a text through to the full search.
      for start in 0...(bytes.count - word.count) where bytes[start] | 0x20 == word[0] {
        var offset = 1
        while offset < word.count && bytes[start + offset] | 0x20 == word[offset] { offset += 1 }
        if offset == word.count { return true }
      }
      return false
    }
    return text.utf8.withContiguousStorageIfAvailable(holds)
      ?? Array(text.utf8).withUnsafeBufferPointer(holds)
  }

  /// One paragraph without its parentheses, dash clauses and sentences about the picture.
  static func strippedParagraph(_ paragraph: String) -> String {
    let text = withoutDashClauses(withoutParentheses(paragraph))
    let sentences = self.sentences(text).compactMap(strippedSentence)
    return sentences.joined(separator: " ")
  }

  /// `text` without the parenthesised groups that mention the picture, and the space before each.
  static func withoutParentheses(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
      let group = rest[open...close]
      var before = rest[..<open]
      if mentionsFigure(group) {
        if before.last == " " { before = before.dropLast() }
        result += before
      } else {
        result += before + group
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// `text` without a " — the picture …" clause, up to the mark that ends it (kept).
  static func withoutDashClauses(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let dash = rest.firstRange(of: " — ") {
      let after = rest[dash.upperBound...]
      guard after.lowercased().hasPrefix("the picture") else {
        result += rest[..<dash.upperBound]
        rest = after
        continue
      }
      result += rest[..<dash.lowerBound]
      let end = after.firstIndex { ";,:.".contains($0) } ?? after.endIndex
      rest = after[end...]
    }
    return result + rest
  }

  /// The sentences of `text`, each with its closing mark.
  static func sentences(_ text: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      current.append(character)
      let next = text.index(after: index)
      if ".!?".contains(character), next == text.endIndex || text[next] == " " {
        sentences.append(String(current.trimmingWhitespace()))
        current = ""
      }
      index = next
    }
    if !current.trimmingWhitespace().isEmpty {
      sentences.append(String(current.trimmingWhitespace()))
    }
    return sentences
  }

  /// A sentence that describes the picture loses the clauses that do; nil when none is left.
  static func strippedSentence(_ sentence: String) -> String? {
    guard sentence.lowercased().hasPrefix("the picture") else { return sentence }
    let clauses = sentence.split(separator: "; ").filter { !mentionsFigure($0) }
    guard let first = clauses.first else { return nil }
    let joined =
      ([first.prefix(1).uppercased() + first.dropFirst()] + clauses.dropFirst().map(String.init))
      .joined(separator: "; ")
    return joined
  }
}
