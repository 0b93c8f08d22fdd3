extension LessonPageParser {
  /// A lesson page read a line at a time: a state machine over its parts, one step for each,
  /// that keeps the lines of each card and what the page announces and names.
  struct PageReading {
    /// The part of the page a line is in.
    enum Part {
      /// Before the tutorial: the page's title, lesson and subjects.
      case header
      case tutorial
      case flashCards
      /// Between edge-case questions: the section headings that group them.
      case edgeCases
      case edgeQuestion
      case edgeAnswer
      case afterEdgeCases
      case interviewProblem
      case interviewAnswer
      case end
    }

    private(set) var part = Part.header
    private(set) var lesson: Int?
    private(set) var coursePart: String?
    /// The header's lines, trimmed: the page's title and subjects among them.
    private(set) var headerLines: [Substring] = []
    /// The headings between edge-case questions, each once.
    private(set) var sectionHeadings: [String] = []
    private(set) var flashCards: [FlashCard] = []
    /// How many flash cards, and edge-case questions, the page says it has, and where.
    private(set) var announcedFlashCards: (count: Int, line: Int)?
    private(set) var announcedEdgeCases: (count: Int, line: Int)?
    private(set) var edgeQuestions: [EdgeQuestion] = []
    /// The headings since the last question: the last names the next question's section.
    private var betweenQuestions: [Substring] = []
    private(set) var interview: Interview?
    private var sawFlashCards = false
    private(set) var cardLines: CardLines

    /// A reading of a page of `lineCount` lines.
    init(lineCount: Int) {
      cardLines = CardLines(capacity: lineCount)
    }

    /// Reads line `number` of the page.
    mutating func read(_ line: SourceLine, number: Int) {
      let trimmed = line.trimmed
      if startsPart(line, trimmed, number: number) { return }
      switch part {
      case .header: readHeader(line, trimmed)
      // The tutorial and the page's end are most lines of a page: they are read no further.
      case .tutorial, .afterEdgeCases, .end: break
      case .flashCards: readFlashCards(line, trimmed, number: number)
      case .edgeCases:
        if !startsQuestion(line, trimmed, number: number) {
          readBetweenQuestions(line, trimmed, number: number)
        }
      case .edgeQuestion:
        if !startsQuestion(line, trimmed, number: number) { readQuestion(line, trimmed) }
      case .edgeAnswer:
        if !startsQuestion(line, trimmed, number: number) { readAnswer(line, trimmed) }
      case .interviewProblem: readInterviewProblem(line, trimmed)
      case .interviewAnswer: readInterviewAnswer(line, trimmed)
      }
    }

    /// Whether the line is the heading of a part, and so starts it: such a heading wins over
    /// whatever part the page is in.
    private mutating func startsPart(_ line: SourceLine, _ trimmed: Range<Int>, number: Int)
      -> Bool
    {
      // Every heading of a part starts with "F", "E", "I" or "W": another ASCII first byte is
      // another first Character, and the line none of them.
      let lead = trimmed.isEmpty ? 0 : line.bytes[trimmed.lowerBound]
      guard
        lead >= 0x80 || lead == UInt8(ascii: "F") || lead == UInt8(ascii: "E")
          || lead == UInt8(ascii: "I") || lead == UInt8(ascii: "W")
      else { return false }
      if line.equals(flashCardsHeading, in: trimmed) && part != .interviewAnswer {
        part = .flashCards
        sawFlashCards = true
      } else if line.equals(edgeCasesHeading, in: trimmed) && part != .interviewAnswer {
        part = .edgeCases
        betweenQuestions = []
      } else if part != .interviewAnswer && sawFlashCards
        && line.hasPrefix("Interview problem", in: trimmed)
      {
        interview = Interview(
          line: number, section: Self.interviewSection(line.text(trimmed)),
          problem: cardLines.next, answer: cardLines.next)
        part = .interviewProblem
      } else if sawFlashCards && (part == .flashCards || part == .edgeCases || part == .edgeAnswer)
        && (line.equals("Further reading", in: trimmed)
          || line.equals("Write the code", in: trimmed))
      {
        part = .afterEdgeCases
      } else {
        return false
      }
      return true
    }

    /// What `Interview problem · Part 7 · Saving` names after its first piece, but the course's
    /// part; nil when nothing.
    private static func interviewSection(_ heading: Substring) -> String? {
      let section = heading.split(separator: "·").dropFirst().map {
        String($0.trimmingWhitespace())
      }
      .filter { !$0.isEmpty && !isCoursePart(Substring($0)) }.joined(separator: " · ")
      return section.isEmpty ? nil : section
    }

    /// A line before the tutorial: the lesson, the course's part, the title and subjects.
    private mutating func readHeader(_ line: SourceLine, _ trimmed: Range<Int>) {
      let text = line.text(trimmed)
      if lesson == nil, let found = lessonNumber(in: text) { lesson = found }
      if coursePart == nil { coursePart = coursePartName(in: text) }
      if line.hasPrefix("Step ", in: trimmed) || line.hasPrefix("You will build", in: trimmed) {
        part = .tutorial
      } else if !text.isEmpty {
        headerLines.append(text)
      }
    }

    /// A line of the flash cards: a card's label, a line of its body, or the count of cards.
    private mutating func readFlashCards(_ line: SourceLine, _ trimmed: Range<Int>, number: Int) {
      if let kind = flashCardKind(line, trimmed) {
        flashCards.append(
          FlashCard(line: number, kind: kind.kind, label: kind.rest, body: cardLines.next))
      } else if !flashCards.isEmpty {
        cardLines.append(line, to: &flashCards[flashCards.count - 1].body)
      } else if announcedFlashCards == nil, let count = leadingNumber(line, trimmed) {
        announcedFlashCards = (count, number)
      }
    }

    /// Whether the line is an edge-case question's title, and so starts the question.
    private mutating func startsQuestion(_ line: SourceLine, _ trimmed: Range<Int>, number: Int)
      -> Bool
    {
      guard let title = questionTitle(line, trimmed) else { return false }
      let section = part == .edgeCases ? betweenQuestions.last.map(String.init) : nil
      edgeQuestions.append(
        EdgeQuestion(
          line: number, title: title, section: section ?? edgeQuestions.last?.section,
          question: cardLines.next, answer: cardLines.next))
      betweenQuestions = []
      part = .edgeQuestion
      return true
    }

    /// A line between questions: the count of questions, or a heading of the next ones.
    private mutating func readBetweenQuestions(
      _ line: SourceLine, _ trimmed: Range<Int>, number: Int
    ) {
      if announcedEdgeCases == nil && edgeQuestions.isEmpty,
        let count = leadingNumber(line, trimmed)
      {
        announcedEdgeCases = (count, number)
      } else if !trimmed.isEmpty {
        let heading = line.text(trimmed)
        betweenQuestions.append(heading)
        if !sectionHeadings.contains(String(heading)) { sectionHeadings.append(String(heading)) }
      }
    }

    /// A line of a question, up to its `Show the answer`.
    private mutating func readQuestion(_ line: SourceLine, _ trimmed: Range<Int>) {
      if line.equals(showAnswer, in: trimmed) {
        edgeQuestions[edgeQuestions.count - 1].sawShowAnswer = true
        part = .edgeAnswer
      } else {
        cardLines.append(line, to: &edgeQuestions[edgeQuestions.count - 1].question)
      }
    }

    /// A line of a question's answer, up to where it comes from.
    private mutating func readAnswer(_ line: SourceLine, _ trimmed: Range<Int>) {
      if line.hasPrefix(sourcePrefix, in: trimmed) {
        edgeQuestions[edgeQuestions.count - 1].source = rest(
          of: line, trimmed, after: sourcePrefix)
        part = .edgeCases
      } else {
        cardLines.append(line, to: &edgeQuestions[edgeQuestions.count - 1].answer)
      }
    }

    /// A line of the interview problem, up to its `Show the answer`.
    private mutating func readInterviewProblem(_ line: SourceLine, _ trimmed: Range<Int>) {
      if line.hasPrefix(sourcePrefix, in: trimmed) {
        interview?.source = rest(of: line, trimmed, after: sourcePrefix)
      } else if line.equals(showAnswer, in: trimmed) {
        part = .interviewAnswer
      } else if interview != nil {
        cardLines.append(line, to: &interview!.problem)
      }
    }

    /// A line of the interview problem's model answer, up to what interviewers listen for.
    private mutating func readInterviewAnswer(_ line: SourceLine, _ trimmed: Range<Int>) {
      if line.hasPrefix(listenForPrefix, in: trimmed) {
        interview?.listenFor = rest(of: line, trimmed, after: listenForPrefix)
        part = .end
      } else if interview != nil {
        cardLines.append(line, to: &interview!.answer)
      }
    }
  }
}
