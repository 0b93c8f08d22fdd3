/// Reads the cards of a course lesson page: its flash cards, its edge-case questions and its
/// interview problem.
///
/// A line-by-line state machine over the page's parts (``PageReading``), then the cards built
/// from the lines each part kept (``DeckAssembly``). Everything before "Flash cards" (the
/// tutorial) is skipped. Problems are collected, never thrown, so one pass reports them all.
public struct LessonPageParser: Sendable {
  /// The deck name to use when the page does not say which lesson it is.
  public var fallbackName: String

  /// Creates a parser; `fallbackName` names the deck when the page has no lesson number.
  public init(fallbackName: String) {
    self.fallbackName = fallbackName
  }

  /// The deck on the page, and every problem found in it.
  public func parse(_ source: SourceText) -> (deck: Deck, diagnostics: [Diagnostic]) {
    // Each line is read from the file's bytes by its offsets; only a heading's or a setting's
    // text is copied out.
    source.utf8.withUnsafeBufferPointer { file in
      var page = PageReading(lineCount: source.lineRanges.count)
      for (offset, range) in source.lineRanges.enumerated() {
        page.read(SourceLine(range, in: file), number: offset + 1)
      }
      var assembly = DeckAssembly(page: page, source: source, fallbackName: fallbackName)
      return assembly.assemble()
    }
  }

  /// A flash card whose topic is not yet cut from its prompt.
  ///
  /// Its lines, and those of the questions and the interview problem, are ranges of one array
  /// of the page's card lines (see ``CardLines``), not an array each.
  struct FlashCard {
    var line: Int
    var kind: CardKind
    var label: Substring
    var body: Range<Int>
  }

  /// An edge-case question, as its lines were read.
  struct EdgeQuestion {
    var line: Int
    var title: String
    var section: String?
    var sawShowAnswer = false
    var question: Range<Int>
    var answer: Range<Int>
    var source: String?
  }

  /// The page's interview problem, as its lines were read.
  struct Interview {
    var line: Int
    /// What the problem's heading names after `Interview problem ·`, unless a course part.
    var section: String?
    var problem: Range<Int>
    var answer: Range<Int>
    var source: String?
    var listenFor: String?
  }

  /// The lines of the page's cards, in one array: each card's parts are ranges of it.
  struct CardLines {
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

  static let flashCardsHeading: StaticString = "Flash cards"
  static let edgeCasesHeading: StaticString = "Edge cases and tricky questions"
  static let sourcePrefix: StaticString = "Where this comes from:"
  static let listenForPrefix: StaticString = "What interviewers listen for:"
  static let showAnswer: StaticString = "Show the answer"
}
