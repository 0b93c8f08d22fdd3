/// Rows of text in aligned columns, with a header row, for listings and statistics.
struct AlignedTable {
  /// A column: its heading, which side its cells keep to, and how wide it may grow.
  struct Column {
    var title: String
    var alignsRight = false
    var maximumWidth: Int?
  }

  var columns: [Column]
  var rows: [[String]] = []

  /// The lines, header first (in the heading style), cells padded or cut to the column widths,
  /// columns two spaces apart, without trailing spaces.
  func lines(style: Style) -> [String] {
    let widths = columns.indices.map { index in
      let widest = ([columns[index].title] + rows.map { $0[index] }).map(\.count).max() ?? 0
      return min(widest, columns[index].maximumWidth ?? widest)
    }
    func line(_ cells: [String]) -> String {
      cells.indices.map { index in
        let cell = cells[index].truncated(to: widths[index])
        return columns[index].alignsRight
          ? cell.leftPadded(to: widths[index]) : cell.padded(to: widths[index])
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    return [style.apply(.heading, line(columns.map(\.title)))] + rows.map(line)
  }
}

extension String {
  /// The string without spaces at its end.
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
