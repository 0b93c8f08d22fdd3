extension NativeDeckParser {
  /// A native deck read a line at a time: a state machine with a step for each state, that
  /// builds each card when the next heading, or the file's end, closes it.
  struct DeckReading {
    /// Where in the file a line is.
    enum State {
      /// Before the `# Title` line.
      case beforeTitle
      /// The `key: value` lines under the title.
      case deckSettings
      /// After the deck's settings, before the first card.
      case preamble
      /// The `key: value` lines under a card's heading.
      case cardSettings
      /// A card's question and answer.
      case cardBody
    }

    private let deckName: String
    private let source: SourceText
    private let bytes: UnsafeBufferPointer<UInt8>
    private var deck: Deck
    private var diagnostics: [Diagnostic]
    private var state = State.beforeTitle
    private var pending: PendingCard?
    // The pending card's question and answer, kept from card to card with their capacity.
    private var question = MarkdownBlocks()
    private var answer = MarkdownBlocks()

    /// A reading of the deck `deckName` in `source`, whose UTF-8 is `bytes`.
    init(deckName: String, source: SourceText, bytes: UnsafeBufferPointer<UInt8>) {
      self.deckName = deckName
      self.source = source
      self.bytes = bytes
      deck = Deck(name: deckName, title: deckName, path: source.path, format: .native)
      diagnostics = source.diagnostics
    }

    /// Reads line `number` of the file.
    mutating func read(_ line: SourceLine, number: Int) {
      // A `## ` line's heading, read once.
      var heading: Result<Heading, HeadingProblem>?
      if let open = openFence {
        guard let ending = headingEndingFence(line, open) else { return }
        heading = ending
      }
      let done =
        switch state {
        case .beforeTitle: readBeforeTitle(line, number: number)
        case .deckSettings: readDeckSetting(line, number: number)
        case .cardSettings: readCardSetting(line, number: number)
        case .preamble, .cardBody: false
        }
      if !done { readHeadingOrBody(line, number: number, heading: heading) }
    }

    /// The deck, once every line is read, and every problem found in it.
    mutating func finish() -> (deck: Deck, diagnostics: [Diagnostic]) {
      if let open = openFence {
        diagnostics.append(
          .error("this code block is never closed", at: source.location(open.line)))
      }
      finishCard()
      if deck.cards.isEmpty && !diagnostics.contains(where: { $0.severity == .error }) {
        diagnostics.append(
          .error("the deck has no cards ('## Kind · Topic' headings)", at: source.location(1)))
      }
      return (deck, diagnostics)
    }

    /// The fence the pending card's current part is in: its marker, and the line it opens on.
    private var openFence: (marker: UInt8, length: Int, line: Int)? {
      guard pending != nil else { return nil }
      let fence = pending?.separatorLine == nil ? question.fence : answer.fence
      return fence.map { ($0.marker, $0.length, $0.line) }
    }

    /// `body` on the blocks of the pending card's current part, question or answer, in place.
    private mutating func withCurrent(_ body: (inout MarkdownBlocks) -> Void) {
      if pending?.separatorLine == nil { body(&question) } else { body(&answer) }
    }

    /// A line inside the `open` fence: it closes the fence, or is code, or is a card heading
    /// that ends the card, whose heading it gives. Nil when the fence took the line.
    private mutating func headingEndingFence(
      _ line: SourceLine, _ open: (marker: UInt8, length: Int, line: Int)
    )
      -> Result<Heading, HeadingProblem>?
    {
      if line.closesFence(marker: open.marker, length: open.length) {
        let bytes = bytes
        withCurrent { $0.closeFence(in: bytes) }
        return nil
      }
      guard line.hasPrefix("## ", in: 0..<line.bytes.count),
        case let parsed = parseHeading(line), case .success = parsed
      else {
        withCurrent { $0.addCode(line) }
        return nil
      }
      // The card ends here: its blocks end the fence where its lines end.
      diagnostics.append(.error("this code block is never closed", at: source.location(open.line)))
      return parsed
    }

    /// A line before the title: the title, or a blank line; anything else is read as the
    /// preamble's. Whether the line was taken.
    private mutating func readBeforeTitle(_ line: SourceLine, number: Int) -> Bool {
      if line.isBlank { return true }
      if line.hasPrefix("# ", in: 0..<line.bytes.count) {
        deck.title = String(line.text.dropFirst(2).trimmingWhitespace())
        state = .deckSettings
        return true
      }
      diagnostics.append(
        .error("a deck starts with its title, '# Title'", at: source.location(number)))
      state = .preamble
      return false
    }

    /// A line under the title: a deck setting, or the blank line or other line that ends
    /// them. Whether the line was taken.
    private mutating func readDeckSetting(_ line: SourceLine, number: Int) -> Bool {
      if line.isBlank {
        state = .preamble
        return true
      }
      if let (key, value) = line.setting() {
        applyDeckSetting(key, value, to: &deck, at: source.location(number), into: &diagnostics)
        return true
      }
      state = .preamble
      return false
    }

    /// A line under a card's heading: one of its settings, or the first line of its body.
    /// Whether the line was taken.
    private mutating func readCardSetting(_ line: SourceLine, number: Int) -> Bool {
      guard let (key, value) = line.setting(), cardSettings.contains(key) else {
        state = .cardBody
        return false
      }
      if key == "also" {
        pending?.alternatives.append(value)
      } else {
        pending?.settings[key] = value
      }
      pending?.settingLines[key] = number
      return true
    }

    /// A line that is a card's heading, `heading` when it was read already, or one of the
    /// pending card's body: its `---` or a line of its question or answer.
    private mutating func readHeadingOrBody(
      _ line: SourceLine, number: Int, heading: Result<Heading, HeadingProblem>?
    ) {
      if heading != nil || line.hasPrefix("## ", in: 0..<line.bytes.count) {
        finishCard()
        switch heading ?? parseHeading(line) {
        case .success(let heading):
          pending = PendingCard(
            headingLine: number, kind: heading.kind, topic: heading.topic, id: heading.id)
          state = .cardSettings
        case .failure(let problem):
          diagnostics.append(.error(problem.message, at: source.location(number)))
          state = .preamble
        }
        return
      }
      guard state == .cardBody || state == .cardSettings, pending != nil else { return }
      if line.equals("---", in: line.trimmed) {
        if let first = pending?.separatorLine {
          diagnostics.append(
            .error(
              "a second '---' line (the first is line \(first)); a card has exactly one, between question and answer",
              at: source.location(number)))
        } else {
          pending?.separatorLine = number
        }
        return
      }
      let bytes = bytes
      withCurrent { $0.add(line, number: number, in: bytes) }
    }

    /// Builds the pending card, if any, and adds it to the deck.
    private mutating func finishCard() {
      guard let card = pending else { return }
      pending = nil
      question.end(in: bytes)
      answer.end(in: bytes)
      if let built = NativeDeckParser.build(
        card, question: question.blocks, answer: answer.blocks, deck: deck, source: source,
        into: &diagnostics)
      {
        deck.cards.append(built)
      }
      question.reset()
      answer.reset()
    }
  }
}
