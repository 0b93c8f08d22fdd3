import Scheduler

/// Small pieces of English for reports.
public enum ReportText {
  /// `1 card`, `2 cards`: the number and the noun, singular or plural.
  public static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
  }

  /// `a`, `a and b`, `a, b and c`.
  public static func list(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// `512 bytes`, `64 KiB`, `15.5 MiB`: a size, in the largest unit it has one of, to a tenth.
  public static func size(_ bytes: Int) -> String {
    let (unit, name) = bytes >= 1 << 20 ? (1 << 20, "MiB") : (1 << 10, "KiB")
    guard bytes >= 1 << 10 else { return count(bytes, "byte") }
    let tenths = (bytes * 10 + unit / 2) / unit
    return "\(tenths / 10)\(tenths % 10 == 0 ? "" : ".\(tenths % 10)") \(name)"
  }
}
