/// Splits the cells of a lesson page's table that lost its column breaks in the page's text:
/// `HorizontalVertical` over `iPhone 17, uprightcompactregular` is a table with a row label and
/// two columns, `Horizontal` and `Vertical`.
///
/// The header's cells are its capitalised words. Each row's last cells are cut off its end, the
/// longest first, among the words the page uses on their own; what is left is the row's label
/// (under an empty header cell), or else its first cell. A table that does not split one of those
/// ways, every row alike, is left as it is.
enum GluedTable {
  /// The rows split into cells, with an empty first header cell over the row labels; nil when
  /// `rows` is not a glued table.
  static func split(_ rows: [[String]], words: () -> Set<Substring>) -> [[String]]? {
    guard rows.count >= 2, rows.allSatisfy({ $0.count == 1 }) else { return nil }
    let header = headerCells(rows[0][0])
    guard header.count >= 2 else { return nil }
    // The glued rows are on the page too, as words of their own: they are no cells.
    let known = words().subtracting(rows.dropFirst().map { trailingLetters(of: Substring($0[0])) })
    // Either a label column under no header (`HorizontalVertical` over `iPhone 17, upright…`),
    // or a column under each header word (`RunPrinted` over `firstonce`).
    if let body = rows.dropFirst().mapAll({ cells(of: $0[0], count: header.count, among: known) }) {
      return [[""] + header] + body
    }
    if let body = rows.dropFirst().mapAll({
      cells(of: $0[0], count: header.count - 1, among: known)
    }) {
      return [header] + body
    }
    return nil
  }

  /// `count` cells cut off the end of `row`, after what is left of it; nil when they cannot be.
  private static func cells(of row: String, count: Int, among known: Set<Substring>) -> [String]? {
    var rest = Substring(row)
    var cells: [String] = []
    for _ in 0..<count {
      guard let cell = lastWord(of: rest, among: known) else { return nil }
      cells.insert(String(cell), at: 0)
      rest = rest.dropLast(cell.count)
    }
    let label = rest.trimmingWhitespace()
    return label.isEmpty ? nil : [String(label)] + cells
  }

  /// The words of a page that stand on their own, lower-cased: the cells a row can end with.
  static func standaloneWords(of lines: [Substring]) -> Set<Substring> {
    var words: Set<Substring> = []
    for line in lines {
      for word in line.split(whereSeparator: { !$0.isLetter }) where word.count >= 2 {
        words.insert(Substring(word.lowercased()))
      }
    }
    return words
  }

  /// `HorizontalVertical` as `Horizontal`, `Vertical`: a glued header is letters only, each cell
  /// starting with a capital; anything else is not one.
  static func headerCells(_ text: String) -> [String] {
    Substring(text).read(ascii: headerCells(in:), simple: headerCells(in:), other: headerCells(in:))
  }

  private static func headerCells(in text: some LineText) -> [String] {
    // Most headers are words with spaces, or start with a small letter: no glued header.
    guard text.first?.isUppercase == true, text.allSatisfy(\.isLetter) else { return [] }
    var cells: [String] = []
    var start = text.startIndex
    for index in text.indices.dropFirst() where text[index].isUppercase {
      cells.append(text[start..<index].string)
      start = index
    }
    cells.append(text[start...].string)
    return cells
  }

  /// The lower-case letters at the end of `text`.
  private static func trailingLetters(of text: Substring) -> Substring {
    text.suffix(text.reversed().prefix { $0.isLetter && $0.isLowercase }.count)
  }

  /// The longest lower-case word in `known` that ends `text`, glued to letters before it.
  private static func lastWord(of text: Substring, among known: Set<Substring>) -> Substring? {
    let letters = trailingLetters(of: text).count
    guard letters >= 2 else { return nil }
    // Shortest remainder first: the longest word wins; a cell leaves some label before it.
    for length in stride(from: letters, through: 2, by: -1) {
      let candidate = text.suffix(length)
      if known.contains(candidate) && length < text.count { return candidate }
    }
    return nil
  }
}

extension Sequence {
  /// The transformed elements, or nil as soon as one transforms to nil.
  fileprivate func mapAll<T>(_ transform: (Element) -> T?) -> [T]? {
    var result: [T] = []
    for element in self {
      guard let value = transform(element) else { return nil }
      result.append(value)
    }
    return result
  }
}
