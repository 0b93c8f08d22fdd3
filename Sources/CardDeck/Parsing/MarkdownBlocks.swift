/// Splits a run of native-deck lines into Markdown blocks: paragraphs, fenced code, tables.
///
/// Fences are known to be closed here: the deck parser has already reported unterminated ones and
/// ended them where the card ended.
struct MarkdownBlocks {
  /// A block and the line it starts on.
  struct Located {
    var line: Int
    var block: Block
  }

  /// One block as written in the file.
  enum Block: Equatable {
    /// Prose, its lines joined with spaces; `escaped` when its first line began with `\\`,
    /// so that it must not be read as a `Source:` or another keyword.
    case paragraph(String, escaped: Bool)
    case fence(language: String?, text: String)
    case table([[String]])
  }

  /// Lines with their numbers.
  typealias Line = (number: Int, text: Substring)

  /// The blocks of `lines`, in order.
  static func parse(_ lines: ArraySlice<Line>) -> [Located] {
    var blocks: [Located] = []
    var paragraph: [Substring] = []
    var paragraphLine = 0
    var paragraphEscaped = false
    var table: [[String]] = []
    var tableLine = 0
    var fence: (marker: Substring, language: String?, line: Int)?
    var code: [Substring] = []

    func flushParagraph() {
      guard !paragraph.isEmpty else { return }
      let text = paragraph.joinedText(separator: " ")
      blocks.append(
        Located(line: paragraphLine, block: .paragraph(text, escaped: paragraphEscaped)))
      paragraph = []
    }
    func flushTable() {
      guard !table.isEmpty else { return }
      blocks.append(Located(line: tableLine, block: .table(table)))
      table = []
    }

    for (number, text) in lines {
      if let open = fence {
        if isClosingFence(text, for: open.marker) {
          blocks.append(
            Located(
              line: open.line,
              block: .fence(language: open.language, text: code.joinedText(separator: "\n"))))
          fence = nil
          code = []
        } else {
          code.append(text)
        }
        continue
      }
      if let opening = openingFence(text) {
        flushParagraph()
        flushTable()
        fence = (opening.marker, opening.language, number)
        continue
      }
      let trimmed = text.trimmingWhitespace()
      if trimmed.isEmpty {
        flushParagraph()
        flushTable()
        continue
      }
      if paragraph.isEmpty && trimmed.hasASCIIPrefix("|") {
        if table.isEmpty { tableLine = number }
        if !isTableSeparator(trimmed) { table.append(tableCells(trimmed)) }
        continue
      }
      flushTable()
      let escaped = trimmed.hasASCIIPrefix("\\")
      if paragraph.isEmpty {
        paragraphLine = number
        paragraphEscaped = escaped
      }
      // After a backslash the line is trimmed again, and a lone backslash adds nothing: a
      // paragraph never starts or ends with white space and is never empty, as the writer needs.
      let words = escaped ? trimmed.dropFirst().trimmingWhitespace() : trimmed
      if !words.isEmpty { paragraph.append(words) }
    }
    if let open = fence {
      blocks.append(
        Located(
          line: open.line,
          block: .fence(language: open.language, text: code.joinedText(separator: "\n"))))
    }
    flushParagraph()
    flushTable()
    return blocks
  }

  /// The fence marker (three or more backquotes or tildes) and language of an opening fence line.
  static func openingFence(_ line: Substring) -> (marker: Substring, language: String?)? {
    // A first byte that is ASCII and neither '`' nor '~' starts another Character.
    if let byte = line.utf8.first, byte < 0x80, byte != 0x0D, byte != UInt8(ascii: "`"),
      byte != UInt8(ascii: "~")
    {
      return nil
    }
    if let fast = simpleOpeningFence(line) { return fast.marker.map { ($0, fast.language) } }
    guard let first = line.first, first == "`" || first == "~" else { return nil }
    let marker = line.prefix { $0 == first }
    guard marker.count >= 3 else { return nil }
    let info = line.dropFirst(marker.count).trimmingWhitespace()
    if first == "`" && info.contains("`") { return nil }
    let language = info.split(whereSeparator: \.isWhitespace).first.map(String.init)
    return (marker, language)
  }

