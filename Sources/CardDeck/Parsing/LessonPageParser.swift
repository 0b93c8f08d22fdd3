import FoundationEssentials
import Glibc

/// Reads the cards of a course lesson page: its flash cards, its edge-case questions and its
/// interview problem.
///
/// A line-by-line state machine over the page's parts. Everything before "Flash cards" (the
/// tutorial) is skipped. Problems are collected, never thrown, so one pass reports them all.
public struct LessonPageParser: Sendable {
  /// The deck name to use when the page does not say which lesson it is.
  public var fallbackName: String

  /// Creates a parser; `fallbackName` names the deck when the page has no lesson number.
  public init(fallbackName: String) {
    self.fallbackName = fallbackName
  }

  private enum Part {
    case header
    case tutorial
    case flashCards
    case edgeCases
    case edgeQuestion
    case edgeAnswer
    case afterEdgeCases
    case interviewProblem
    case interviewAnswer
    case end
  }

  /// A flash card whose topic is not yet cut from its prompt.
  ///
  /// Its lines, and those of the questions and the interview problem, are ranges of one array
  /// of the page's card lines (see ``CardLines``), not an array each.
  private struct FlashCard {
    var line: Int
    var kind: CardKind
    var label: Substring
    var body: Range<Int>
  }

  private struct EdgeQuestion {
    var line: Int
    var title: String
    var section: String?
    var sawShowAnswer = false
    var question: Range<Int>
    var answer: Range<Int>
    var source: String?
  }

  private struct Interview {
    var line: Int
    /// What the problem's heading names after `Interview problem ·`, unless a course part.
    var section: String?
    var problem: Range<Int>
    var answer: Range<Int>
    var source: String?
    var listenFor: String?
  }

  /// The lines of the page's cards, in one array: each card's parts are ranges of it.
  private struct CardLines {
    private(set) var lines: [SourceLine] = []

    /// Room for `capacity` lines: the page's, at most but for parts that go on after others.
    init(capacity: Int) {
      lines.reserveCapacity(capacity)
    }

    /// An empty range at the end, for a part that is about to be read.
    var next: Range<Int> { lines.count..<lines.count }

    /// Adds `line` at the end of `range`, which is moved to the end first when other lines
    /// came after it (a part that goes on after another part, on a page that mixes them).
    mutating func append(_ line: SourceLine, to range: inout Range<Int>) {
      if range.upperBound != lines.count {
        let moved = range
        range = lines.count..<lines.count + moved.count
        // A line at a time: a slice of the array would share its buffer, and the append would
        // copy it all.
        for index in moved { lines.append(lines[index]) }
      }
      lines.append(line)
      range = range.lowerBound..<lines.count
    }

    subscript(range: Range<Int>) -> ArraySlice<SourceLine> { lines[range] }
  }

  private static let flashCardsHeading: StaticString = "Flash cards"
  private static let edgeCasesHeading: StaticString = "Edge cases and tricky questions"
  private static let sourcePrefix: StaticString = "Where this comes from:"
  private static let listenForPrefix: StaticString = "What interviewers listen for:"
  private static let showAnswer: StaticString = "Show the answer"

  /// The deck on the page, and every problem found in it.
  public func parse(_ source: SourceText) -> (deck: Deck, diagnostics: [Diagnostic]) {
    source.utf8.withUnsafeBufferPointer { parse(source, bytes: $0) }
  }

