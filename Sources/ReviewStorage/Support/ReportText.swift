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
}