  /// ``openingFence(_:)`` by bytes on a simple line (see `isSimpleText`); nil for another line.
  /// White space there is U+0009…U+000D, U+0020, U+0085 and U+00A0.
  private static func simpleOpeningFence(
    _ line: Substring
  ) -> (marker: Substring?, language: String?)? {
    let found = line.withBytes { bytes -> (markerLength: Int, language: Range<Int>?)?? in
      guard Substring.isSimple(bytes), let first = bytes.first else { return nil }
      guard first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return .some(nil) }
      var length = 0
      while length < bytes.count && bytes[length] == first { length += 1 }
      guard length >= 3 else { return .some(nil) }
      var start = length
      var end = bytes.count
      while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
      while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
      if first == UInt8(ascii: "`") && bytes[start..<end].contains(UInt8(ascii: "`")) {
        return .some(nil)
      }
      func spaceLength(at index: Int) -> Int {
        let byte = bytes[index]
        if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
        if byte == 0xC2 && index + 1 < end && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0)
        {
          return 2
        }
        return 0
      }
      var wordStart = start
      while wordStart < end, case let width = spaceLength(at: wordStart), width > 0 {
        wordStart += width
      }
      var wordEnd = wordStart
      while wordEnd < end && spaceLength(at: wordEnd) == 0 { wordEnd += 1 }
      return (length, wordStart < wordEnd ? wordStart..<wordEnd : nil)
    }
    guard let found else { return nil }
    guard let found else { return (nil, nil) }
    let utf8 = line.utf8
    let markerEnd = utf8.index(utf8.startIndex, offsetBy: found.markerLength)
    let language = found.language.map { range in
      String(
        Substring(
          utf8[
            utf8.index(
              utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                utf8.startIndex, offsetBy: range.upperBound)]))
    }
    return (Substring(utf8[..<markerEnd]), language)
  }

  /// Whether `line` closes a fence opened with `marker`.
  static func isClosingFence(_ line: Substring, for marker: Substring) -> Bool {
    // A fast path for the many lines of code inside a fence, with an ASCII marker: a line whose
    // first byte after spaces and tabs is another ASCII byte starts with another Character (a
    // space before it is a Character of its own); a simple line's bytes are its Characters.
    if let fence = marker.utf8.first, fence == UInt8(ascii: "`") || fence == UInt8(ascii: "~"),
      marker.utf8.allSatisfy({ $0 == fence })
    {
      let markerLength = marker.utf8.count
      let decided = line.withBytes { bytes -> Bool? in
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        guard start < bytes.count else { return false }
        let byte = bytes[start]
        if byte < 0x80 && byte != 0x0D && byte != fence { return false }
        guard Substring.isSimple(bytes) else { return nil }
        var end = bytes.count
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return end - start >= markerLength && bytes[start..<end].allSatisfy { $0 == fence }
      }
      if let decided { return decided }
    }
    let trimmed = line.trimmingWhitespace()
    guard let first = marker.first, trimmed.count >= marker.count else { return false }
    return trimmed.allSatisfy { $0 == first }
  }

  private static func isTableSeparator(_ line: Substring) -> Bool {
    (line.simpleContains(byte: UInt8(ascii: "-")) ?? line.contains("-"))
      && line.allSatisfy { "|-: \t".contains($0) }
  }

  private static func tableCells(_ line: Substring) -> [String] {
    var body = line.dropFirst()
    if body.last == "|" { body = body.dropLast() }
    if let cells = body.simpleComponents(separatedBy: "|") {
      return cells.map { String($0.trimmingWhitespace()) }
    }
    return body.split(separator: "|", omittingEmptySubsequences: false).map {
      String($0.trimmingWhitespace())
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingWhitespace() -> SubSequence {
    trimmingWhitespaceByCharacter()
  }

  /// ``trimmingWhitespace()``, comparing Characters.
  func trimmingWhitespaceByCharacter() -> SubSequence {
    var start = startIndex
    var end = endIndex
    while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
    while end > start {
      let before = index(before: end)
      guard self[before] == " " || self[before] == "\t" else { break }
      end = before
    }
    return self[start..<end]
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs; by bytes where that gives the same.
  func trimmingWhitespace() -> Substring {
    trimmingWhitespaceFast()
  }
}