  /// ``parse(_:)``, with the bytes of `source.utf8`: each line is read from them by its offsets,
  /// and only a heading's or a setting's text is copied out.
  private func parse(_ source: SourceText, bytes file: UnsafeBufferPointer<UInt8>) -> (
    deck: Deck, diagnostics: [Diagnostic]
  ) {
    var diagnostics = source.diagnostics
    var part = Part.header
    var lesson: Int?
    var coursePart: String?
    var headerLines: [Substring] = []
    var sectionHeadings: [String] = []
    var flashCards: [FlashCard] = []
    var announcedFlashCards: (count: Int, line: Int)?
    var announcedEdgeCases: (count: Int, line: Int)?
    var edgeQuestions: [EdgeQuestion] = []
    var betweenQuestions: [Substring] = []
    var interview: Interview?
    var sawFlashCards = false
    var cardLines = CardLines(capacity: source.lineRanges.count)

    for (offset, range) in source.lineRanges.enumerated() {
      let number = offset + 1
      let bytes = SourceLine(range, in: file)
      let trimmedRange = bytes.trimmed
      // Every heading of a part starts with "F", "E", "I" or "W": another ASCII first byte is
      // another first Character, and the line none of them.
      let lead = trimmedRange.isEmpty ? 0 : bytes.bytes[trimmedRange.lowerBound]
      let mayStartPart =
        lead >= 0x80 || lead == UInt8(ascii: "F") || lead == UInt8(ascii: "E")
        || lead == UInt8(ascii: "I") || lead == UInt8(ascii: "W")

      // Headings that start a part win over whatever part the page is in.
      if mayStartPart && bytes.equals(Self.flashCardsHeading, in: trimmedRange)
        && part != .interviewAnswer
      {
        part = .flashCards
        sawFlashCards = true
        continue
      }
      if mayStartPart && bytes.equals(Self.edgeCasesHeading, in: trimmedRange)
        && part != .interviewAnswer
      {
        part = .edgeCases
        betweenQuestions = []
        continue
      }
      if mayStartPart && part != .interviewAnswer && sawFlashCards
        && bytes.hasPrefix("Interview problem", in: trimmedRange)
      {
        let trimmed = bytes.text(trimmedRange)
        // `Interview problem · Part 7 · Saving`: what follows, but the course's part.
        let section = trimmed.split(separator: "·").dropFirst().map {
          String($0.trimmingWhitespace())
        }
        .filter { !$0.isEmpty && !Self.isCoursePart(Substring($0)) }.joined(separator: " · ")
        interview = Interview(
          line: number, section: section.isEmpty ? nil : section, problem: cardLines.next,
          answer: cardLines.next)
        part = .interviewProblem
        continue
      }
      if mayStartPart && sawFlashCards
        && (part == .flashCards || part == .edgeCases || part == .edgeAnswer)
        && (bytes.equals("Further reading", in: trimmedRange)
          || bytes.equals("Write the code", in: trimmedRange))
      {
        part = .afterEdgeCases
        continue
      }
      // The tutorial and the page's end are most lines of a page: they are read no further.
      if part == .tutorial || part == .afterEdgeCases || part == .end { continue }
      switch part {
      case .header:
        let trimmed = bytes.text(trimmedRange)
        if lesson == nil, let found = Self.lessonNumber(in: trimmed) { lesson = found }
        if coursePart == nil { coursePart = Self.coursePartName(in: trimmed) }
        if bytes.hasPrefix("Step ", in: trimmedRange)
          || bytes.hasPrefix("You will build", in: trimmedRange)
        {
          part = .tutorial
        } else if !trimmed.isEmpty {
          headerLines.append(trimmed)
        }
      case .tutorial, .afterEdgeCases, .end:
        continue
      case .flashCards:
        if let kind = Self.flashCardKind(bytes, trimmedRange) {
          flashCards.append(
            FlashCard(line: number, kind: kind.kind, label: kind.rest, body: cardLines.next))
        } else if !flashCards.isEmpty {
          cardLines.append(bytes, to: &flashCards[flashCards.count - 1].body)
        } else if announcedFlashCards == nil, let count = Self.leadingNumber(bytes, trimmedRange) {
          announcedFlashCards = (count, number)
        }
      case .edgeCases, .edgeQuestion, .edgeAnswer:
        if let title = Self.questionTitle(bytes, trimmedRange) {
          let section = part == .edgeCases ? betweenQuestions.last.map(String.init) : nil
          edgeQuestions.append(
            EdgeQuestion(
              line: number, title: title, section: section ?? edgeQuestions.last?.section,
              question: cardLines.next, answer: cardLines.next))
          betweenQuestions = []
          part = .edgeQuestion
        } else if part == .edgeQuestion {
          if bytes.equals(Self.showAnswer, in: trimmedRange) {
            edgeQuestions[edgeQuestions.count - 1].sawShowAnswer = true
            part = .edgeAnswer
          } else {
            cardLines.append(bytes, to: &edgeQuestions[edgeQuestions.count - 1].question)
          }
        } else if part == .edgeAnswer {
          if bytes.hasPrefix(Self.sourcePrefix, in: trimmedRange) {
            edgeQuestions[edgeQuestions.count - 1].source = Self.rest(
              of: bytes, trimmedRange, after: Self.sourcePrefix)
            part = .edgeCases
          } else {
            cardLines.append(bytes, to: &edgeQuestions[edgeQuestions.count - 1].answer)
          }
        } else if announcedEdgeCases == nil && edgeQuestions.isEmpty,
          let count = Self.leadingNumber(bytes, trimmedRange)
        {
          announcedEdgeCases = (count, number)
        } else if !trimmedRange.isEmpty {
          let trimmed = bytes.text(trimmedRange)
          betweenQuestions.append(trimmed)
          if !sectionHeadings.contains(String(trimmed)) { sectionHeadings.append(String(trimmed)) }
        }
      case .interviewProblem:
        if bytes.hasPrefix(Self.sourcePrefix, in: trimmedRange) {
          interview?.source = Self.rest(of: bytes, trimmedRange, after: Self.sourcePrefix)
        } else if bytes.equals(Self.showAnswer, in: trimmedRange) {
          part = .interviewAnswer
        } else {
          if interview != nil { cardLines.append(bytes, to: &interview!.problem) }
        }
      case .interviewAnswer:
        if bytes.hasPrefix(Self.listenForPrefix, in: trimmedRange) {
          interview?.listenFor = Self.rest(of: bytes, trimmedRange, after: Self.listenForPrefix)
          part = .end
        } else {
          if interview != nil { cardLines.append(bytes, to: &interview!.answer) }
        }
      }
    }

    // The page's own headings name its topics.
    let title = headerLines.first { Self.lessonNumber(in: $0) == nil }
    let subjects = headerLines.drop { $0 != title }.dropFirst().first
    let vocabulary = ([title, subjects].compactMap { $0.map(String.init) } + sectionHeadings)
    let name = lesson.map { "lesson-\($0)" } ?? fallbackName
    var deck = Deck(
      name: name,
      title: [lesson.map { "Lesson \($0)" }, title.map(String.init)].compactMap { $0 }
        .joined(separator: ": "),
      lesson: lesson, path: source.path, format: .lessonPage)
    if deck.title.isEmpty { deck.title = name }

    var topics = TopicResolver(vocabulary: vocabulary, labels: flashCards.map(\.label))
    // Tables whose column breaks the page's text lost; the page's words are read only for them.
    var pageWords: Set<Substring>?
    func splitTables(_ passage: inout Passage) {
      Self.splitGluedTables(in: &passage) {
        if let pageWords { return pageWords }
        let words = GluedTable.standaloneWords(of: source.lines)
        pageWords = words
        return words
      }
    }
    var flashTopics: [(topic: String, text: String)] = []
    for (index, flash) in flashCards.enumerated() {
      let location = source.location(flash.line)
      let (topic, promptText) = topics.resolve(
        label: index, flash.label, at: location, into: &diagnostics)
      if let (card, code) = buildFlashCard(
        flash, lines: cardLines[flash.body], topic: Self.headingTopic(topic), prompt: promptText,
        deck: deck, location: location, splitTables: splitTables, into: &diagnostics)
      {
        deck.cards.append(card)
        // Their code's names (`ViewThatFits`) tell a topic apart better than their prose.
        flashTopics.append((card.topic, code))
      }
    }
    // The other cards take the flash cards' topics where the page's headings name them.
    let pageTopics = PageTopics(flashCards: flashTopics)
    let defaultSection = subjects.map(String.init) ?? title.map(String.init) ?? name
    // Most of a page's questions share a few sections: their candidate topics are worked out
    // once each.
    var candidatesBySection: [String: PageTopics.Candidates] = [:]
    for question in edgeQuestions {
      if case (var card, let prompt)? = buildEdgeCard(
        question, question: cardLines[question.question], answer: cardLines[question.answer],
        defaultSection: defaultSection, deck: deck, source: source, splitTables: splitTables,
        into: &diagnostics)
      {
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
          card.topic = Self.headingTopic(topic)
        }
        deck.cards.append(card)
      }
    }
    if let interview,
      var card = buildInterview(
        interview, problem: cardLines[interview.problem], answer: cardLines[interview.answer],
        deck: deck, source: source, splitTables: splitTables, into: &diagnostics)
    {
      // A course part (`Part 7`) is no topic: the problem takes the page topic it names most.
      let headings =
        (card.section.map { [$0] } ?? []) + [subjects, title].compactMap { $0.map(String.init) }
        + sectionHeadings + (coursePart.map { [$0] } ?? [])
      if let topic = pageTopics.topic(
        of: card.title ?? "", card.prompt.text,
        among: pageTopics.candidates(pageTopics.allTopics(headings: headings)))
      {
        card.topic = Self.headingTopic(topic)
      }
      deck.cards.append(card)
    }

