import Foundation

/// The journal's form of a moment: ISO 8601 in UTC with milliseconds, `2026-11-29T21:04:05.123Z`.
///
/// Written and read here, not by a formatter, so that a moment survives a round trip through the
/// files bit for bit: moments are first rounded to whole milliseconds (``normalized(_:)``), and
/// both directions go through the same integer count of milliseconds.
enum Timestamp {
  /// `date` rounded to the millisecond, as the files keep it.
  static func normalized(_ date: Date) -> Date {
    Timestamp.date(milliseconds: milliseconds(date))
  }

  /// The text form of `date` (rounded to the millisecond).
  static func format(_ date: Date) -> String {
    let total = milliseconds(date)
    let (days, millisecondOfDay) = floorDivision(total, 86_400_000)
    let day = Day(daysSince1970: Int(days))
    let seconds = millisecondOfDay / 1000
    return day.description + "T" + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2)
      + ":" + pad(seconds % 60, 2) + "." + pad(millisecondOfDay % 1000, 3) + "Z"
  }

  /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else. Digits of the
  /// fraction past milliseconds are rounded away.
  static func parse(_ text: String) -> Date? {
    guard let separator = text.firstIndex(of: "T"),
      let day = Day(String(text[..<separator]))
    else { return nil }
    var rest = Substring(text[text.index(after: separator)...])
    guard let hour = takeNumber(&rest, digits: 2), rest.popFirst() == ":",
      let minute = takeNumber(&rest, digits: 2), rest.popFirst() == ":",
      let second = takeNumber(&rest, digits: 2),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var fraction = 0.0
    if rest.first == "." {
      rest.removeFirst()
      let digits = rest.prefix(while: { ("0"..."9").contains($0) })
      guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
      fraction = value
      rest.removeFirst(digits.count)
    }
    var offsetSeconds = 0
    if rest == "Z" {
      rest.removeAll()
    } else if let sign = rest.first, sign == "+" || sign == "-" {
      rest.removeFirst()
      guard let offsetHours = takeNumber(&rest, digits: 2), rest.popFirst() == ":",
        let offsetMinutes = takeNumber(&rest, digits: 2)
      else { return nil }
      offsetSeconds = (sign == "-" ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
    } else {
      return nil
    }
    guard rest.isEmpty else { return nil }
    let wholeSeconds =
      Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
      - Int64(offsetSeconds)
    return date(milliseconds: wholeSeconds * 1000 + Int64((fraction * 1000).rounded()))
  }

  private static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  private static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let remainder = value % divisor
    return remainder < 0
      ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  private static func takeNumber(_ text: inout Substring, digits: Int) -> Int? {
    let prefix = text.prefix(digits)
    guard prefix.count == digits, prefix.allSatisfy({ ("0"..."9").contains($0) }) else {
      return nil
    }
    text.removeFirst(digits)
    return Int(prefix)
  }
}
