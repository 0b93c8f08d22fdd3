import ReviewStorage
import Scheduler

/// The charts of `quiz stats`: the forecast as horizontal bars, and the review calendar.
struct ReviewCharts {
  /// The number of columns available.
  var width: Int
  var style: Style

  /// One line per day: the day, the count, and a bar of `█` scaled so that the longest fills the
  /// width.
  func forecast(_ days: [(day: Day, due: Int)], today: Day) -> [String] {
    let labels = days.map { entry in
      switch entry.day - today {
      case 0: "today"
      case 1: "tomorrow"
      default: DayText.short(entry.day)
      }
    }
    let labelWidth = labels.map(\.count).max() ?? 0
    let countWidth = days.map { String($0.due).count }.max() ?? 1
    let most = days.map(\.due).max() ?? 0
    let room = max(1, width - labelWidth - countWidth - 4)
    return zip(labels, days).map { label, entry in
      let length =
        entry.due == 0 ? 0 : max(1, Int((Double(entry.due * room) / Double(most)).rounded()))
      let bar = style.apply(.accent, String(repeating: "█", count: length))
      return "\(label.padded(to: labelWidth))  \(String(entry.due).leftPadded(to: countWidth))"
        + (length > 0 ? "  " + bar : "")
    }
  }

  /// The shades of a calendar cell, from no review to the most.
  static let shades: [Character] = [" ", "░", "▒", "▓", "█"]

  /// The shade of a day with `count` reviews, 0…4, when the busiest day had `most`.
  static func level(_ count: Int, most: Int) -> Int {
    count <= 0 || most <= 0 ? 0 : min(4, (count * 4 + most - 1) / most)
  }

  /// A calendar like a contribution graph: a row per weekday, Monday first; a column per week,
  /// the current one last; month names above the weeks they begin; a legend of the shades.
  ///
  /// `days` starts on a Monday and ends today. Cells are two characters wide when the width
  /// allows, else one; on a very narrow terminal only the latest weeks are shown.
  func calendar(_ days: [(day: Day, reviews: Int)]) -> [String] {
    guard let first = days.first?.day else { return [] }
    let allWeeks = (days.count + 6) / 7
    let labelWidth = 4
    let cellWidth = labelWidth + allWeeks * 2 <= width ? 2 : 1
    let weeks = min(allWeeks, max(1, width - labelWidth))
    let skipped = allWeeks - weeks
    let most = days.map(\.reviews).max() ?? 0
    func day(week: Int, weekday: Int) -> (day: Day, reviews: Int)? {
      let index = (skipped + week) * 7 + weekday
      return index < days.count ? days[index] : nil
    }

    // Month names, placed from the right so that a cramped first one gives way.
    var header = Array(repeating: Character(" "), count: labelWidth + weeks * cellWidth)
    var nextStart = header.count + 1
    for week in (0..<weeks).reversed() {
      let monday = first + (skipped + week) * 7
      let month = monday.components.month
      guard week == 0 || (monday - 7).components.month != month else { continue }
      let start = labelWidth + week * cellWidth
      let name = Array(DayText.monthName(month))
      guard start + name.count < nextStart else { continue }
      header.replaceSubrange(start..<start + name.count, with: name)
      nextStart = start
    }
    var lines = [String(header).trimmingSpacesAtEnd()]

    for weekday in 0..<7 {
      var line = DayText.weekdayName(weekday).padded(to: labelWidth)
      for week in 0..<weeks {
        guard let entry = day(week: week, weekday: weekday) else {
          line += String(repeating: " ", count: cellWidth)
          continue
        }
        let shade = Self.shades[Self.level(entry.reviews, most: most)]
        let cell = String(repeating: shade, count: cellWidth)
        line += entry.reviews > 0 ? style.apply(.good, cell) : cell
      }
      lines.append(line.trimmingSpacesAtEnd())
    }
    lines.append(legend(most: most))
    return lines
  }

  /// `blank 0  ░ 1  ▒ 2–3  ▓ 4  █ 5–6`: what each shade stands for.
  func legend(most: Int) -> String {
    var parts = ["blank 0"]
    for level in 1...4 {
      let low = (level - 1) * most / 4 + 1
      let high = level * most / 4
      guard low <= high else { continue }
      let cell = style.apply(.good, String(Self.shades[level]))
      parts.append(low == high ? "\(cell) \(low)" : "\(cell) \(low)–\(high)")
    }
    return String(repeating: " ", count: 4) + parts.joined(separator: "  ")
  }
}

extension String {
  /// The string without spaces at its end.
  fileprivate func trimmingSpacesAtEnd() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
