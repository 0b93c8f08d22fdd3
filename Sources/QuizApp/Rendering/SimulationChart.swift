import Scheduler

/// The plot of `quiz fsrs simulate`: for each series, a band of rows of bars rising from its
/// label's line, one column per day, or per run of days (their mean) when the days outnumber the
/// columns; every band on the same scale, so that they compare.
///
/// Bars are drawn in eighths of a cell (`▁` to `█`) where the terminal takes UTF-8, else in
/// thirds with ASCII (`.`, `:`, `#`); colour only when the style has it.
struct SimulationChart {
  /// One series: its label, a value a day, and its colour.
  struct Series {
    var label: String
    var values: [Int]
    var role: Style.Role
  }

  /// The columns the chart may take, label included.
  var width: Int
  var style: Style
  var charset: TerminalCharset
  /// The rows of each band.
  var rows = 4

  /// The glyphs of a cell filled 1…n parts of n.
  var glyphs: [Character] {
    charset == .utf8 ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [".", ":", "#"]
  }

  /// The columns before the bars: the longest label and two spaces.
  static func labelWidth(_ series: [Series]) -> Int {
    (series.map(\.label.count).max() ?? 0) + 2
  }

  /// How many days each column stands for, to fit `days` in the width beside labels of
  /// `labelWidth` columns.
  func daysPerColumn(_ days: Int, labelWidth: Int) -> Int {
    let room = max(8, width - labelWidth)
    return max(1, (days + room - 1) / room)
  }

  /// The mean of each run of `perColumn` values (the last run may be shorter).
  static func columns(_ values: [Int], perColumn: Int) -> [Double] {
    stride(from: 0, to: values.count, by: perColumn).map { start in
      let run = values[start..<min(start + perColumn, values.count)]
      return Double(run.reduce(0, +)) / Double(run.count)
    }
  }

  /// The chart's lines: a band per series, then the dates of the first and last days under
  /// them. `series` hold as many values each, the first for `firstDay`. Empty when every value
  /// is 0.
  func lines(_ series: [Series], firstDay: Day) -> [String] {
    let days = series.map(\.values.count).max() ?? 0
    let labelWidth = Self.labelWidth(series)
    let perColumn = daysPerColumn(days, labelWidth: labelWidth)
    let columns = series.map { Self.columns($0.values, perColumn: perColumn) }
    let top = columns.joined().max() ?? 0
    guard top > 0 else { return [] }
    let levels = glyphs.count
    var lines: [String] = []
    for (entry, values) in zip(series, columns) {
      let units = values.map { value in
        value <= 0 ? 0 : max(1, Int((value / top * Double(rows * levels)).rounded()))
      }
      for row in (0..<rows).reversed() {
        let cells = units.map { unit -> Character in
          let fill = min(levels, max(0, unit - row * levels))
          return fill == 0 ? " " : glyphs[fill - 1]
        }
        let bar = String(cells).trimmingSpacesAtEnd()
        let label = row == 0 ? entry.label : ""
        lines.append(
          (label.padded(to: labelWidth) + style.apply(entry.role, bar)).trimmingSpacesAtEnd())
      }
    }
    lines.append(
      axis(
        firstDay: firstDay, days: days, columns: columns.first?.count ?? 0, indent: labelWidth))
    return lines
  }

  /// The first day's date under the first column, the last day's ending under the last column
  /// when both fit.
  func axis(firstDay: Day, days: Int, columns: Int, indent: Int) -> String {
    let first = firstDay.description
    let last = (firstDay + (days - 1)).description
    let room = columns - first.count - last.count
    guard days > 1, room >= 1 else { return String(repeating: " ", count: indent) + first }
    return String(repeating: " ", count: indent) + first + String(repeating: " ", count: room)
      + last
  }
}

extension StringProtocol {
  /// The text without spaces at its end.
  fileprivate func trimmingSpacesAtEnd() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
