/// Tells the prose, code, console output, tables and screenshot captions of a lesson page apart.
///
/// Lesson pages are plain text with no markup: code is not fenced and captions are glued to the
/// text around them. These rules were drawn from the course's pages; each is covered by a
/// fixture test.
enum LessonPageText {
  /// A line announcing that the code just above it was run; it ends that code.
  static let codeRunMarker = "Screenshot of this code running"

  /// Whether a line is a screenshot caption, which belongs to no answer.
  static func isCaption(_ line: Substring) -> Bool {
    line == codeRunMarker || line.contains("Screenshot · ") || line.hasSuffix(" — screenshot")
  }

  /// Whether a line reads as an English sentence rather than code.
  static func looksLikeProse(_ line: Substring) -> Bool {
    guard let first = line.first, first != " ", first != "\t", !line.hasPrefix("//") else {
      return false
    }
    let words = plainWordCount(outsideStringLiterals: line)
    guard words >= 4 else { return false }
    let end = line.last { !"\"”’')".contains($0) }
    return words >= 8 || end.map { ".?!:".contains($0) } == true
  }

  /// Whether a line reads as Swift code.
  static func looksLikeCode(_ line: Substring) -> Bool {
    guard let first = line.first else { return false }
    if first == " " || first == "\t" || "@.}{)]/#$…\"".contains(first) { return true }
    let word = line.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    if codeKeywords.contains(word) { return true }
    let afterWord = line.dropFirst(word.count).drop { $0 == " " }
    if !word.isEmpty, let next = afterWord.first {
      if next == "(" || next == "{" { return true }
      if next == ".", afterWord.dropFirst().first?.isLetter == true { return true }
    }
    if let last = line.last, "{}()[],;".contains(last) { return true }
    return line.contains(" = ") || line.contains("->")
  }

  private static let codeKeywords: Set<Substring> = [
    "import", "struct", "class", "enum", "protocol", "extension", "func", "let", "var", "if",
    "guard", "for", "while", "return", "switch", "case", "default", "private", "public", "final",
    "init", "some", "try", "await", "static", "typealias",
  ]

  /// Counts lowercase alphabetic words, skipping text inside straight double quotes.
  private static func plainWordCount(outsideStringLiterals line: Substring) -> Int {
    var count = 0
    var inString = false
    var wordIsPlain = false
    var wordLength = 0
    func endWord() {
      if wordLength > 0 && wordIsPlain { count += 1 }
      wordLength = 0
    }
    for character in line {
      if character == "\"" {
        endWord()
        inString.toggle()
        continue
      }
      if inString { continue }
      if character.isLetter || character == "'" || character == "’" {
        if wordLength == 0 { wordIsPlain = true }
        if character.isUppercase { wordIsPlain = false }
        wordLength += 1
      } else if character.isNumber || character == "_" || character == "\\" || character == "$" {
        wordIsPlain = false
        wordLength += 1
      } else {
        endWord()
      }
    }
    endWord()
    return count
  }

  /// Lines with their 1-based numbers.
  typealias Line = (number: Int, text: Substring)

  /// Turns the lines of an answer into blocks: code, console output, tables and prose.
  ///
  /// Captions are dropped. The lines just before a "this code running" marker are code unless
  /// they read as prose, and code paragraphs separated only by blank lines are one block.
  static func passage(_ lines: ArraySlice<Line>) -> Passage {
    var blocks: [Passage.Block] = []
    var run: [Substring] = []
    var codeLines: [Substring] = []
    var pendingBlanks = 0
    var expectsConsole = false

    func flushCode() {
      guard !codeLines.isEmpty else { return }
      blocks.append(.code(CodeBlock(codeLines.joined(separator: "\n"))))
      codeLines = []
    }
    func flushRun() {
      defer {
        run = []
      }
      guard !run.isEmpty else { return }
      if expectsConsole || run[0] == "Console" {
        flushCode()
        let output = run[0] == "Console" ? run.dropFirst() : run[...]
        expectsConsole = output.isEmpty
        if !output.isEmpty { blocks.append(.console(output.joined(separator: "\n"))) }
        return
      }
      if run.count == 1 && run[0] == "The console" { return }
      let prose = run.contains { looksLikeProse($0) }
      let code = !prose && run.contains { looksLikeCode($0) }
      if code {
        if !codeLines.isEmpty {
          codeLines.append(contentsOf: repeatElement("", count: pendingBlanks))
        }
        codeLines.append(contentsOf: run)
        return
      }
      flushCode()
      if !prose && run.count >= 2 {
        blocks.append(.table(run.map { [String($0)] }))
      } else {
        blocks.append(.text(run.map { String($0.trimmingWhitespace()) }.joined(separator: " ")))
      }
    }

    for (_, line) in lines {
      if isCaption(line) {
        flushRun()
        flushCode()
        pendingBlanks = 0
        continue
      }
      if line.trimmingWhitespace().isEmpty {
        if !run.isEmpty {
          flushRun()
          pendingBlanks = 0
        }
        pendingBlanks += 1
        continue
      }
      run.append(line)
    }
    flushRun()
    flushCode()
    return Passage(blocks)
  }

  /// Lines without the blank ones at either end, joined.
  static func trimmedText(_ lines: [Substring]) -> String {
    let start = lines.firstIndex { !$0.trimmingWhitespace().isEmpty }
    let end = lines.lastIndex { !$0.trimmingWhitespace().isEmpty }
    guard let start, let end else { return "" }
    return lines[start...end].joined(separator: "\n")
  }
}
