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
  private static let codeRunMarker: StaticString = "Screenshot of this code running"

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
        .filter { !$0.isEmpty && !Self.isCoursePart($0) }.joined(separator: " · ")
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
        if trimmed.hasASCIIPrefix("Step ") || trimmed.hasASCIIPrefix("You will build") {
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
        } else if announcedFlashCards == nil,
          let count = Self.leadingNumber(bytes.text(trimmedRange))
        {
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
          let count = Self.leadingNumber(bytes.text(trimmedRange))
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

    let topics = TopicResolver(vocabulary: vocabulary, labels: flashCards.map(\.label))
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
    if let marker = body.firstIndex(where: { $0.equals(Self.codeRunMarker, in: $0.trimmed) }) {
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
    // Without the bytes of "·" (C2 B7) and of the Greek ano teleia that equals it (CE 87), the
    // text is one piece: nearly every topic ends here.
    var bytes = text
    if bytes.withUTF8({
      $0.isEmpty
        || (memchr($0.baseAddress!, 0xB7, $0.count) == nil
          && memchr($0.baseAddress!, 0x87, $0.count) == nil)
    }) {
      let topic = Substring(text).trimmingWhitespace()
      return topic.isEmpty ? "General" : topic.utf8.count == text.utf8.count ? text : String(topic)
    }
    // On simple text (see `isSimpleText`) "·" is its two bytes, so the pieces are found by bytes;
    // empty ones go as `split` leaves them out.
    let pieces = Substring(text).simpleComponents(separatedBy: "·") ?? text.split(separator: "·")
    let topic = pieces.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      .joined(separator: ", ")
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

  // MARK: - Recognising lines

  /// ``flashCardKind(_:)`` of the trimmed `range` of a line read by its offsets: only a line
  /// whose Characters start with `Syntax ` or `Trick question ` is taken as text.
  static func flashCardKind(_ line: SourceLine, _ range: Range<Int>) -> (
    kind: CardKind, rest: Substring
  )? {
    guard line.hasPrefix("Syntax ", in: range) || line.hasPrefix("Trick question ", in: range)
    else { return nil }
    // The prefix's own bytes, and after them no byte of a mark that would join its last space:
    // the same Characters, and the rest is the bytes after them.
    for (prefix, kind) in flashCardPrefixes {
      let end = range.lowerBound + prefix.count
      guard end <= range.upperBound, line.bytes[range.lowerBound..<end].elementsEqual(prefix),
        end == range.upperBound || line.bytes[end] < 0xCC
      else { continue }
      return (kind, Substring(line.string(end..<range.upperBound)))
    }
    return flashCardKind(line.text(range))
  }

  /// The bytes of the prefixes of a flash card's label line, and the kinds they start.
  private static let flashCardPrefixes = [
    (Array("Syntax · ".utf8), CardKind.syntax), (Array("Trick question · ".utf8), .trick),
  ]

  static func flashCardKind(_ line: Substring) -> (kind: CardKind, rest: Substring)? {
    // Most lines start with neither: an ASCII first byte other than 'S' and 'T' says so.
    if let first = line.utf8.first, first < 0x80, first != 0x0D, first != UInt8(ascii: "S"),
      first != UInt8(ascii: "T")
    {
      return nil
    }
    for (prefix, kind) in [("Syntax · ", CardKind.syntax), ("Trick question · ", .trick)]
    where line.simpleHasPrefix(prefix) ?? line.hasPrefix(prefix) {
      return (kind, line.dropFirst(prefix.count))
    }
    return nil
  }

  /// ``questionTitle(_:)`` of the trimmed `range` of a line read by its offsets.
  static func questionTitle(_ line: SourceLine, _ range: Range<Int>) -> String? {
    let bytes = UnsafeBufferPointer(rebasing: line.bytes[range])
    // See ``questionTitle(_:)``: without the bytes 0xB7 and 0x87 there is no "·".
    if bytes.isEmpty
      || (memchr(bytes.baseAddress!, 0xB7, bytes.count) == nil
        && memchr(bytes.baseAddress!, 0x87, bytes.count) == nil)
    {
      return nil
    }
    if let decided = simpleQuestionTitle(bytes) { return decided }
    return questionTitle(line.text(range))
  }

  /// What follows `prefix` in the trimmed `range` of a line, which starts with it, trimmed.
  static func rest(of line: SourceLine, _ range: Range<Int>, after prefix: StaticString)
    -> String
  {
    // The prefix's bytes, and no mark after them that would join its last Character: the rest
    // is the bytes after them, trimmed as the text would be.
    let count = prefix.utf8CodeUnitCount
    let end = range.lowerBound + count
    if end <= range.upperBound
      && line.bytes[range.lowerBound..<end].elementsEqual(
        UnsafeBufferPointer(start: prefix.utf8Start, count: count))
      && (end == range.upperBound || line.bytes[end] < 0xCC)
    {
      return line.string(line.trimmed(end..<range.upperBound))
    }
    let prefixCount = String(describing: prefix).count
    return String(line.text(range).dropFirst(prefixCount).trimmingWhitespace())
  }

  /// The title of a line like `Lesson 23 · question 4 of 10 · a sheet on a phone held sideways`.
  static func questionTitle(_ line: Substring) -> String? {
    // Without the bytes 0xB7 and 0x87 there is neither "·" (U+00B7, C2 B7) nor the Greek ano
    // teleia that equals it (U+0387, CE 87) to split at, so no second part: nearly every line of
    // a page ends here, before its text is looked at.
    if line.withBytes({
      $0.isEmpty
        || (memchr($0.baseAddress!, 0xB7, $0.count) == nil
          && memchr($0.baseAddress!, 0x87, $0.count) == nil)
    }) {
      return nil
    }
    if let decided = line.withBytes(simpleQuestionTitle) { return decided }
    let parts =
      line.simpleComponents(separatedBy: " · ")?.map(String.init)
      ?? line.components(separatedBy: " · ")
    guard parts.count >= 2, let index = parts.firstIndex(where: isQuestionNumber) else {
      return nil
    }
    let rest = parts[(index + 1)...].joined(separator: " · ").trimmingWhitespace()
    return rest.isEmpty ? parts[index] : String(rest)
  }

  /// ``questionTitle(_:)`` of a simple line (see `isSimpleText`), whose bytes are its
  /// Characters: `.some(nil)` when it has none; nil for another line.
  private static func simpleQuestionTitle(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
    guard Substring.isSimple(bytes), let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    // The parts between the separators " · " (20 C2 B7 20), found from the left, up to the
    // first that is `question N of M`.
    var partStart = 0
    var index = 0
    var number: Range<Int>?
    var partIndex = 0
    while number == nil {
      var partEnd = count
      while index + 4 <= count {
        if base[index] == 0x20 && base[index + 1] == 0xC2 && base[index + 2] == 0xB7
          && base[index + 3] == 0x20
        {
          partEnd = index
          break
        }
        index += 1
      }
      if isQuestionNumber(bytes, partStart..<partEnd) { number = partStart..<partEnd }
      guard partEnd < count else { break }
      index = partEnd + 4
      partStart = index
      partIndex += 1
    }
    // The line needs two parts: the number's part is not the first, or a separator follows it.
    guard let number, partIndex > 0 || number.upperBound < count else { return .some(nil) }
    var start = number.upperBound < count ? number.upperBound + 4 : count
    var end = count
    while start < end && (base[start] == 0x20 || base[start] == 0x09) { start += 1 }
    while end > start && (base[end - 1] == 0x20 || base[end - 1] == 0x09) { end -= 1 }
    let title = start < end ? start..<end : number
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[title]), as: UTF8.self)
  }

  /// ``isQuestionNumber(_:)`` of the bytes of a simple part: `question N of M`, the words
  /// split at spaces.
  private static func isQuestionNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Range<Int>)
    -> Bool
  {
    var index = part.lowerBound
    while index < part.upperBound && bytes[index] == 0x20 { index += 1 }
    guard index < part.upperBound, bytes[index] == UInt8(ascii: "q") else { return false }
    // The four words, found without an array.
    var words = (0..<0, 0..<0, 0..<0, 0..<0)
    var found = 0
    while index < part.upperBound {
      while index < part.upperBound && bytes[index] == 0x20 { index += 1 }
      guard index < part.upperBound else { break }
      let start = index
      while index < part.upperBound && bytes[index] != 0x20 { index += 1 }
      switch found {
      case 0: words.0 = start..<index
      case 1: words.1 = start..<index
      case 2: words.2 = start..<index
      case 3: words.3 = start..<index
      default: return false
      }
      found += 1
    }
    func text(_ word: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[word]), as: UTF8.self)
    }
    return found == 4 && bytes[words.0].elementsEqual("question".utf8)
      && bytes[words.2].elementsEqual("of".utf8) && Int(text(words.1)) != nil
      && Int(text(words.3)) != nil
  }

  private static func isQuestionNumber(_ part: String) -> Bool {
    // The first word's first Character is "q": after the spaces, an ASCII byte other than "q"
    // starts another one.
    if let first = part.utf8.first(where: { $0 != 0x20 }), first < 0x80, first != UInt8(ascii: "q")
    {
      return false
    }
    let words = part.split(separator: " ")
    return words.count == 4 && words[0] == "question" && words[2] == "of"
      && Int(words[1]) != nil && Int(words[3]) != nil
  }

  /// N in `Lesson N` or `… Lesson N of M · …`.
  static func lessonNumber(in line: Substring) -> Int? {
    if let offset = line.firstASCIIMatch("Lesson ") {
      guard offset >= 0 else { return nil }
      if let decided = line.withBytes({ lessonNumber(bytes: $0, after: offset + 7) }) {
        return decided
      }
    }
    guard let range = line.firstRange(of: "Lesson ") else { return nil }
    let digits = line[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    let after = line[range.upperBound...].dropFirst(digits.count)
    // Lessons count from 1, as a deck's `lesson:` setting does.
    guard let number = Int(digits), number > 0, after.isEmpty || after.hasPrefix(" of ") else {
      return nil
    }
    return number
  }

  /// ``lessonNumber(in:)`` read from the bytes after `Lesson ` at `start`: `.some(nil)` when
  /// there is none, nil when a mark after a digit or after ` of ` leaves it to the Characters.
  private static func lessonNumber(bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Int?? {
    var end = start
    while end < bytes.count && bytes[end] &- 0x30 < 10 { end += 1 }
    // A mark after the last digit would be part of its Character.
    if end < bytes.count && bytes[end] >= 0xCC { return nil }
    let rest = bytes[end...]
    let of = Array(" of ".utf8)
    let followsOf = rest.count >= of.count && rest.prefix(of.count).elementsEqual(of)
    if followsOf && rest.count > of.count && bytes[end + of.count] >= 0xCC { return nil }
    guard rest.isEmpty || followsOf,
      let number = Int(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)),
      number > 0
    else { return .some(nil) }
    return number
  }

  /// `Lists and navigation` in `… Lesson 24 of 57 · Part 7: Lists and navigation`.
  private static func coursePartName(in line: Substring) -> String? {
    // The first header line starts with `← All lessons`: its arrow is a Character of its own.
    let parts =
      line.simpleComponents(separatedBy: " · ", allowingArrows: true)
      ?? line.components(separatedBy: " · ").map { Substring($0) }
    for part in parts {
      guard let colon = part.firstIndex(of: ":"), isCoursePart(String(part[..<colon])) else {
        continue
      }
      let name = part[part.index(after: colon)...].trimmingWhitespace()
      return name.isEmpty ? nil : String(name)
    }
    return nil
  }

  /// Whether `text` is `Part N`, a part of the course rather than a topic.
  private static func isCoursePart(_ text: String) -> Bool {
    let words = text.split(separator: " ")
    return words.count == 2 && words[0] == "Part" && Int(words[1]) != nil
  }

  private static func leadingNumber(_ line: Substring) -> Int? {
    Int(line.prefix { $0.isASCII && $0.isNumber })
  }
}
