import FoundationEssentials

/// The one text form of a moment in every file quiz writes (journal, snapshot, export): ISO 8601
/// in UTC with milliseconds, `2026-11-29T21:04:05.123Z`.
///
/// Written and read here, not by a formatter, so that a moment survives a round trip through the
/// files bit for bit: moments are first rounded to whole milliseconds (``normalized(_:)``), and
/// both directions go through the same integer count of milliseconds. Days are proleptic
/// Gregorian, as ``Day`` counts them, whatever the year.
public enum Timestamp {
  /// `date` rounded to the millisecond, as the files keep it.
  public static func normalized(_ date: Date) -> Date {
    Timestamp.date(milliseconds: milliseconds(date))
  }

  /// The text form of `date` (rounded to the millisecond).
  public static func format(_ date: Date) -> String {
    let total = milliseconds(date)
    let (days, millisecondOfDay) = floorDivision(total, 86_400_000)
    let day = Day(daysSince1970: Int(days))
    let seconds = millisecondOfDay / 1000
    let (year, month, dayOfMonth) = day.components
    if (0...9999).contains(year) {
      // The moments of every file, written by bytes: the export writes a few hundred thousand.
      return String(unsafeUninitializedCapacity: 24) { text in
        func put(_ value: Int, _ count: Int, at start: Int, then separator: Unicode.Scalar) {
          Day.writeDigits(value, count: count, to: text, at: start)
          text[start + count] = UInt8(ascii: separator)
        }
        put(year, 4, at: 0, then: "-")
        put(month, 2, at: 5, then: "-")
        put(dayOfMonth, 2, at: 8, then: "T")
        put(Int(seconds / 3600), 2, at: 11, then: ":")
        put(Int(seconds / 60 % 60), 2, at: 14, then: ":")
        put(Int(seconds % 60), 2, at: 17, then: ".")
        put(Int(millisecondOfDay % 1000), 3, at: 20, then: "Z")
        return 24
      }
    }
    return day.description + "T" + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2)
      + ":" + pad(seconds % 60, 2) + "." + pad(millisecondOfDay % 1000, 3) + "Z"
  }

  /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else. Digits of the
  /// fraction past milliseconds are rounded away.
  public static func parse(_ text: String) -> Date? {
    if let fast = parseCanonical(text) { return fast }
    return parse(text, localTimeZone: nil)
  }

  /// Reads what ``parse(_:)`` reads, and also a moment without an offset, read on the wall clock
  /// of `timeZone`: `2026-11-29T08:00:00`, `2026-11-29T08:00` or `2026-11-29` (midnight). For
  /// moments that people type, such as `QUIZ_NOW`; the files always carry an offset.
  public static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
    parse(text, in: .zone(timeZone))
  }

  /// ``parse(_:in:)`` on the wall clock of `localTime`.
  public static func parse(_ text: String, in localTime: LocalTime) -> Date? {
    parse(text) ?? parse(text, localTimeZone: localTime)
  }

  private static func parse(_ text: String, localTimeZone: LocalTime?) -> Date? {
    let separator = text.firstIndex(of: "T") ?? text.endIndex
    guard let day = Day(String(text[..<separator])) else { return nil }
    if separator == text.endIndex {
      guard let localTimeZone else { return nil }
      return local(wholeSeconds: Int64(day.daysSince1970) * 86_400, in: localTimeZone)
    }
    var rest = Substring(text[text.index(after: separator)...])
    guard let hour = takeNumber(&rest, digits: 2), rest.popFirst() == ":",
      let minute = takeNumber(&rest, digits: 2), hour < 24, minute < 60
    else { return nil }
    var second = 0
    let hasSeconds = rest.first == ":"
    if hasSeconds {
      rest.removeFirst()
      guard let value = takeNumber(&rest, digits: 2), value < 61 else { return nil }
      second = value
    } else if localTimeZone == nil {
      return nil
    }
    var fraction = 0.0
    if hasSeconds, rest.first == "." {
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
        let offsetMinutes = takeNumber(&rest, digits: 2), offsetHours < 24, offsetMinutes < 60
      else { return nil }
      offsetSeconds = (sign == "-" ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
    } else if rest.isEmpty, let localTimeZone {
      let wallClock =
        Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
      return local(wholeSeconds: wallClock, in: localTimeZone).flatMap {
        moment(
          milliseconds:
            Int64(($0.timeIntervalSince1970 * 1000).rounded()) + Int64((fraction * 1000).rounded()))
      }
    } else {
      return nil
    }
    guard rest.isEmpty else { return nil }
    let wholeSeconds =
      Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
      - Int64(offsetSeconds)
    return moment(milliseconds: wholeSeconds * 1000 + Int64((fraction * 1000).rounded()))
  }

  /// The moment of a wall-clock time in `timeZone`. Its offset is looked up twice, at the guess
  /// and then at the moment the guess gives, which settles a time near a daylight-saving change.
  private static func local(wholeSeconds wallClock: Int64, in timeZone: LocalTime) -> Date? {
    guard let guess = moment(milliseconds: wallClock * 1000) else { return nil }
    let first = Int64(timeZone.secondsFromGMT(for: guess))
    guard let settled = moment(milliseconds: (wallClock - first) * 1000) else { return nil }
    return moment(milliseconds: (wallClock - Int64(timeZone.secondsFromGMT(for: settled))) * 1000)
  }

  /// The moment `milliseconds` after 1970, or nil outside ``supportedYears``: what the journal
  /// reads back is what may be written into it.
  public static func moment(milliseconds: Int64) -> Date? {
    supportedMilliseconds.contains(milliseconds) ? date(milliseconds: milliseconds) : nil
  }

  /// The years whose moments are read: within them a `Date` (a Double of seconds) keeps every
  /// millisecond, so that a moment read, written and read again is the same moment.
  public static let supportedYears = -99_999...99_999

  /// The days of ``supportedYears``, counted from 1970.
  package static let supportedDays: ClosedRange<Int> = {
    let first = Day(year: supportedYears.lowerBound, month: 1, day: 1)!
    let last = Day(year: supportedYears.upperBound, month: 12, day: 31)!
    return first.daysSince1970...last.daysSince1970
  }()

  package static let supportedMilliseconds: ClosedRange<Int64> =
    Int64(supportedDays.lowerBound) * 86_400_000...Int64(supportedDays.upperBound + 1)
    * 86_400_000 - 1

  /// ``parse(_:)`` for the form ``format(_:)`` writes, `YYYY-MM-DDTHH:MM:SS.mmmZ` in ASCII
  /// digits, by bytes, with the same checks and the same arithmetic (three digits of fraction
  /// are whole milliseconds); nil for any other text, which ``parse(_:)`` then reads as before.
  private static func parseCanonical(_ text: String) -> Date? {
    var text = text
    return text.withUTF8(parseCanonical)
  }

  /// ``parseCanonical(_:)`` on the text's UTF-8 bytes, for readers that hold bytes, not strings.
  package static func parseCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    guard bytes.count == 24, let text = bytes.baseAddress, text[4] == UInt8(ascii: "-"),
      text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"),
      text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "."), text[23] == UInt8(ascii: "Z")
    else { return nil }
    // Through the pointer, every digit checked at once: the journal's lines hold three moments
    // each, and the length was checked above, so a bounds check on every byte would only repeat
    // it.
    var isDigits = true
    func number(_ start: Int, _ count: Int) -> Int {
      var value = 0
      for index in start..<start + count {
        let digit = text[index] &- UInt8(ascii: "0")
        isDigits = isDigits && digit < 10
        value = value &* 10 &+ Int(digit)
      }
      return value
    }
    let year = number(0, 4)
    let month = number(5, 2)
    let dayOfMonth = number(8, 2)
    let hour = number(11, 2)
    let minute = number(14, 2)
    let second = number(17, 2)
    let millisecond = number(20, 3)
    guard isDigits, let day = Day(year: year, month: month, day: dayOfMonth),
      hour < 24, minute < 60, second < 61
    else { return nil }
    let wholeSeconds =
      Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    let milliseconds = wholeSeconds * 1000 + Int64(millisecond)
    guard supportedMilliseconds.contains(milliseconds) else { return nil }
    return date(milliseconds: milliseconds)
  }

  package static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  package static func date(milliseconds: Int64) -> Date {
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
