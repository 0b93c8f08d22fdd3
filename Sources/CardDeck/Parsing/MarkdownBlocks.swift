/// Splits the lines of a question or an answer of a native deck into Markdown blocks:
/// paragraphs, fenced code, tables, as the lines are read.
///
/// The deck parser hands each line over by its bytes (``SourceLine``) and watches ``fence``: it
/// decides itself where an unclosed fence ends (at the next card), and closes it there with
/// ``end(in:)``. Strings are made once a block, from the file's bytes.
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

  /// An open fence: its marker (`length` Characters equal to the ASCII `marker`), language and
  /// line.
  typealias Fence = (marker: UInt8, length: Int, language: String?, line: Int)

  /// The blocks finished so far: all of them after ``end(in:)``.
  private(set) var blocks: [Located] = []
  /// The paragraph's lines, trimmed (offsets in the file).
  private var words: [Range<Int>] = []
  private var paragraphLine = 0
  private var paragraphEscaped = false
  private var table: [[String]] = []
  private var tableLine = 0
  /// The fence the lines are in, if any.
  private(set) var fence: Fence?
  /// The lines of the open fence (offsets in the file).
  private var code: [Range<Int>] = []

  /// The next line, `number`, outside a fence; `text` is the whole file.
  mutating func add(_ line: SourceLine, number: Int, in text: UnsafeBufferPointer<UInt8>) {
    if let opening = line.openingFence() {
      flushParagraph(in: text)
      flushTable()
      fence = (opening.marker, opening.length, opening.language, number)
      return
    }
    let trimmed = line.trimmed
    if trimmed.isEmpty {
      flushParagraph(in: text)
      flushTable()
      return
    }
    if words.isEmpty && line.hasPrefix("|", in: trimmed) {
      if table.isEmpty { tableLine = number }
      if line.isSimple {
        if !Self.isTableSeparator(line, trimmed) { table.append(Self.tableCells(line, trimmed)) }
      } else {
        let row = line.text(trimmed)
        if !Self.isTableSeparator(row) { table.append(Self.tableCells(row)) }
      }
      return
    }
    flushTable()
    let escaped = line.hasPrefix("\\", in: trimmed)
    if words.isEmpty {
      paragraphLine = number
      paragraphEscaped = escaped
    }
    // After a backslash (a Character of its own, as the prefix test found) the line is trimmed
    // again, and a lone backslash adds nothing: a paragraph never starts or ends with white
    // space and is never empty, as the writer needs.
    let kept = escaped ? line.trimmed(trimmed.lowerBound + 1..<trimmed.upperBound) : trimmed
    if !kept.isEmpty { words.append(line.start + kept.lowerBound..<line.start + kept.upperBound) }
  }

  /// A line of the open fence.
  mutating func addCode(_ line: SourceLine) {
    code.append(line.start..<line.start + line.bytes.count)
  }

  /// Ends the open fence at its closing line.
  mutating func closeFence(in text: UnsafeBufferPointer<UInt8>) {
    guard let open = fence else { return }
    blocks.append(
      Located(
        line: open.line,
        block: .fence(language: open.language, text: Self.joined(code, in: text, separator: 0x0A))))
    fence = nil
    code.removeAll(keepingCapacity: true)
  }

  /// Ends the last block, an open fence where the lines end.
  mutating func end(in text: UnsafeBufferPointer<UInt8>) {
    closeFence(in: text)
    flushParagraph(in: text)
    flushTable()
  }

  /// Forgets every line and block, keeping the memory for the next card's.
  mutating func reset() {
    blocks.removeAll(keepingCapacity: true)
    words.removeAll(keepingCapacity: true)
    code.removeAll(keepingCapacity: true)
    table = []
    fence = nil
  }

  private mutating func flushParagraph(in text: UnsafeBufferPointer<UInt8>) {
    guard !words.isEmpty else { return }
    let joined = Self.joined(words, in: text, separator: 0x20)
    blocks.append(
      Located(line: paragraphLine, block: .paragraph(joined, escaped: paragraphEscaped)))
    words.removeAll(keepingCapacity: true)
  }

  private mutating func flushTable() {
    guard !table.isEmpty else { return }
    blocks.append(Located(line: tableLine, block: .table(table)))
    table = []
  }

  /// The bytes at `lines` joined with `separator` (a paragraph's trimmed lines with a space,
  /// code's lines with "\n"): one stretch of the file when they follow each other there.
  private static func joined(
    _ lines: [Range<Int>], in text: UnsafeBufferPointer<UInt8>, separator: UInt8
  ) -> String {
    guard let first = lines.first, let last = lines.last else { return "" }
    var previous = first
    var isStretch = true
    for range in lines.dropFirst() {
      if range.lowerBound != previous.upperBound + 1 || text[previous.upperBound] != separator {
        isStretch = false
        break
      }
      previous = range
    }
    if isStretch {
      return String(
        decoding: UnsafeBufferPointer(rebasing: text[first.lowerBound..<last.upperBound]),
        as: UTF8.self)
    }
    let capacity = lines.reduce(lines.count - 1) { $0 + $1.count }
    return String(unsafeUninitializedCapacity: capacity) { buffer in
      var count = 0
      for (index, range) in lines.enumerated() {
        if index > 0 {
          buffer[count] = separator
          count += 1
        }
        _ = UnsafeMutableBufferPointer(rebasing: buffer[count..<count + range.count])
          .initialize(from: UnsafeBufferPointer(rebasing: text[range]))
        count += range.count
      }
      return count
    }
  }

  /// The fence marker (three or more backquotes or tildes) and language of an opening fence
  /// line, by Characters: what ``SourceLine/openingFence()`` gives on every line.
  static func openingFence(_ line: Substring) -> (marker: Substring, language: String?)? {
    guard let first = line.first, first == "`" || first == "~" else { return nil }
    let marker = line.prefix { $0 == first }
    guard marker.count >= 3 else { return nil }
    let info = line.dropFirst(marker.count).trimmingWhitespace()
    if first == "`" && info.contains("`") { return nil }
    let language = info.split(whereSeparator: \.isWhitespace).first.map(String.init)
    return (marker, language)
  }

  /// Whether `line` closes a fence opened with `marker`, by Characters: what
  /// ``SourceLine/closesFence(marker:length:)`` gives on every line.
  static func isClosingFence(_ line: Substring, for marker: Substring) -> Bool {
    let trimmed = line.trimmingWhitespace()
    guard let first = marker.first, trimmed.count >= marker.count else { return false }
    return trimmed.allSatisfy { $0 == first }
  }

  /// ``isTableSeparator(_:)`` on a simple line's `row`, whose bytes are its Characters.
  private static func isTableSeparator(_ line: SourceLine, _ row: Range<Int>) -> Bool {
    var hasDash = false
    for index in row {
      switch line.bytes[index] {
      case UInt8(ascii: "-"): hasDash = true
      case UInt8(ascii: "|"), UInt8(ascii: ":"), 0x20, 0x09: break
      default: return false
      }
    }
    return hasDash
  }

  /// ``tableCells(_:)`` on a simple line's `row`, which starts with "|".
  private static func tableCells(_ line: SourceLine, _ row: Range<Int>) -> [String] {
    let bar = UInt8(ascii: "|")
    var end = row.upperBound
    if end > row.lowerBound + 1 && line.bytes[end - 1] == bar { end -= 1 }
    var cells: [String] = []
    var start = row.lowerBound + 1
    for index in start..<end where line.bytes[index] == bar {
      cells.append(line.string(line.trimmed(start..<index)))
      start = index + 1
    }
    cells.append(line.string(line.trimmed(start..<end)))
    return cells
  }

  /// Whether a table row, trimmed, is a separator such as `| --- | :-: |`, by Characters.
  static func isTableSeparator(_ line: Substring) -> Bool {
    line.contains("-") && line.allSatisfy { "|-: \t".contains($0) }
  }

  /// The cells of a table row, trimmed, that starts with "|", by Characters.
  static func tableCells(_ line: Substring) -> [String] {
    var body = line.dropFirst()
    if body.last == "|" { body = body.dropLast() }
    return body.split(separator: "|", omittingEmptySubsequences: false).map {
      String($0.trimmingWhitespace())
    }
  }
}
