/// Telling a lesson page's lines apart: captions, prose, code, log captions and table rows.
///
/// Each rule is written once, over a line's Characters (see ``LineText``); its entry point reads
/// a ``SourceLine`` in the cheapest units that are its Characters, given the line's form when
/// the caller knows it.
extension LessonPageText {
  /// A line announcing that the code just above it was run; it ends that code.
  static let codeRunMarker: StaticString = "Screenshot of this code running"

  /// Whether a line is a screenshot caption, which belongs to no answer.
  static func isCaption(_ line: SourceLine, _ form: LineForm? = nil) -> Bool {
    line.read(as: form, ascii: isCaption, simple: isCaption, other: isCaption)
  }

  static func isCaption(_ line: some LineText) -> Bool {
    line.equals(codeRunMarker) || line.holds("Screenshot · ") || line.ends(with: " — screenshot")
  }

  /// Whether a line reads as an English sentence rather than code: it starts with neither
  /// white space nor `//`, and has four plain words and ends a sentence, or has eight.
  static func looksLikeProse(_ line: SourceLine, _ form: LineForm? = nil) -> Bool {
    line.read(as: form, ascii: looksLikeProse, simple: looksLikeProse, other: looksLikeProse)
  }

  static func looksLikeProse(_ line: some LineText) -> Bool {
    guard let first = line.first, !first.isSpaceOrTab, !line.begins(with: "//") else {
      return false
    }
    let end = line.last {
      !($0.equals("\"") || $0.equals("”") || $0.equals("’") || $0.equals("'") || $0.equals(")"))
    }
    let endsSentence =
      end.map { $0.equals(".") || $0.equals("?") || $0.equals("!") || $0.equals(":") } ?? false
    // The count goes no further than the words that decide.
    let needed = endsSentence ? 4 : 8
    return plainWordCount(line, upTo: needed) >= needed
  }

  /// Whether a line reads as Swift code.
  static func looksLikeCode(_ line: SourceLine, _ form: LineForm? = nil) -> Bool {
    line.read(as: form, ascii: looksLikeCode, simple: looksLikeCode, other: looksLikeCode)
  }

  static func looksLikeCode(_ line: some LineText) -> Bool {
    guard let first = line.first else { return false }
    if first.isSpaceOrTab || first.equals("@") || first.equals(".") || first.equals("}")
      || first.equals("{") || first.equals(")") || first.equals("]") || first.equals("/")
      || first.equals("#") || first.equals("$") || first.equals("…") || first.equals("\"")
    {
      return true
    }
    let wordEnd =
      line.firstIndex { !($0.isLetter || $0.isNumber || $0.equals("_")) } ?? line.endIndex
    if wordEnd != line.startIndex
      && line.withBytes(of: line.startIndex..<wordEnd, SwiftKeyword.startsCodeLine)
    {
      return true
    }
    var next = wordEnd
    while next != line.endIndex && line[next].equals(" ") { line.formIndex(after: &next) }
    if wordEnd != line.startIndex, next != line.endIndex {
      let character = line[next]
      if character.equals("(") || character.equals("{") { return true }
      let after = line.index(after: next)
      if character.equals("."), after != line.endIndex, line[after].isLetter { return true }
    }
    if let last = line.last,
      last.equals("{") || last.equals("}") || last.equals("(") || last.equals(")")
        || last.equals("[") || last.equals("]") || last.equals(",") || last.equals(";")
    {
      return true
    }
    return holdsAssignmentOrArrow(line)
  }

  /// Whether a line holds " = " or "->", found in one pass.
  private static func holdsAssignmentOrArrow<Line: LineText>(_ line: Line) -> Bool {
    var beforePrevious: Line.Element?
    var previous: Line.Element?
    for character in line {
      if let previous, let beforePrevious, previous.equals("="), character.equals(" "),
        beforePrevious.equals(" ")
      {
        return true
      }
      if let previous, character.equals(">"), previous.equals("-") { return true }
      beforePrevious = previous
      previous = character
    }
    return false
  }

  /// Whether a line reads as code and not as prose: `looksLikeCode(line) && !looksLikeProse(line)`.
  static func looksLikeCodeRatherThanProse(_ line: SourceLine) -> Bool {
    line.read(
      as: nil, ascii: codeRatherThanProse, simple: codeRatherThanProse,
      other: codeRatherThanProse)
  }

