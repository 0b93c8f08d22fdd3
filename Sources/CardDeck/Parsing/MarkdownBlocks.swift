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
      let text = paragraph.joined(separator: " ")
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
              block: .fence(language: open.language, text: code.joined(separator: "\n"))))
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
      if trimmed.first == "|" && paragraph.isEmpty {
        if table.isEmpty { tableLine = number }
        if !isTableSeparator(trimmed) { table.append(tableCells(trimmed)) }
        continue
      }
      flushTable()
      if paragraph.isEmpty {
        paragraphLine = number
        paragraphEscaped = trimmed.first == "\\"
      }
      paragraph.append(trimmed.first == "\\" ? trimmed.dropFirst() : trimmed)
    }
    if let open = fence {
      blocks.append(
        Located(
          line: open.line,
          block: .fence(language: open.language, text: code.joined(separator: "\n"))))
    }
    flushParagraph()
    flushTable()
    return blocks
  }

  /// The fence marker (three or more backquotes or tildes) and language of an opening fence line.
  static func openingFence(_ line: Substring) -> (marker: Substring, language: String?)? {
    guard let first = line.first, first == "`" || first == "~" else { return nil }
    let marker = line.prefix { $0 == first }
    guard marker.count >= 3 else { return nil }
    let info = line.dropFirst(marker.count).trimmingWhitespace()
    if first == "`" && info.contains("`") { return nil }
    let language = info.split(whereSeparator: \.isWhitespace).first.map(String.init)
    return (marker, language)
  }

  /// Whether `line` closes a fence opened with `marker`.
  static func isClosingFence(_ line: Substring, for marker: Substring) -> Bool {
    let trimmed = line.trimmingWhitespace()
    guard let first = marker.first, trimmed.count >= marker.count else { return false }
    return trimmed.allSatisfy { $0 == first }
  }

  private static func isTableSeparator(_ line: Substring) -> Bool {
    line.contains("-") && line.allSatisfy { "|-: \t".contains($0) }
  }

  private static func tableCells(_ line: Substring) -> [String] {
    var body = line.dropFirst()
    if body.last == "|" { body = body.dropLast() }
    return body.split(separator: "|", omittingEmptySubsequences: false).map {
      String($0.trimmingWhitespace())
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingWhitespace() -> SubSequence {
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
