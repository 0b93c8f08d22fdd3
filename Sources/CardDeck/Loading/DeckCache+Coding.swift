extension DeckCache {
  /// A file's parse, as the cache holds it: every field of the deck, its cards and their
  /// diagnostics, so that decoding gives back exactly what parsing gave.
  static func encode(_ deck: Deck, _ diagnostics: [Diagnostic], into out: inout CacheBytes) {
    out.append(deck.name)
    out.append(deck.title)
    out.append(deck.lesson)
    out.append(deck.path)
    out.append(deck.format == .native ? 0 as UInt8 : 1)
    out.append(deck.cards.count)
    for card in deck.cards { encode(card, into: &out) }
    out.append(diagnostics.count)
    for diagnostic in diagnostics {
      encode(diagnostic.location, into: &out)
      out.append(diagnostic.severity == .error ? 0 as UInt8 : 1)
      out.append(diagnostic.message)
    }
  }

  /// The deck and diagnostics `encode` wrote in `range` of `bytes`; Malformed for anything else.
  static func decode(
    _ bytes: [UInt8], in range: Range<Int>
  ) throws(CacheBytes.Malformed) -> (deck: Deck, diagnostics: [Diagnostic]) {
    var input = CacheBytes(reading: bytes, in: range)
    let name = try input.string()
    let title = try input.string()
    let lesson = try input.optionalInt()
    let path = try input.string()
    let format: Deck.Format
    switch try input.byte() {
    case 0: format = .native
    case 1: format = .lessonPage
    default: throw CacheBytes.Malformed()
    }
    var deck = Deck(name: name, title: title, lesson: lesson, path: path, format: format)
    let cards = try input.count()
    deck.cards.reserveCapacity(cards)
    for _ in 0..<cards { deck.cards.append(try decodeCard(&input)) }
    var diagnostics: [Diagnostic] = []
    for _ in 0..<(try input.count()) {
      let location = try decodeLocation(&input)
      let severity: Diagnostic.Severity
      switch try input.byte() {
      case 0: severity = .error
      case 1: severity = .warning
      default: throw CacheBytes.Malformed()
      }
      diagnostics.append(Diagnostic(severity, try input.string(), at: location))
    }
    guard input.isAtEnd else { throw CacheBytes.Malformed() }
    return (deck, diagnostics)
  }

  // MARK: Cards

  private static func encode(_ card: Card, into out: inout CacheBytes) {
    out.append(card.id)
    out.append(card.deck)
    out.append(card.lesson)
    out.append(card.topic)
    out.append(card.section)
    encode(card.location, into: &out)
    switch card.content {
    case .syntax(let syntax):
      out.append(0 as UInt8)
      encode(syntax.prompt, into: &out)
      encode(syntax.code, into: &out)
      encode(syntax.explanation, into: &out)
      out.append(syntax.source)
      encode(strings: syntax.hints.essential.sorted(), into: &out)
      encode(strings: syntax.hints.context.sorted(), into: &out)
      encode(strings: syntax.hints.optional.sorted(), into: &out)
      encode(strings: syntax.hints.alternatives, into: &out)
    case .trick(let trick):
      out.append(1 as UInt8)
      encode(trick.question, into: &out)
      encode(trick.answer, into: &out)
      out.append(trick.source)
    case .edge(let edge):
      out.append(2 as UInt8)
      out.append(edge.title)
      encode(edge.question, into: &out)
      encode(edge.answer, into: &out)
      out.append(edge.source)
    case .interview(let interview):
      out.append(3 as UInt8)
      out.append(interview.title)
      encode(interview.problem, into: &out)
      out.append(interview.source)
      encode(interview.modelAnswer, into: &out)
      out.append(interview.listenFor)
    }
  }

  private static func decodeCard(_ input: inout CacheBytes) throws(CacheBytes.Malformed) -> Card {
    let id = try input.string()
    let deck = try input.string()
    let lesson = try input.optionalInt()
    let topic = try input.string()
    let section = try input.optionalString()
    let location = try decodeLocation(&input)
    let content: Card.Content
    switch try input.byte() {
    case 0:
      let prompt = try decodePrompt(&input)
      let code = try decodeCode(&input)
      let explanation = try decodePassage(&input)
      let source = try input.optionalString()
      // Set as stored: the initializer would normalize the names a second time.
      var hints = JudgingHints()
      hints.essential = Set(try decodeStrings(&input))
      hints.context = Set(try decodeStrings(&input))
      hints.optional = Set(try decodeStrings(&input))
      hints.alternatives = try decodeStrings(&input)
      content = .syntax(
        SyntaxCard(
          prompt: prompt, code: code, explanation: explanation, source: source, hints: hints))
    case 1:
      content = .trick(
        TrickCard(
          question: try decodePrompt(&input), answer: try decodePassage(&input),
          source: try input.optionalString()))
    case 2:
      content = .edge(
        EdgeCaseCard(
          title: try input.optionalString(), question: try decodePrompt(&input),
          answer: try decodePassage(&input), source: try input.string()))
    case 3:
      content = .interview(
        InterviewCard(
          title: try input.optionalString(), problem: try decodePrompt(&input),
          source: try input.optionalString(), modelAnswer: try decodePassage(&input),
          listenFor: try input.string()))
    default:
      throw CacheBytes.Malformed()
    }
    return Card(
      id: id, deck: deck, lesson: lesson, topic: topic, section: section, location: location,
      content: content)
  }

  // MARK: Parts

  private static func encode(_ location: SourceLocation, into out: inout CacheBytes) {
    out.append(location.path)
    out.append(location.line)
  }

  private static func decodeLocation(
    _ input: inout CacheBytes
  ) throws(CacheBytes.Malformed) -> SourceLocation {
    SourceLocation(path: try input.string(), line: try input.int())
  }

  private static func encode(_ prompt: Prompt, into out: inout CacheBytes) {
    out.append(prompt.text)
    out.append(prompt.code != nil)
    if let code = prompt.code { encode(code, into: &out) }
  }

  private static func decodePrompt(_ input: inout CacheBytes) throws(CacheBytes.Malformed) -> Prompt
  {
    let text = try input.string()
    return Prompt(text, code: try input.bool() ? try decodeCode(&input) : nil)
  }

  private static func encode(_ code: CodeBlock, into out: inout CacheBytes) {
    out.append(code.language)
    out.append(code.text)
  }

  private static func decodeCode(_ input: inout CacheBytes) throws(CacheBytes.Malformed)
    -> CodeBlock
  {
    let language = try input.optionalString()
    return CodeBlock(try input.string(), language: language)
  }

  private static func encode(_ passage: Passage, into out: inout CacheBytes) {
    out.append(passage.blocks.count)
    for block in passage.blocks {
      switch block {
      case .text(let text):
        out.append(0 as UInt8)
        out.append(text)
      case .code(let code):
        out.append(1 as UInt8)
        encode(code, into: &out)
      case .console(let text):
        out.append(2 as UInt8)
        out.append(text)
      case .table(let rows):
        out.append(3 as UInt8)
        out.append(rows.count)
        for row in rows { encode(strings: row, into: &out) }
      }
    }
  }

  private static func decodePassage(_ input: inout CacheBytes) throws(CacheBytes.Malformed)
    -> Passage
  {
    var blocks: [Passage.Block] = []
    for _ in 0..<(try input.count()) {
      switch try input.byte() {
      case 0: blocks.append(.text(try input.string()))
      case 1: blocks.append(.code(try decodeCode(&input)))
      case 2: blocks.append(.console(try input.string()))
      case 3:
        var rows: [[String]] = []
        for _ in 0..<(try input.count()) { rows.append(try decodeStrings(&input)) }
        blocks.append(.table(rows))
      default: throw CacheBytes.Malformed()
      }
    }
    return Passage(blocks)
  }

  private static func encode(strings: [String], into out: inout CacheBytes) {
    out.append(strings.count)
    for string in strings { out.append(string) }
  }

  private static func decodeStrings(_ input: inout CacheBytes) throws(CacheBytes.Malformed)
    -> [String]
  {
    var strings: [String] = []
    for _ in 0..<(try input.count()) { strings.append(try input.string()) }
    return strings
  }
}
