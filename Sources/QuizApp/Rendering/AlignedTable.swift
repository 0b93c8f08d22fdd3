/// Rows of text in aligned columns, with a header row, for listings and statistics.
///
/// Made to fit a width: columns that may shrink give way, in the order they are marked, down to
/// their heading's width and their minimum (8 unless set); a cut cell ends with `…`. Columns that hold ids
/// (deck names, card ids) are never cut, since people type them back: when the first column is
/// still too wide, it is narrowed, and a cell longer than it stands on a line of its own above
/// the rest of its row.
struct AlignedTable {
  /// A column: its heading, which side its cells keep to, and whether it may be cut to fit.
  struct Column {
    var title: String
    var alignsRight = false
    /// Whether cells may be cut with `…` to fit the width; the lower, the sooner (nil: never).
    var shrinkOrder: Int?
    /// The width a shrinking column keeps, at least: the first column narrows before it does.
    var minimum = 8
  }

  var columns: [Column]
  var rows: [[String]] = []
  /// The spaces between columns.
  var gap = 2

  /// The width of each column, fitted to `width` where the shrinkable columns allow.
  func widths(fitting width: Int?) -> [Int] {
    var widths = columns.indices.map { index in
      ([columns[index].title] + rows.map { $0[index] }).map(\.count).max() ?? 0
    }
    guard let width else { return widths }
    var excess = widths.reduce(0, +) + gap * (columns.count - 1) - width
    let shrinkable = columns.indices.filter { columns[$0].shrinkOrder != nil }
      .sorted { columns[$0].shrinkOrder! < columns[$1].shrinkOrder! }
    for index in shrinkable where excess > 0 {
      let floor = max(columns[index].minimum, columns[index].title.count)
      let cut = min(excess, max(0, widths[index] - floor))
      widths[index] -= cut
      excess -= cut
    }
    if excess > 0, columns.first?.shrinkOrder == nil {
      widths[0] = max(columns[0].title.count, widths[0] - excess)
    }
    return widths
  }

  /// The lines, header first (in the heading style), cells padded or cut to the column widths,
  /// columns two spaces apart, without trailing spaces.
  func lines(style: Style, width: Int?) -> [String] {
    let widths = widths(fitting: width)
    func line(_ cells: [String]) -> String {
      cells.indices.map { index in
        let cell = cells[index].truncated(to: widths[index])
        return columns[index].alignsRight
          ? cell.leftPadded(to: widths[index]) : cell.padded(to: widths[index])
      }.joined(separator: String(repeating: " ", count: gap)).trimmingTrailingSpaces()
    }
    func rowLines(_ cells: [String]) -> [String] {
      guard columns.first?.shrinkOrder == nil, let first = cells.first, first.count > widths[0]
      else { return [line(cells)] }
      return [first, line([""] + cells.dropFirst())]
    }
    return [style.apply(.heading, line(columns.map(\.title)))] + rows.flatMap(rowLines)
  }
}

extension String {
  /// The string without spaces at its end, found by its bytes: a space is one byte, and
  /// stepping back by Characters is far slower on long tables (docs/performance.md).
  fileprivate func trimmingTrailingSpaces() -> String {
    let utf8 = self.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") {
      end = utf8.index(before: end)
    }
    return String(self[..<end])
  }
}
