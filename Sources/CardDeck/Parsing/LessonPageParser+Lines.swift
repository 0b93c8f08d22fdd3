/// Recognising a lesson page's lines: card headings, question titles, lesson numbers and
/// course parts.
///
/// Each rule is written once, over a line's Characters (see ``LineText``), and its entry point
/// reads the line in the cheapest units that are its Characters.
extension LessonPageParser {
  /// The kind of flash card the trimmed `range` of a line starts, and the rest of its label:
  /// `Syntax · …` or `Trick question · …`.
  static func flashCardKind(_ line: SourceLine, _ range: Range<Int>) -> (
    kind: CardKind, rest: Substring
  )? {
    // Most lines start with neither: an ASCII first byte other than "S" and "T" starts another
    // Character, and a line without the bytes of "·" (see ``questionTitle(_:_:)``) has none.
    guard
      line.mayStart(range, with: UInt8(ascii: "S"))
        || line.mayStart(range, with: UInt8(ascii: "T")),
      line.holds(0xB7, in: range) || line.holds(0x87, in: range)
    else { return nil }
    return line.read(range, ascii: flashCardKind, simple: flashCardKind, other: flashCardKind)
  }

  static func flashCardKind(_ line: some LineText) -> (kind: CardKind, rest: Substring)? {
    if let end = line.end(ofPrefix: "Syntax · ") {
      return (.syntax, Substring(line[end...].string))
    }
    if let end = line.end(ofPrefix: "Trick question · ") {
      return (.trick, Substring(line[end...].string))
    }
    return nil
  }

  /// The title of the trimmed `range` of a line like `Lesson 23 · question 4 of 10 · a sheet on
  /// a phone held sideways`: what follows the question's number, else the number.
  static func questionTitle(_ line: SourceLine, _ range: Range<Int>) -> String? {
    // A Character equal to "·" is U+00B7 (C2 B7) or U+0387 (CE 87): nearly every line has
    // neither byte, so no separator, and is read no further.
    guard line.holds(0xB7, in: range) || line.holds(0x87, in: range) else { return nil }
    return line.read(range, ascii: questionTitle, simple: questionTitle, other: questionTitle)
  }

  static func questionTitle(_ line: some LineText) -> String? {
    // Most lines have no separator: one part, and no title.
    guard var separator = line.find(" · ") else { return nil }
    // The parts between the separators, from the left, up to the question's number.
    var part = line.startIndex..<separator.lowerBound
    while !isQuestionNumber(line[part]) {
      let start = separator.upperBound
      guard let next = line.find(" · ", in: start..<line.endIndex) else {
        // The last part: when it is the number, no title follows it, and the number is one.
        let last = line[start...]
        return isQuestionNumber(last) ? last.string : nil
      }
      part = start..<next.lowerBound
      separator = next
    }
    // The parts after it, joined again by ` · ` as splitting and joining the Characters would
    // (a Greek ano teleia between them, equal to the middle dot, becomes one).
    let rest = line[separator.upperBound...]
    let title: String
    if rest.holds(" · ") {
      title = String(
        Substring(rest.pieces(separatedBy: " · ").map(\.string).joined(separator: " · "))
          .trimmingWhitespace())
    } else {
      title = rest.trimmed().string
    }
    return title.isEmpty ? line[part].string : title
  }

  /// Whether `part` is `question N of M`, its words split at spaces.
  static func isQuestionNumber(_ part: some LineText) -> Bool {
    var words = part.words()
    guard let first = words.next(), first.equals("question"), let number = words.next(),
      number.integerValue != nil, let of = words.next(), of.equals("of"),
      let total = words.next(), total.integerValue != nil
    else { return false }
    return words.next() == nil
  }

  /// What follows `prefix` in the trimmed `range` of a line, which starts with it, trimmed.
  static func rest(of line: SourceLine, _ range: Range<Int>, after prefix: StaticString)
    -> String
  {
    line.read(
      range, ascii: { rest(of: $0, after: prefix) }, simple: { rest(of: $0, after: prefix) },
      other: { rest(of: $0, after: prefix) })
  }

  private static func rest(of line: some LineText, after prefix: StaticString) -> String {
    line.dropFirst(NeedleScalars(prefix).count).trimmed().string
  }

  /// N in `Lesson N` or `… Lesson N of M · …`.
  static func lessonNumber(in line: Substring) -> Int? {
    line.read(
      ascii: lessonNumber(inLine:), simple: lessonNumber(inLine:),
      other: lessonNumber(inLine:))
  }

  private static func lessonNumber(inLine line: some LineText) -> Int? {
    guard let found = line.find("Lesson ") else { return nil }
    let rest = line[found.upperBound...]
    let digitsEnd = rest.firstIndex { !$0.isDigit } ?? rest.endIndex
    let after = rest[digitsEnd...]
    // Lessons count from 1, as a deck's `lesson:` setting does.
    guard let number = rest[..<digitsEnd].integerValue, number > 0,
      after.isEmpty || after.begins(with: " of ")
    else { return nil }
    return number
  }

  /// `Lists and navigation` in `… Lesson 24 of 57 · Part 7: Lists and navigation`.
  static func coursePartName(in line: Substring) -> String? {
    line.read(
      ascii: coursePartName(inLine:), simple: coursePartName(inLine:),
      other: coursePartName(inLine:))
  }

  private static func coursePartName(inLine line: some LineText) -> String? {
    for part in line.pieces(separatedBy: " · ") {
      guard let colon = part.firstIndex(where: { $0.equals(":") }),
        isCoursePart(part[..<colon])
      else { continue }
      let name = part[part.index(after: colon)...].trimmed()
      return name.isEmpty ? nil : name.string
    }
    return nil
  }

  /// Whether `text` is `Part N`, a part of the course rather than a topic.
  static func isCoursePart(_ text: some LineText) -> Bool {
    var words = text.words()
    guard let first = words.next(), first.equals("Part"), let number = words.next(),
      number.integerValue != nil
    else { return false }
    return words.next() == nil
  }

  /// The number the trimmed `range` of a line starts with: `18 cards for this lesson`.
  static func leadingNumber(_ line: SourceLine, _ range: Range<Int>) -> Int? {
    line.read(range, ascii: leadingNumber, simple: leadingNumber, other: leadingNumber)
  }

  private static func leadingNumber(_ line: some LineText) -> Int? {
    line.prefix { $0.isDigit }.integerValue
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
}
