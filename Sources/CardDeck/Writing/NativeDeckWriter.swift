import FoundationEssentials

/// Writes decks in the native Markdown format, so that reading the text back gives the same cards.
public struct NativeDeckWriter: Sendable {
  /// Creates a writer.
  public init() {}

  /// The file name the deck is written to: its name, which its cards keep when read back.
  ///
  /// A control character in the name (from a page's file name) becomes `_`: a file name is
  /// printed and typed back, and must not drive the terminal.
  public func fileName(for deck: Deck) -> String {
    let scalars = deck.name.unicodeScalars.map { ControlCharacters.isControl($0) ? "_" : $0 }
    return String(String.UnicodeScalarView(scalars)) + ".md"
  }

  /// The deck as native deck text. Every card gets an explicit id, so that progress made on the
  /// original carries over.
  public func write(_ deck: Deck) -> String {
    var out = heading(of: deck)
    for card in deck.cards { out += text(of: card) }
    return out
  }

  /// The lines a deck's text starts with, before its first card: its title and lesson.
  public func heading(of deck: Deck) -> String {
    var out = "# \(deck.title)\n"
    if let lesson = deck.lesson { out += "lesson: \(lesson)\n" }
    return out
  }

  /// The text of `card` in a deck, from the blank line before its heading: a deck's text is its
  /// heading, then its cards' texts one after another, whatever deck or file a card is in.
  public func text(of card: Card) -> String {
    var out = "\n## \(card.kind.headingName) · \(card.topic) · \(card.id)\n"
    if let section = card.section { out += "section: \(section)\n" }
    if let title = card.title { out += "title: \(title)\n" }
    if case .syntax(let syntax) = card.content {
      if !syntax.hints.essential.isEmpty {
        out += "essential: \(syntax.hints.essential.sorted().joined(separator: ", "))\n"
      }
      if !syntax.hints.context.isEmpty {
        out += "context: \(syntax.hints.context.sorted().joined(separator: ", "))\n"
      }
      if !syntax.hints.optional.isEmpty {
        out += "optional: \(syntax.hints.optional.sorted().joined(separator: ", "))\n"
      }
      for alternative in syntax.hints.alternatives { out += "also: \(alternative)\n" }
    }
    out += "\n"
    var question =
      card.prompt.text.isEmpty
      ? []
      : Self.paragraphs(of: card.prompt.text).map(Self.paragraph)
    if let code = card.prompt.code {
      question.append(Self.fenced(code.text, language: code.language))
    }
    if case .interview(let interview) = card.content, let source = interview.source {
      question.append("Source: \(source)")
    }
    out += question.joined(separator: "\n\n") + "\n\n---\n\n"
    var answer = card.answer.blocks.map(Self.block)
    switch card.content {
    case .interview(let interview): answer.append("Listen for: \(interview.listenFor)")
    default: if let source = card.source { answer.append("Source: \(source)") }
    }
    out += answer.joined(separator: "\n\n") + "\n"
    return out
  }

  /// A passage block as Markdown.
  static func block(_ block: Passage.Block) -> String {
    switch block {
    case .text(let text): paragraph(text)
    case .code(let code): fenced(code.text, language: code.language)
    case .console(let text): fenced(text, language: "console")
    case .table(let rows):
      ([rows.first ?? []] + [Array(repeating: "---", count: rows.first?.count ?? 1)]
        + rows.dropFirst())
        .map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }
  }

  /// `text` split at each "\n\n", as `components(separatedBy:)` splits it: by bytes when it holds
  /// no "\r", where every "\n" is a Character of its own and the two agree: Foundation's search
  /// compares Characters, and a long question is split into them for the sake of two bytes.
  static func paragraphs(of text: String) -> [String] {
    let utf8 = text.utf8
    let newline = UInt8(ascii: "\n")
    guard !utf8.contains(UInt8(ascii: "\r")) else { return text.components(separatedBy: "\n\n") }
    var paragraphs: [String] = []
    var start = utf8.startIndex
    var index = start
    while let found = utf8[index...].firstIndex(of: newline) {
      let next = utf8.index(after: found)
      guard next < utf8.endIndex, utf8[next] == newline else {
        index = next
        continue
      }
      paragraphs.append(String(text[start..<found]))
      start = utf8.index(after: next)
      index = start
    }
    paragraphs.append(String(text[start...]))
    return paragraphs
  }

  /// A paragraph, escaped where its start would be read as deck syntax.
  private static func paragraph(_ text: String) -> String {
    let risky = [
      "#", "|", "```", "~~~", "\\", "Source:", "Listen for:", "section:", "title:", "essential:",
      "context:", "optional:", "also:",
    ]
    return risky.contains(where: text.hasPrefix) || text == "---" ? "\\" + text : text
  }

  private static func fenced(_ text: String, language: String?) -> String {
    // A backquote fence cannot name a language that holds a backquote; a tilde fence can, with a
    // space before a language that starts with a tilde.
    let mark: Character = language?.contains("`") == true ? "~" : "`"
    var longest = 2
    for line in text.split(separator: "\n") {
      longest = max(longest, line.trimmingWhitespace().prefix { $0 == mark }.count)
    }
    let fence = String(repeating: mark, count: longest + 1)
    let space = mark == "~" && language?.first == "~" ? " " : ""
    return "\(fence)\(space)\(language ?? "")\n\(text)\n\(fence)"
  }
}
