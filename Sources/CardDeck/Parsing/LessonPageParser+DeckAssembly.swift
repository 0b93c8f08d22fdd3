extension LessonPageParser {
  /// The deck of a page whose lines ``PageReading`` read: its cards built, their topics found,
  /// and every problem with them collected.
  struct DeckAssembly {
    private let page: PageReading
    private let source: SourceText
    private var deck: Deck
    private var diagnostics: [Diagnostic]
    /// The page's title: its first header line that names no lesson.
    private let title: Substring?
    /// The subjects the page lists, on the header line after its title.
    private let subjects: Substring?
    /// The page's words that stand on their own, read only for a table whose column breaks the
    /// page lost.
    private var standaloneWords: Set<Substring>?

    /// The assembly of the page that `page` read from `source`, named `fallbackName` when it
    /// names no lesson.
    init(page: PageReading, source: SourceText, fallbackName: String) {
      self.page = page
      self.source = source
      diagnostics = source.diagnostics
      let title = page.headerLines.first { lessonNumber(in: $0) == nil }
      self.title = title
      subjects = page.headerLines.drop { $0 != title }.dropFirst().first
      let lesson = page.lesson
      let name = lesson.map { "lesson-\($0)" } ?? fallbackName
      deck = Deck(
        name: name,
        title: [lesson.map { "Lesson \($0)" }, title.map(String.init)].compactMap { $0 }
          .joined(separator: ": "),
        lesson: lesson, path: source.path, format: .lessonPage)
      if deck.title.isEmpty { deck.title = name }
    }

    /// The deck with every card of the page, and every problem found in it.
    mutating func assemble() -> (deck: Deck, diagnostics: [Diagnostic]) {
      let flashTopics = addFlashCards()
      // The other cards take the flash cards' topics where the page's headings name them.
      let pageTopics = PageTopics(flashCards: flashTopics)
      addEdgeCards(topics: pageTopics)
      addInterview(topics: pageTopics)
      checkCounts()
      return (deck, diagnostics)
    }

    /// Adds the flash cards, their topics cut off their labels where the page's own headings
    /// say; gives each one's topic and the text of its code.
    private mutating func addFlashCards() -> [(topic: String, text: String)] {
      let vocabulary =
        [title, subjects].compactMap { $0.map(String.init) } + page.sectionHeadings
      var topics = TopicResolver(vocabulary: vocabulary, labels: page.flashCards.map(\.label))
      var flashTopics: [(topic: String, text: String)] = []
      for (index, flash) in page.flashCards.enumerated() {
        let location = source.location(flash.line)
        let (topic, prompt) = topics.resolve(
          label: index, flash.label, at: location, into: &diagnostics)
        if let (card, code) = flashCard(
          flash, topic: headingTopic(topic), prompt: prompt, location: location)
        {
          deck.cards.append(card)
          // Their code's names (`ViewThatFits`) tell a topic apart better than their prose.
          flashTopics.append((card.topic, code))
        }
      }
      return flashTopics
    }

    /// Adds the edge-case questions, each with the page topic its section and text name most.
    private mutating func addEdgeCards(topics pageTopics: PageTopics) {
      let defaultSection = subjects.map(String.init) ?? title.map(String.init) ?? deck.name
      // Most of a page's questions share a few sections: their candidate topics are worked out
      // once each.
      var candidatesBySection: [String: PageTopics.Candidates] = [:]
      for question in page.edgeQuestions {
        guard case (var card, let prompt)? = edgeCard(question, defaultSection: defaultSection)
        else { continue }
        let section = card.section ?? defaultSection
        let candidates: PageTopics.Candidates
        if let known = candidatesBySection[section] {
          candidates = known
        } else {
          candidates = pageTopics.candidates(pageTopics.subjects(of: section))
          candidatesBySection[section] = candidates
        }
        if let topic = pageTopics.topic(
          of: question.title, prompt.text, prompt.code?.text ?? "", among: candidates)
        {
          card.topic = headingTopic(topic)
        }
        deck.cards.append(card)
      }
    }

    /// Adds the interview problem, with the page topic it names most.
    private mutating func addInterview(topics pageTopics: PageTopics) {
      guard let interview = page.interview, var card = interviewCard(interview) else { return }
      // A course part (`Part 7`) is no topic: the problem takes the page topic it names most.
      let headings =
        (card.section.map { [$0] } ?? []) + [subjects, title].compactMap { $0.map(String.init) }
        + page.sectionHeadings + (page.coursePart.map { [$0] } ?? [])
      if let topic = pageTopics.topic(
        of: card.title ?? "", card.prompt.text,
        among: pageTopics.candidates(pageTopics.allTopics(headings: headings)))
      {
        card.topic = headingTopic(topic)
      }
      deck.cards.append(card)
    }

    /// Reports counts the page announces that its cards do not have, and a page of no cards.
    private mutating func checkCounts() {
      let flashCards = page.flashCards.count
      let edgeQuestions = page.edgeQuestions.count
      if let announced = page.announcedFlashCards, announced.count != flashCards {
        diagnostics.append(
          .error(
            "the page announces \(announced.count) flash cards, but \(flashCards) were found",
            at: source.location(announced.line)))
      }
      if let announced = page.announcedEdgeCases, announced.count != edgeQuestions {
        diagnostics.append(
          .error(
            "the page announces \(announced.count) edge-case questions, but \(edgeQuestions) were found",
            at: source.location(announced.line)))
      }
      if flashCards == 0 && edgeQuestions == 0 && page.interview == nil {
        diagnostics.append(
          .error(
            "no cards found: a lesson page has a 'Flash cards' part with 'Syntax · …' or 'Trick question · …' cards",
            at: source.location(1)))
      }
    }

    // MARK: - Building cards

    /// The answer that `lines` hold: their passage, glued tables split, without the mentions
    /// of the page's pictures.
    private mutating func answer(_ lines: ArraySlice<SourceLine>) -> Passage {
      var answer = LessonPageText.passage(lines)
      for index in answer.blocks.indices {
        if case .table(let rows) = answer.blocks[index],
          let cells = GluedTable.split(rows, words: { pageWords() })
        {
          answer.blocks[index] = .table(cells)
        }
      }
      return FigureReferences.stripped(answer)
    }

    /// The page's words that stand on their own, read the first time a table needs them.
    private mutating func pageWords() -> Set<Substring> {
      if let standaloneWords { return standaloneWords }
      let words = GluedTable.standaloneWords(of: source.lines)
      standaloneWords = words
      return words
    }

    /// The flash card, and the text of the first code of its answer, else of its question (the
    /// code of its `Card.answer`, else of its `Card.prompt`, kept rather than read back from
    /// the card, which copies its content).
    private mutating func flashCard(
      _ flash: FlashCard, topic: String, prompt: String, location: SourceLocation
    ) -> (card: Card, code: String)? {
      var body = page.cardLines[flash.body]
      var code: CodeBlock?
      if let marker = body.firstIndex(where: {
        $0.equals(LessonPageText.codeRunMarker, in: $0.trimmed)
      }) {
        let text = LessonPageText.trimmedText(body[..<marker])
        if !text.isEmpty { code = CodeBlock(text) }
        body = body[marker...]
      }
      var answer = answer(body)
      if code == nil, case .code(let leading) = answer.blocks.first {
        code = leading
        answer.blocks.removeFirst()
      }
      guard !prompt.isEmpty else {
        diagnostics.append(.error("the card's prompt is empty", at: location))
        return nil
      }
      guard !answer.isEmpty else {
        diagnostics.append(.error("the card has no answer", at: location))
        return nil
      }
      guard let content = flashContent(flash.kind, prompt: prompt, code: code, answer: answer)
      else {
        diagnostics.append(.error("a syntax card needs code, and this one has none", at: location))
        return nil
      }
      let promptValue = Prompt(prompt, code: flash.kind == .syntax ? nil : code)
      let card = Card(
        id: CardID.derived(deck: deck.name, kind: flash.kind, prompt: promptValue),
        deck: deck.name, lesson: deck.lesson, topic: topic, location: location,
        content: content.content)
      return (card, content.topicCode)
    }

    /// A flash card's content, and the code its topic is told by: a syntax card's own code, else
    /// the first code of the answer, else of the question. Nil for a syntax card with no code.
    private func flashContent(_ kind: CardKind, prompt: String, code: CodeBlock?, answer: Passage)
      -> (content: Card.Content, topicCode: String)?
    {
      switch kind {
      case .syntax:
        guard let code else { return nil }
        // Its `answer` starts with its code.
        return (
          .syntax(SyntaxCard(prompt: Prompt(prompt), code: code, explanation: answer)), code.text
        )
      default:
        var firstCode: String?
        for case .code(let block) in answer.blocks {
          firstCode = block.text
          break
        }
        return (
          .trick(TrickCard(question: Prompt(prompt, code: code), answer: answer)),
          firstCode ?? code?.text ?? ""
        )
      }
    }

    /// The edge card of `question`, and its prompt (for the page's topics: reading it back from
    /// the card copies it).
    private mutating func edgeCard(_ question: EdgeQuestion, defaultSection: String)
      -> (card: Card, prompt: Prompt)?
    {
      let location = source.location(question.line)
      let prompt = LessonPageParser.prompt(page.cardLines[question.question])
      guard !prompt.text.isEmpty else {
        diagnostics.append(.error("the question has no text", at: location))
        return nil
      }
      guard question.sawShowAnswer else {
        diagnostics.append(.error("the question has no '\(showAnswer)' line", at: location))
        return nil
      }
      let answer = answer(page.cardLines[question.answer])
      guard !answer.isEmpty else {
        diagnostics.append(.error("the question has no answer after '\(showAnswer)'", at: location))
        return nil
      }
      guard let cardSource = question.source else {
        diagnostics.append(.error("the question has no '\(sourcePrefix)' line", at: location))
        return nil
      }
      let section = question.section ?? defaultSection
      let card = Card(
        id: CardID.derived(deck: deck.name, kind: .edge, prompt: prompt), deck: deck.name,
        lesson: deck.lesson, topic: headingTopic(section), section: section,
        location: location,
        content: .edge(
          EdgeCaseCard(title: question.title, question: prompt, answer: answer, source: cardSource))
      )
      return (card, prompt)
    }

    /// The card of the interview problem: its title, the first paragraph, then its problem.
    private mutating func interviewCard(_ interview: Interview) -> Card? {
      let location = source.location(interview.line)
      var problemLines = page.cardLines[interview.problem]
      while problemLines.first?.isBlank == true {
        problemLines.removeFirst()
      }
      let titleEnd = problemLines.firstIndex { $0.isBlank } ?? problemLines.endIndex
      // One line, as a deck's `title:` setting holds it.
      let title = LessonPageText.joined(
        problemLines[..<titleEnd].lazy.map(\.trimmedBytes), separator: 0x20)
      let problem = LessonPageParser.prompt(problemLines[titleEnd...])
      guard !problem.text.isEmpty || problem.code != nil else {
        diagnostics.append(.error("the interview problem has no text", at: location))
        return nil
      }
      guard let listenFor = interview.listenFor else {
        diagnostics.append(
          .error("the interview problem has no '\(listenForPrefix)' line", at: location))
        return nil
      }
      let answer = answer(page.cardLines[interview.answer])
      return Card(
        id: CardID.derived(deck: deck.name, kind: .interview, prompt: problem), deck: deck.name,
        lesson: deck.lesson, topic: headingTopic(interview.section ?? ""),
        section: interview.section, location: location,
        content: .interview(
          InterviewCard(
            title: title.isEmpty ? nil : title, problem: problem, source: interview.source,
            modelAnswer: answer, listenFor: listenFor)))
    }
  }
}
