import Foundation

@testable import CardDeck

/// The lesson-page rules read a Character at a time, as they were first written: the models
/// that the parser's one implementation of each, which reads most lines by their bytes, is held
/// to on generated lines.
enum LessonPageModel {
  static func isCaption(_ line: Substring) -> Bool {
    line == LessonPageText.codeRunMarker.description || line.firstRange(of: "Screenshot · ") != nil
      || line.hasSuffix(" — screenshot")
  }

  static func looksLikeProse(_ line: Substring) -> Bool {
    guard let first = line.first, first != " ", first != "\t", !line.hasPrefix("//") else {
      return false
    }
    let words = plainWordCount(line)
    guard words >= 4 else { return false }
    let end = line.last { !"\"”’')".contains($0) }
    return words >= 8 || end.map { ".?!:".contains($0) } == true
  }

  /// The lower-case words of a line outside straight double quotes.
  static func plainWordCount(_ line: Substring) -> Int {
    var words = 0
    var inString = false
    var wordIsPlain = false
    var length = 0
    for character in line + " " {
      if character == "\"" {
        if length > 0 && wordIsPlain { words += 1 }
        length = 0
        inString.toggle()
      } else if inString {
        continue
      } else if character.isLetter || character == "'" || character == "’" {
        if length == 0 { wordIsPlain = true }
        if character.isUppercase { wordIsPlain = false }
        length += 1
      } else if character.isNumber || "_\\$".contains(character) {
        wordIsPlain = false
        length += 1
      } else {
        if length > 0 && wordIsPlain { words += 1 }
        length = 0
      }
    }
    return words
  }

  static func looksLikeCode(_ line: Substring) -> Bool {
    guard let first = line.first else { return false }
    if first == " " || first == "\t" || "@.}{)]/#$…\"".contains(first) { return true }
    let word = line.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    if SwiftKeyword.words(.startsCodeLine).contains(word) { return true }
    let afterWord = line.dropFirst(word.count).drop { $0 == " " }
    if !word.isEmpty, let next = afterWord.first {
      if next == "(" || next == "{" { return true }
      if next == ".", afterWord.dropFirst().first?.isLetter == true { return true }
    }
    if let last = line.last, "{}()[],;".contains(last) { return true }
    return line.firstRange(of: " = ") != nil || line.firstRange(of: "->") != nil
  }

  static func isLogCaption(_ line: Substring) -> Bool {
    let text = line.trimmingWhitespaceByCharacter()
    guard text.count <= 80, let last = text.last, !".:?!;,".contains(last) else { return false }
    let words = text.lowercased().split { !$0.isLetter }
    return words.contains("wrote") || words.contains("logged") || words.contains("printed")
      ? (words.contains("log") || words.contains("console")) : false
  }

  static func startsLogLine(_ line: Substring) -> Bool {
    let trimmed = line.trimmingWhitespaceByCharacter()
    let word = trimmed.prefix { $0.isLetter }
    return ["Note", "Warning", "Error", "Fault"].contains(word)
      && trimmed.dropFirst(word.count).first == ":"
  }

  static func isTableRow(_ line: Substring) -> Bool {
    !line.contains { $0 == "|" }
      && !(line.contains { $0 == "-" } && line.allSatisfy { "-: \t".contains($0) })
  }

  static func flashCardKind(_ line: Substring) -> (kind: CardKind, rest: Substring)? {
    for (prefix, kind) in [("Syntax · ", CardKind.syntax), ("Trick question · ", .trick)]
    where line.hasPrefix(prefix) {
      return (kind, line.dropFirst(prefix.count))
    }
    return nil
  }

  /// A question's title, with Foundation's `components(separatedBy:)`.
  static func questionTitle(_ line: Substring) -> String? {
    let parts = line.components(separatedBy: " · ")
    func isQuestionNumber(_ part: String) -> Bool {
      let words = part.split(separator: " ")
      return words.count == 4 && words[0] == "question" && words[2] == "of"
        && Int(words[1]) != nil && Int(words[3]) != nil
    }
    guard parts.count >= 2, let index = parts.firstIndex(where: isQuestionNumber) else {
      return nil
    }
    let rest = parts[(index + 1)...].joined(separator: " · ").trimmingWhitespaceByCharacter()
    return rest.isEmpty ? parts[index] : String(rest)
  }