    if let announced = announcedFlashCards, announced.count != flashCards.count {
      diagnostics.append(
        .error(
          "the page announces \(announced.count) flash cards, but \(flashCards.count) were found",
          at: source.location(announced.line)))
    }
    if let announced = announcedEdgeCases, announced.count != edgeQuestions.count {
      diagnostics.append(
        .error(
          "the page announces \(announced.count) edge-case questions, but \(edgeQuestions.count) were found",
          at: source.location(announced.line)))
    }
    if flashCards.isEmpty && edgeQuestions.isEmpty && interview == nil {
      diagnostics.append(
        .error(
          "no cards found: a lesson page has a 'Flash cards' part with 'Syntax · …' or 'Trick question · …' cards",
          at: source.location(1)))
    }
    return (deck, diagnostics)
  }

  // MARK: - Building cards

  /// The flash card, and the text of the first code of its answer, else of its question (the
  /// code of its `Card.answer`, else of its `Card.prompt`, kept rather than read back from
  /// the card, which copies its content).
  private func buildFlashCard(
    _ flash: FlashCard, lines body: ArraySlice<SourceLine>, topic: String, prompt: String,
    deck: Deck, location: SourceLocation, splitTables: (inout Passage) -> Void,
    into diagnostics: inout [Diagnostic]
  ) -> (card: Card, code: String)? {
    var body = body
    var code: CodeBlock?
    if let marker = body.firstIndex(where: {
      $0.equals(LessonPageText.codeRunMarker, in: $0.trimmed)
    }) {
      let text = LessonPageText.trimmedText(body[..<marker])
      if !text.isEmpty { code = CodeBlock(text) }
      body = body[marker...]
    }
    var answer = LessonPageText.passage(body)
    splitTables(&answer)
    answer = FigureReferences.stripped(answer)
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
    let content: Card.Content
    let topicCode: String
    switch flash.kind {
    case .syntax:
      guard let code else {
        diagnostics.append(.error("a syntax card needs code, and this one has none", at: location))
        return nil
      }
      content = .syntax(SyntaxCard(prompt: Prompt(prompt), code: code, explanation: answer))
      // Its `answer` starts with its code.
      topicCode = code.text
    default:
      content = .trick(TrickCard(question: Prompt(prompt, code: code), answer: answer))
      var firstCode: String?
      for case .code(let block) in answer.blocks {
        firstCode = block.text
        break
      }
      topicCode = firstCode ?? code?.text ?? ""
    }
    let promptValue = Prompt(prompt, code: flash.kind == .syntax ? nil : code)
    let card = Card(
      id: CardID.derived(deck: deck.name, kind: flash.kind, prompt: promptValue), deck: deck.name,
      lesson: deck.lesson, topic: topic, location: location, content: content)
    return (card, topicCode)
  }

  private func buildEdgeCard(
    _ question: EdgeQuestion, question questionLines: ArraySlice<SourceLine>,
    answer answerLines: ArraySlice<SourceLine>, defaultSection: String, deck: Deck,
    source: SourceText, splitTables: (inout Passage) -> Void, into diagnostics: inout [Diagnostic]
  ) -> (card: Card, prompt: Prompt)? {
    let location = source.location(question.line)
    let prompt = Self.prompt(questionLines)
    guard !prompt.text.isEmpty else {
      diagnostics.append(.error("the question has no text", at: location))
      return nil
    }
    guard question.sawShowAnswer else {
      diagnostics.append(.error("the question has no '\(Self.showAnswer)' line", at: location))
      return nil
    }
    var answer = LessonPageText.passage(answerLines)
    splitTables(&answer)
    answer = FigureReferences.stripped(answer)
    guard !answer.isEmpty else {
      diagnostics.append(
        .error("the question has no answer after '\(Self.showAnswer)'", at: location))
      return nil
    }
    guard let cardSource = question.source else {
      diagnostics.append(.error("the question has no '\(Self.sourcePrefix)' line", at: location))
      return nil
    }
    let section = question.section ?? defaultSection
    let card = Card(
      id: CardID.derived(deck: deck.name, kind: .edge, prompt: prompt), deck: deck.name,
      lesson: deck.lesson, topic: Self.headingTopic(section), section: section,
      location: location,
      content: .edge(
        EdgeCaseCard(title: question.title, question: prompt, answer: answer, source: cardSource)))
    // The prompt too, for the page's topics: reading it back from the card copies it.
    return (card, prompt)
  }

  private func buildInterview(
    _ interview: Interview, problem problemLines: ArraySlice<SourceLine>,
    answer answerLines: ArraySlice<SourceLine>, deck: Deck, source: SourceText,
    splitTables: (inout Passage) -> Void, into diagnostics: inout [Diagnostic]
  ) -> Card? {
    let location = source.location(interview.line)
    var problemLines = problemLines
    while problemLines.first?.isBlank == true {
      problemLines.removeFirst()
    }
    let titleEnd =
      problemLines.firstIndex { $0.isBlank } ?? problemLines.endIndex
    // One line, as a deck's `title:` setting holds it.
    let title = LessonPageText.joined(
      problemLines[..<titleEnd].lazy.map(\.trimmedBytes), separator: 0x20)
    let problem = Self.prompt(problemLines[titleEnd...])
    guard !problem.text.isEmpty || problem.code != nil else {
      diagnostics.append(.error("the interview problem has no text", at: location))
      return nil
    }
    guard let listenFor = interview.listenFor else {
      diagnostics.append(
        .error("the interview problem has no '\(Self.listenForPrefix)' line", at: location))
      return nil
    }
    var answer = LessonPageText.passage(answerLines)
    splitTables(&answer)
    answer = FigureReferences.stripped(answer)
    return Card(
      id: CardID.derived(deck: deck.name, kind: .interview, prompt: problem), deck: deck.name,
      lesson: deck.lesson, topic: Self.headingTopic(interview.section ?? ""),
      section: interview.section,
      location: location,
      content: .interview(
        InterviewCard(
          title: title.isEmpty ? nil : title, problem: problem, source: interview.source,
          modelAnswer: answer, listenFor: listenFor)))
  }

  /// Splits the cells of the tables in `passage` that the page glued together.
  private static func splitGluedTables(in passage: inout Passage, words: () -> Set<Substring>) {
    for index in passage.blocks.indices {
      if case .table(let rows) = passage.blocks[index],
        let cells = GluedTable.split(rows, words: words)
      {
        passage.blocks[index] = .table(cells)
      }
    }
  }

  /// `text` as a card's topic, which a native deck heading (`## Kind · Topic · id`) can hold: the
  /// page's ` · ` separators become commas (`Planters and soil · SwiftData models` gives
  /// `Planters and soil, SwiftData models`), there is no white space at either end, and an empty
  /// topic is `General`.
  static func headingTopic(_ text: String) -> String {
    Substring(text).read(
      ascii: headingTopic(of:), simple: headingTopic(of:), other: headingTopic(of:))
  }

  private static func headingTopic(of text: some LineText) -> String {
    // Nearly every topic is one piece.
    guard text.contains(where: { $0.equals("·") }) else {
      let topic = text.trimmed()
      return topic.isEmpty ? "General" : topic.string
    }
    let pieces = text.split { $0.equals("·") }.map { $0.trimmed() }.filter { !$0.isEmpty }
    let topic = pieces.map(\.string).joined(separator: ", ")
    return topic.isEmpty ? "General" : topic
  }

  /// A question's prose, then its code: the prose runs up to the first paragraph of code.
  static func prompt(_ lines: ArraySlice<SourceLine>) -> Prompt {
    var prose = ""
    var hasParagraph = false
    // The paragraph being read is `lines[paragraphStart..<index]`: its lines follow each other.
    var paragraphStart = lines.startIndex
    var index = lines.startIndex
    func addParagraph(_ paragraph: ArraySlice<SourceLine>) {
      let text = LessonPageText.joined(paragraph.lazy.map(\.trimmedBytes), separator: 0x20)
      if hasParagraph {
        prose += "\n\n"
        prose += text
      } else {
        prose = text
        hasParagraph = true
      }
    }
    while index < lines.endIndex {
      let line = lines[index]
      if line.isBlank {
        if paragraphStart < index { addParagraph(lines[paragraphStart..<index]) }
        paragraphStart = index + 1
      } else if paragraphStart == index && LessonPageText.looksLikeCodeRatherThanProse(line) {
        break
      }
      index += 1
    }
    if paragraphStart < index { addParagraph(lines[paragraphStart..<index]) }
    let code = codeText(lines[index...])
    return Prompt(prose, code: code.isEmpty ? nil : CodeBlock(code))
  }

  /// The text of a question's code: its lines but captions, without the blank lines at either
  /// end (`trimmedText` of the lines that are no caption), each line checked once.
  private static func codeText(_ lines: ArraySlice<SourceLine>) -> String {
    var first: Int?
    var last = lines.startIndex
    var lastCaption: Int?
    var captionInside = false
    for index in lines.indices {
      let line = lines[index]
      if LessonPageText.isCaption(line) {
        lastCaption = index
      } else if !line.isBlank {
        if let first, let lastCaption, lastCaption > first { captionInside = true }
        if first == nil { first = index }
        last = index
      }
    }
    guard let first else { return "" }
    // Without a caption between them, the lines from the first to the last are the text.
    if captionInside {
      return LessonPageText.trimmedText(lines.filter { !LessonPageText.isCaption($0) })
    }
    return LessonPageText.joined(lines[first...last].lazy.map(\.bytes), separator: 0x0A)
  }
}
