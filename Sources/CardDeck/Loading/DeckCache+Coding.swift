import Basics

extension DeckCache {
  /// A file's parse, as the cache holds it: every field of the deck, its cards and their
  /// diagnostics, so that decoding gives back exactly what parsing gave. The headings (the deck,
  /// its distinct topics and sections, each card's id, deck, lesson, topic and section by their
  /// places, place in the file and kind, and the diagnostics) are apart from the content, which
  /// each heading locates and hashes.
  static func encode(_ deck: Deck, _ diagnostics: [Diagnostic]) -> Encoded {
    var out = ByteWriter()
    var content = ByteWriter()
    out.append(deck.name)
    out.append(deck.title)
    out.append(deck.lesson)
    out.append(deck.path)
    out.append(deck.format == .native ? 0 as UInt8 : 1)
    out.append(deck.cards.count)
    // Each distinct topic and section once, in the order the cards first use them; a card
    // gives their places (a section's plus one, 0 for none), so that decoding makes one string
    // for each, not one a card.
    var strings: [String] = []
    var places: [String: Int] = [:]
    func place(of text: String) -> Int {
      if let place = places[text] { return place }
      strings.append(text)
      places[text] = strings.count - 1
      return strings.count - 1
    }
    let topics = deck.cards.map { place(of: $0.topic) }
    let sections = deck.cards.map { card in card.section.map { place(of: $0) + 1 } ?? 0 }
    out.append(strings.count)
    for text in strings { out.append(text) }
    for (index, card) in deck.cards.enumerated() {
      out.append(card.id)
      // The deck's name and path once, not once a card.
      encode(card.deck, sameAs: deck.name, into: &out)
      out.append(card.lesson)
      out.append(topics[index])
      out.append(sections[index])
      encode(card.location.path, sameAs: deck.path, into: &out)
      out.append(card.location.line)
      let start = content.bytes.count
      encode(card.content, into: &content)
      out.append(kindCode(card.kind))
      out.append(start)
      out.append(content.bytes.count - start)
      out.append(StableHash.of(content.bytes[start...]))
    }
    out.append(diagnostics.count)
    for diagnostic in diagnostics {
      encode(diagnostic.location, into: &out)
      out.append(diagnostic.severity == .error ? 0 as UInt8 : 1)
      out.append(diagnostic.message)
    }
    return Encoded(headings: out.bytes, content: content.bytes)
  }

  /// The deck and diagnostics whose headings `encode` wrote in `range` of `bytes`, each card's
  /// content to be read from `content` when asked for; Malformed for anything else.
  static func decode(
    _ bytes: [UInt8], in range: Range<Int>, content: CachedDeck
  ) throws(ByteReader.Malformed) -> DeckLoader.Loaded {
    try ByteReader.read(bytes, in: range) {
      (input: inout ByteReader) throws(ByteReader.Malformed) in
      let name = try input.string()
      let title = try input.string()
      let lesson = try input.optionalInt()
      let path = try input.string()
      let format: Deck.Format
      switch try input.byte() {
      case 0: format = .native
      case 1: format = .lessonPage
      default: throw ByteReader.Malformed()
      }
      let count = try input.count()
      // Each string takes its eight-byte length at least: room for them all is made at once.
      let stringCount = try input.count(ofAtLeast: 8)
      var strings: [String] = []
      strings.reserveCapacity(stringCount)
      for _ in 0..<stringCount { strings.append(try input.string()) }
      var cards: [CardHeading] = []
      var records: [CardContentRecord] = []
      cards.reserveCapacity(count)
      records.reserveCapacity(count)
      for index in 0..<count {
        let (card, record) = try decodeCard(
          &input, index: index, deck: (name, path), strings: strings, block: content.block.count)
        cards.append(card)
        records.append(record)
      }
      var diagnostics: [Diagnostic] = []
      for _ in 0..<(try input.count()) {
        let location = try decodeLocation(&input)
        let severity: Diagnostic.Severity
        switch try input.byte() {
        case 0: severity = .error
        case 1: severity = .warning
        default: throw ByteReader.Malformed()
        }
        diagnostics.append(Diagnostic(severity, try input.string(), at: location))
      }
      guard input.isAtEnd else { throw ByteReader.Malformed() }
      let deck = LoadedDeck(
        name: name, title: title, lesson: lesson, path: path, format: format, cards: cards,
        content: .cached(content, records))
      return (deck, diagnostics)
    }
  }

