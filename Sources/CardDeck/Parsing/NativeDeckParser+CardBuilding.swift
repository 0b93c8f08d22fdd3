extension NativeDeckParser {
  /// A card's blocks, with the lines they start on.
  private typealias Blocks = [(line: Int, block: Passage.Block)]

  /// The `Source:` and `Listen for:` paragraphs of a card, kept out of its blocks.
  private struct Notes {
    var source: String?
    var listenFor: String?
  }

  /// The card that `pending` and its question and answer make, or nil when it has an error
  /// (each one reported in `diagnostics`).
  static func build(
    _ pending: PendingCard, question: [MarkdownBlocks.Located], answer: [MarkdownBlocks.Located],
    deck: Deck, source: SourceText, into diagnostics: inout [Diagnostic]
  ) -> Card? {
    let heading = source.location(pending.headingLine)
    guard let separator = pending.separatorLine else {
      diagnostics.append(
        .error("the card has no '---' line between question and answer", at: heading))
      return nil
    }
    let errorsBefore = diagnostics.filter { $0.severity == .error }.count
    var notes = Notes()
    let questionBlocks = blocks(
      question, of: pending.kind, notes: &notes, source: source, into: &diagnostics)
    let prompt = prompt(questionBlocks, at: heading, source: source, into: &diagnostics)
    let answer = blocks(answer, of: pending.kind, notes: &notes, source: source, into: &diagnostics)
      .map(\.block)
    if answer.isEmpty && (pending.kind != .interview || notes.listenFor == nil) {
      diagnostics.append(.error("the answer is empty", at: source.location(separator)))
    }
    warnAboutSyntaxSettings(pending, source: source, into: &diagnostics)
    guard
      let content = content(
        pending, prompt: prompt, answer: answer, notes: notes, separator: separator,
        source: source, into: &diagnostics),
      diagnostics.filter({ $0.severity == .error }).count == errorsBefore
    else { return nil }
    return Card(
      id: pending.id ?? CardID.derived(deck: deck.name, kind: pending.kind, prompt: prompt),
      deck: deck.name, lesson: deck.lesson, topic: pending.topic,
      section: pending.settings["section"], location: heading, content: content)
  }

  /// The blocks of a card's question or answer, but its `Source:` and (on an interview card)
  /// `Listen for:` paragraphs, which go to `notes`.
  private static func blocks(
    _ located: [MarkdownBlocks.Located], of kind: CardKind, notes: inout Notes,
    source: SourceText, into diagnostics: inout [Diagnostic]
  ) -> Blocks {
    var blocks: Blocks = []
    blocks.reserveCapacity(located.count)
    for located in located {
      switch located.block {
      case .paragraph(let text, let escaped):
        if !escaped && mayStart(text, with: UInt8(ascii: "S")) && text.hasPrefix("Source:") {
          if notes.source != nil {
            diagnostics.append(
              .error("a second 'Source:'; a card has one", at: source.location(located.line)))
          }
          notes.source = String(text.dropFirst("Source:".count).trimmingWhitespace())
        } else if !escaped && kind == .interview && mayStart(text, with: UInt8(ascii: "L"))
          && text.hasPrefix("Listen for:")
        {
          notes.listenFor = String(text.dropFirst("Listen for:".count).trimmingWhitespace())
        } else {
          blocks.append((located.line, .text(text)))
        }
      case .fence(let language, let text):
        if let language, ["console", "output", "text"].contains(language.lowercased()) {
          blocks.append((located.line, .console(text)))
        } else {
          blocks.append((located.line, .code(CodeBlock(text, language: language))))
        }
      case .table(let rows):
        blocks.append((located.line, .table(rows)))
      }
    }
    return blocks
  }

  /// A card's prompt: the question's prose and its one code block.
  private static func prompt(
    _ question: Blocks, at heading: SourceLocation, source: SourceText,
    into diagnostics: inout [Diagnostic]
  ) -> Prompt {
    var promptText: [String] = []
    var promptCode: CodeBlock?
    for (line, block) in question {
      switch block {
      case .text(let text): promptText.append(text)
      case .code(let code):
        if promptCode == nil {
          promptCode = code
        } else {
          diagnostics.append(
            .error(
              "a question holds at most one code block; move this one to the answer",
              at: source.location(line)))
        }
      case .console, .table:
        diagnostics.append(
          .error(
            "a question holds prose and one code block; move this block to the answer",
            at: source.location(line)))
      }
    }
    let prompt = Prompt(promptText.joined(separator: "\n\n"), code: promptCode)
    if prompt.text.isEmpty && prompt.code == nil {
      diagnostics.append(.error("the question is empty", at: heading))
    }
    return prompt
  }

  /// Warns about the settings only syntax cards have, on a card of another kind.
  private static func warnAboutSyntaxSettings(
    _ pending: PendingCard, source: SourceText, into diagnostics: inout [Diagnostic]
  ) {
    guard pending.kind != .syntax else { return }
    for key in ["essential", "context", "optional", "also"] {
      if let line = pending.settingLines[key] {
        diagnostics.append(
          .warning(
            "'\(key):' only applies to syntax cards, whose attempts are compared with code",
            at: source.location(line)))
      }
    }
  }

  /// The content of a card of `pending`'s kind; nil when it lacks what its kind needs.
  private static func content(
    _ pending: PendingCard, prompt: Prompt, answer: [Passage.Block], notes: Notes,
    separator: Int, source: SourceText, into diagnostics: inout [Diagnostic]
  ) -> Card.Content? {
    let heading = source.location(pending.headingLine)
    switch pending.kind {
    case .syntax:
      return syntaxContent(
        pending, prompt: prompt, answer: answer, notes: notes, separator: separator,
        source: source, into: &diagnostics)
    case .trick:
      return .trick(TrickCard(question: prompt, answer: Passage(answer), source: notes.source))
    case .edge:
      guard let cardSource = notes.source else {
        diagnostics.append(
          .error(
            "an edge card needs a 'Source:' paragraph saying where the answer comes from",
            at: heading))
        return nil
      }
      return .edge(
        EdgeCaseCard(
          title: pending.settings["title"], question: prompt, answer: Passage(answer),
          source: cardSource))
    case .interview:
      guard let listenFor = notes.listenFor else {
        diagnostics.append(.error("an interview card needs a 'Listen for:' paragraph", at: heading))
        return nil
      }
      return .interview(
        InterviewCard(
          title: pending.settings["title"], problem: prompt, source: notes.source,
          modelAnswer: Passage(answer), listenFor: listenFor))
    }
  }

  /// A syntax card's content: its expected code, the answer's first code block, and the rest as
  /// its explanation.
  private static func syntaxContent(
    _ pending: PendingCard, prompt: Prompt, answer: [Passage.Block], notes: Notes,
    separator: Int, source: SourceText, into diagnostics: inout [Diagnostic]
  ) -> Card.Content? {
    var answer = answer
    guard let index = answer.firstIndex(where: { if case .code = $0 { true } else { false } }),
      case .code(let code) = answer.remove(at: index)
    else {
      if !answer.isEmpty {
        diagnostics.append(
          .error(
            "a syntax card's answer needs the expected code in a fenced code block",
            at: source.location(separator)))
      }
      return nil
    }
    let hints = JudgingHints(
      essential: JudgingHints.names(in: pending.settings["essential"] ?? ""),
      context: JudgingHints.names(in: pending.settings["context"] ?? ""),
      optional: JudgingHints.names(in: pending.settings["optional"] ?? ""),
      alternatives: pending.alternatives)
    checkHints(pending, in: code.text, source: source, into: &diagnostics)
    return .syntax(
      SyntaxCard(
        prompt: prompt, code: code, explanation: Passage(answer), source: notes.source,
        hints: hints))
  }

  /// Whether `text` may start with the Character of the ASCII `byte`: not when its first byte
  /// is another ASCII byte, which starts another Character.
  private static func mayStart(_ text: String, with byte: UInt8) -> Bool {
    guard let first = text.utf8.first else { return false }
    return first == byte || first >= 0x80
  }

  /// Warns about `essential:`, `context:` and `optional:` names that the card's code does not
  /// have.
  private static func checkHints(
    _ pending: PendingCard, in code: String, source: SourceText,
    into diagnostics: inout [Diagnostic]
  ) {
    // Most cards name no hints: their code is lexed only for those that do.
    guard pending.settings["essential"] != nil || pending.settings["context"] != nil else { return }
    let names = Set(
      SwiftLexer.significantTokens(in: code).map { token in
        JudgingHints.normalized(String(code[token.range]))
      })
    for key in ["essential", "context", "optional"] {
      guard let value = pending.settings[key], let line = pending.settingLines[key] else {
        continue
      }
      for name in JudgingHints.names(in: value) {
        let bare = name.hasSuffix(":") ? String(name.dropLast()) : name
        if !names.contains(bare) && !names.contains(where: { $0.hasSuffix("." + bare) }) {
          diagnostics.append(
            .warning(
              "'\(key):' names '\(name)', which is not in the card's code",
              at: source.location(line)))
        }
      }
    }
  }
}