  static func lessonNumber(_ line: Substring) -> Int? {
    guard let range = line.firstRange(of: "Lesson ") else { return nil }
    let digits = line[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    let after = line[range.upperBound...].dropFirst(digits.count)
    guard let number = Int(digits), number > 0, after.isEmpty || after.hasPrefix(" of ") else {
      return nil
    }
    return number
  }

  static func coursePartName(_ line: Substring) -> String? {
    for part in line.components(separatedBy: " · ") {
      guard let colon = part.firstIndex(of: ":") else { continue }
      let words = part[..<colon].split(separator: " ")
      guard words.count == 2 && words[0] == "Part" && Int(words[1]) != nil else { continue }
      let name = part[part.index(after: colon)...].trimmingWhitespaceByCharacter()
      return name.isEmpty ? nil : String(name)
    }
    return nil
  }

  static func headingTopic(_ text: String) -> String {
    let pieces = text.split(separator: "·").map { $0.trimmingWhitespaceByCharacter() }
      .filter { !$0.isEmpty }
    return pieces.isEmpty ? "General" : pieces.joined(separator: ", ")
  }

  /// The cuts of a flash card's label: where a new word visibly begins without a space.
  static func cuts(_ label: Substring) -> [Substring] {
    let marks = Set(".\"'(@[$`#_{<*+~=|\\".unicodeScalars)
    var result: [Substring] = []
    var previous: Character?
    for index in label.indices {
      let character = label[index]
      defer { previous = character }
      guard let previous, previous.isLetter || previous.isNumber, index != label.startIndex
      else { continue }
      let isMark =
        (character.unicodeScalars.count == 1 && marks.contains(character.unicodeScalars.first!))
        || "“‘«".contains(character)
      if character.isUppercase || (character.isNumber && previous.isLetter) || isMark {
        result.append(label[..<index])
      }
    }
    return result
  }

  /// The topics and prompts of a page's labels under its headings, and the warnings.
  static func resolve(vocabulary: [String], labels: [Substring], at location: SourceLocation)
    -> (resolved: [(topic: String, prompt: String)], diagnostics: [Diagnostic])
  {
    let headings = vocabulary.map { $0.lowercased() }
    let candidates = labels.map(cuts)
    var recurrence: [Substring: Int] = [:]
    for topics in candidates {
      for topic in Set(topics) { recurrence[topic, default: 0] += 1 }
    }
    func isNamed(_ topic: Substring) -> Bool {
      let needle = topic.lowercased()
      return headings.contains { heading in
        var searchStart = heading.startIndex
        while let range = heading[searchStart...].firstRange(of: needle) {
          let before =
            range.lowerBound == heading.startIndex
            ? nil : heading[heading.index(before: range.lowerBound)]
          let after = range.upperBound == heading.endIndex ? nil : heading[range.upperBound]
          if !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { return true }
          searchStart = heading.index(after: range.lowerBound)
        }
        return false
      }
    }
    var diagnostics: [Diagnostic] = []
    let resolved = zip(labels, candidates).map { label, candidates -> (String, String) in
      guard !candidates.isEmpty else {
        diagnostics.append(
          .warning(
            "no topic can be cut from the label '\(label.prefix(40))'; using 'General'",
            at: location))
        return ("General", String(label.trimmingWhitespaceByCharacter()))
      }
      let named = candidates.filter(isNamed)
      let chosen: Substring
      if named.count == 1 {
        chosen = named[0]
      } else if named.count > 1 {
        chosen = named.max { $0.count < $1.count }!
        diagnostics.append(
          .warning(
            "the topic could be \(named.map { "'\($0)'" }.joined(separator: " or ")); took '\(chosen)'",
            at: location))
      } else {
        let shared = candidates.filter { recurrence[$0, default: 0] >= 2 }
        chosen =
          shared.max {
            (recurrence[$0, default: 0], $0.count) < (recurrence[$1, default: 0], $1.count)
          } ?? candidates[0]
        diagnostics.append(
          .warning(
            "the page's headings do not name this card's topic; took '\(chosen)' from '\(label.prefix(40))'",
            at: location))
      }
      return (String(chosen), String(label.dropFirst(chosen.count).trimmingWhitespaceByCharacter()))
    }
    return (resolved, diagnostics)
  }

  /// An answer's passage from its lines' texts: each paragraph an array of lines, the models
  /// above, Characters trimmed and joined.
  static func passage(_ lines: [Substring]) -> Passage {
    var reader = PassageModel()
    for line in lines { reader.read(line) }
    reader.flushRun()
    reader.flushCode()
    return Passage(reader.blocks)
  }

  /// A question's prompt from its lines' texts: prose up to the first paragraph of code.
  static func prompt(_ lines: [Substring]) -> Prompt {
    var prose: [String] = []
    var paragraph: [Substring] = []
    var index = 0
    func trimmedAndJoined(_ lines: [Substring]) -> String {
      lines.map { $0.trimmingWhitespaceByCharacter() }.joined(separator: " ")
    }
    while index < lines.count {
      let line = lines[index]
      if line.trimmingWhitespaceByCharacter().isEmpty {
        if !paragraph.isEmpty { prose.append(trimmedAndJoined(paragraph)) }
        paragraph = []
      } else if paragraph.isEmpty && looksLikeCode(line) && !looksLikeProse(line) {
        break
      } else {
        paragraph.append(line)
      }
      index += 1
    }
    if !paragraph.isEmpty { prose.append(trimmedAndJoined(paragraph)) }
    let code = lines[index...].filter { !isCaption($0) }.trimmingBlankLines()
      .joined(separator: "\n")
    return Prompt(prose.joined(separator: "\n\n"), code: code.isEmpty ? nil : CodeBlock(code))
  }
}

/// ``LessonPageModel/passage(_:)`` between its paragraphs.
private struct PassageModel {
  var blocks: [Passage.Block] = []
  var run: [Substring] = []
  var codeLines: [Substring] = []
  var pendingBlanks = 0
  var expectsConsole = false
  var inLog = false