  /// One card's heading, the `index`th of a deck of that name and path, and where its content
  /// lies in an entry's content of `block` bytes.
  private static func decodeCard(
    _ input: inout ByteReader, index: Int, deck: (name: String, path: String),
    strings: [String], block: Int
  ) throws(ByteReader.Malformed) -> (CardHeading, CardContentRecord) {
    let id = try input.string()
    let cardDeck = try decode(sameAs: deck.name, &input)
    let lesson = try input.optionalInt()
    let topicPlace = try input.int()
    let sectionPlace = try input.int()
    guard strings.indices.contains(topicPlace), sectionPlace >= 0, sectionPlace <= strings.count
    else { throw ByteReader.Malformed() }
    let location = SourceLocation(
      path: try decode(sameAs: deck.path, &input), line: try input.int())
    let kind = try decodeKind(try input.byte())
    let start = try input.int()
    let length = try input.int()
    guard start >= 0, length >= 0, start <= block - length else { throw ByteReader.Malformed() }
    let heading = CardHeading(
      id: id, deck: cardDeck, lesson: lesson, topic: strings[topicPlace],
      section: sectionPlace == 0 ? nil : strings[sectionPlace - 1], location: location,
      kind: kind)
    return (
      heading,
      CardContentRecord(range: start..<start + length, hash: try input.uint64(), index: index)
    )
  }

  /// The parse that `encoded` holds, its content read from `encoded` itself when asked for: for
  /// tests and the fuzz target, which have no cache file.
  static func decode(_ encoded: Encoded) throws(ByteReader.Malformed) -> DeckLoader.Loaded {
    let content = CachedDeck(
      content: CacheContent(bytes: encoded.content, start: 0),
      block: 0..<encoded.content.count, origin: nil)
    return try decode(encoded.headings, in: 0..<encoded.headings.count, content: content)
  }

  /// A string that is most often `usual`: a 0 then, else a 1 and the string.
  private static func encode(_ text: String, sameAs usual: String, into out: inout ByteWriter) {
    if text == usual {
      out.append(0 as UInt8)
    } else {
      out.append(1 as UInt8)
      out.append(text)
    }
  }

  private static func decode(
    sameAs usual: String, _ input: inout ByteReader
  ) throws(ByteReader.Malformed) -> String {
    try input.bool() ? try input.string() : usual
  }

  private static func kindCode(_ kind: CardKind) -> UInt8 {
    switch kind {
    case .syntax: 0
    case .trick: 1
    case .edge: 2
    case .interview: 3
    }
  }

  private static func decodeKind(_ code: UInt8) throws(ByteReader.Malformed) -> CardKind {
    switch code {
    case 0: .syntax
    case 1: .trick
    case 2: .edge
    case 3: .interview
    default: throw ByteReader.Malformed()
    }
  }

  // MARK: Content

  private static func encode(_ content: Card.Content, into out: inout ByteWriter) {
    switch content {
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

  /// The content `encode` wrote in `range` of `bytes`, all of it; Malformed for anything else.
  static func decodeContent(
    _ bytes: [UInt8], in range: Range<Int>
  ) throws(ByteReader.Malformed) -> Card.Content {
    try ByteReader.read(bytes, in: range) {
      (input: inout ByteReader) throws(ByteReader.Malformed) in
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
        throw ByteReader.Malformed()
      }
      guard input.isAtEnd else { throw ByteReader.Malformed() }
      return content
    }
  }

  // MARK: Parts

  private static func encode(_ location: SourceLocation, into out: inout ByteWriter) {
    out.append(location.path)
    out.append(location.line)
  }

  private static func decodeLocation(
    _ input: inout ByteReader
  ) throws(ByteReader.Malformed) -> SourceLocation {
    SourceLocation(path: try input.string(), line: try input.int())
  }

  private static func encode(_ prompt: Prompt, into out: inout ByteWriter) {
    out.append(prompt.text)
    out.append(prompt.code != nil)
    if let code = prompt.code { encode(code, into: &out) }
  }

  private static func decodePrompt(_ input: inout ByteReader) throws(ByteReader.Malformed) -> Prompt
  {
    let text = try input.string()
    return Prompt(text, code: try input.bool() ? try decodeCode(&input) : nil)
  }

  private static func encode(_ code: CodeBlock, into out: inout ByteWriter) {
    out.append(code.language)
    out.append(code.text)
  }

  private static func decodeCode(_ input: inout ByteReader) throws(ByteReader.Malformed)
    -> CodeBlock
  {
    let language = try input.optionalString()
    return CodeBlock(try input.string(), language: language)
  }

  private static func encode(_ passage: Passage, into out: inout ByteWriter) {
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

  private static func decodePassage(_ input: inout ByteReader) throws(ByteReader.Malformed)
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
      default: throw ByteReader.Malformed()
      }
    }
    return Passage(blocks)
  }

  private static func encode(strings: [String], into out: inout ByteWriter) {
    out.append(strings.count)
    for string in strings { out.append(string) }
  }

  private static func decodeStrings(_ input: inout ByteReader) throws(ByteReader.Malformed)
    -> [String]
  {
    var strings: [String] = []
    for _ in 0..<(try input.count()) { strings.append(try input.string()) }
    return strings
  }
}
