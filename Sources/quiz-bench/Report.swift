import Foundation

/// Summary statistics of a sample.
struct Sample {
  private(set) var values: [Double]

  init(_ values: [Double]) {
    self.values = values.sorted()
  }

  var count: Int { values.count }
  var median: Double { quantile(0.5) }
  var minimum: Double { values.first ?? .nan }
  var maximum: Double { values.last ?? .nan }
  var mean: Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }

  /// The `q` quantile, interpolating between neighbours.
  func quantile(_ q: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let position = q * Double(values.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, values.count - 1)
    return values[low] + (values[high] - values[low]) * (position - Double(low))
  }
}

/// Number formatting for the tables.
enum Format {
  static func fixed(_ value: Double, _ digits: Int) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "–"
  }

  /// Milliseconds from nanoseconds or seconds, with sensible digits.
  static func ms(_ milliseconds: Double) -> String {
    guard milliseconds.isFinite else { return "–" }
    if milliseconds >= 100 { return fixed(milliseconds, 0) + " ms" }
    if milliseconds >= 10 { return fixed(milliseconds, 1) + " ms" }
    if milliseconds >= 1 { return fixed(milliseconds, 2) + " ms" }
    return fixed(milliseconds, 3) + " ms"
  }

  static func mib(_ bytes: Int) -> String {
    fixed(Double(bytes) / 1_048_576, 1) + " MiB"
  }

  static func count(_ value: Int) -> String {
    let text = String(value)
    var result = ""
    for (index, character) in text.enumerated() {
      if index > 0 && (text.count - index) % 3 == 0 { result += "," }
      result.append(character)
    }
    return result
  }
}

/// A plain text table with aligned columns, also printable as Markdown.
struct Table {
  var title: String
  var header: [String]
  var rows: [[String]] = []

  mutating func add(_ row: [String]) {
    rows.append(row)
  }

  /// The table as Markdown, which also reads well in a terminal.
  var text: String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      "| "
        + header.indices.map { column in
          let cell = column < cells.count ? cells[column] : ""
          return cell + String(repeating: " ", count: widths[column] - cell.count)
        }.joined(separator: " | ") + " |"
    }
    let rule =
      "| " + widths.map { String(repeating: "-", count: max(3, $0)) }.joined(separator: " | ")
      + " |"
    return (["### " + title, "", line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