  mutating func read(_ line: Substring) {
    if LessonPageModel.isCaption(line) {
      flushRun()
      flushCode()
      pendingBlanks = 0
    } else if line.trimmingWhitespaceByCharacter().isEmpty {
      if !run.isEmpty {
        flushRun()
        pendingBlanks = 0
      }
      pendingBlanks += 1
    } else {
      run.append(line)
    }
  }

  mutating func flushCode() {
    guard !codeLines.isEmpty else { return }
    blocks.append(.code(CodeBlock(codeLines.joined(separator: "\n"))))
    codeLines = []
  }

  mutating func flushRun() {
    defer { run = [] }
    guard let first = run.first else { return }
    let prose = run.map { $0.trimmingWhitespaceByCharacter() }.joined(separator: " ")
    if run.count == 1 && LessonPageModel.isLogCaption(first) {
      flushCode()
      blocks.append(.text(LessonPageText.logLabel))
      inLog = true
      return
    }
    if inLog {
      if case .console(let earlier) = blocks.last {
        if LessonPageModel.startsLogLine(first) {
          blocks[blocks.count - 1] = .console(earlier + "\n" + prose)
          return
        }
        inLog = false
      } else {
        blocks.append(.console(prose))
        return
      }
    }
    let startsConsole = first == "Console"
    if expectsConsole || startsConsole {
      flushCode()
      let output = startsConsole ? Array(run.dropFirst()) : run
      expectsConsole = output.isEmpty
      if !output.isEmpty { blocks.append(.console(output.joined(separator: "\n"))) }
      return
    }
    if run.count == 1 && first == "The console" { return }
    let isProse = run.contains { LessonPageModel.looksLikeProse($0) }
    if !isProse && run.contains(where: { LessonPageModel.looksLikeCode($0) }) {
      if !codeLines.isEmpty { codeLines += repeatElement("", count: pendingBlanks) }
      codeLines += run
      return
    }
    flushCode()
    if !isProse && run.count >= 2 && run.allSatisfy({ LessonPageModel.isTableRow($0) }) {
      blocks.append(.table(run.map { [String($0.trimmingWhitespaceByCharacter())] }))
    } else {
      blocks.append(.text(prose))
    }
  }
}

extension Collection<Substring> {
  /// The lines without the blank ones at either end.
  func trimmingBlankLines() -> [Substring] {
    let isBlank = { (line: Substring) in line.trimmingWhitespaceByCharacter().isEmpty }
    return Array(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
  }
}