  private static func codeRatherThanProse(_ line: some LineText) -> Bool {
    // Prose is told first: it stops after a few words, where code may read the whole line.
    !looksLikeProse(line) && looksLikeCode(line)
  }

  /// How many plain words (lower-case letters and apostrophes) the line has outside straight
  /// double quotes; the count stops at `limit`.
  static func plainWordCount(_ line: some LineText, upTo limit: Int) -> Int {
    var words = 0
    var inWord = false
    var wordIsPlain = false
    var inString = false
    var index = line.startIndex
    while index != line.endIndex {
      let character = line[index]
      line.formIndex(after: &index)
      if inString {
        if character.equals("\"") { inString = false }
        continue
      }
      if character.isASCIILowercase || character.isLetter || character.equals("'")
        || character.equals("’")
      {
        if !inWord {
          inWord = true
          wordIsPlain = !character.isUppercase
        } else if wordIsPlain && character.isUppercase {
          wordIsPlain = false
        }
        // The rest of the word's lower-case ASCII letters change nothing.
        while index != line.endIndex && line[index].isASCIILowercase {
          line.formIndex(after: &index)
        }
      } else if character.isNumber || character.equals("_") || character.equals("\\")
        || character.equals("$")
      {
        inWord = true
        wordIsPlain = false
      } else {
        if inWord && wordIsPlain {
          words += 1
          if words == limit { return words }
        }
        inWord = false
        // A string literal's text is no word: it is skipped to its closing quote, or the end.
        inString = character.equals("\"")
      }
    }
    return inWord && wordIsPlain ? words + 1 : words
  }

  /// The label put before a log's message, in place of the caption that introduced it.
  static let logLabel = "What the app logged:"

  /// Whether a line is a caption introducing log output (`SwiftUI wrote this to the log while the
  /// app ran`): a short line, not a sentence, that names the log or the console.
  static func isLogCaption(_ line: SourceLine, _ form: LineForm? = nil) -> Bool {
    line.read(as: form, ascii: isLogCaption, simple: isLogCaption, other: isLogCaption)
  }

  static func isLogCaption(_ line: some LineText) -> Bool {
    let text = line.trimmed()
    guard let last = text.last,
      !(last.equals(".") || last.equals(":") || last.equals("?") || last.equals("!")
        || last.equals(";") || last.equals(","))
    else { return false }
    guard text.count <= 80 else { return false }
    var namesWriting = false
    var namesLog = false
    var start = text.startIndex
    while start != text.endIndex {
      guard text[start].isLetter else {
        text.formIndex(after: &start)
        continue
      }
      let end = text[start...].firstIndex { !$0.isLetter } ?? text.endIndex
      let word = text[start..<end]
      if word.equalsIgnoringCase("wrote") || word.equalsIgnoringCase("logged")
        || word.equalsIgnoringCase("printed")
      {
        namesWriting = true
      } else if word.equalsIgnoringCase("log") || word.equalsIgnoringCase("console") {
        namesLog = true
      }
      start = end
    }
    return namesWriting && namesLog
  }

  /// Whether a paragraph goes on with a log message: `Note: …`, `Warning: …`, `Error: …`.
  static func startsLogLine(_ line: SourceLine) -> Bool {
    line.read(as: nil, ascii: startsLogLine, simple: startsLogLine, other: startsLogLine)
  }

  private static func startsLogLine(_ line: some LineText) -> Bool {
    let text = line.trimmed()
    let wordEnd = text.firstIndex { !$0.isLetter } ?? text.endIndex
    guard wordEnd != text.endIndex, text[wordEnd].equals(":") else { return false }
    let word = text[..<wordEnd]
    return word.equals("Note") || word.equals("Warning") || word.equals("Error")
      || word.equals("Fault")
  }

  /// Whether `line` can be a row of a table in a native deck: a cell holds no `|`, and a row of
  /// only dashes and colons would read as the separator under the header.
  static func isTableRow(_ line: SourceLine, _ form: LineForm? = nil) -> Bool {
    line.read(as: form, ascii: isTableRow, simple: isTableRow, other: isTableRow)
  }

  static func isTableRow(_ line: some LineText) -> Bool {
    var hasDash = false
    var onlyDashes = true
    for character in line {
      if character.equals("|") { return false }
      if character.equals("-") {
        hasDash = true
      } else if !(character.equals(":") || character.isSpaceOrTab) {
        onlyDashes = false
      }
    }
    return !(hasDash && onlyDashes)
  }
}
