import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// The end of a session in a few lines: what was done, how well, and what comes next.
struct SummaryPresenter {
  var style: Style
  /// The terminal's width: plain lines are wrapped at spaces to it, so that no card id is cut
  /// where the terminal would break it.
  var width = Int.max

  /// `lines` joined, each plain one longer than the width wrapped to it (a styled heading is
  /// short; a line that fits keeps its spacing).
  private func joined(_ lines: [String]) -> String {
    let wrapper = TextWrapper(width: width)
    return lines.map { line in
      line.count <= width || line.contains("\u{1B}") ? line : wrapper.wrap(line)
    }.joined(separator: "\n")
  }

  /// The summary of a review session that ended at `now`.
  func review(
    _ result: SessionResult, streak: Int, outlook: ReviewQueue.Outlook, today: Day, now: Date,
    dayClock: DayClock? = nil, notes: [String] = []
  ) -> String {
    var lines: [String] = []
    // A card graded below 4 comes back in the session: its cards and its reviews apart.
    let cards = Set(result.graded.map(\.card)).count
    let reviews = result.graded.count
    lines.append(
      style.apply(
        .heading,
        "Reviewed \(ReportText.count(cards, "card"))"
          + (reviews > cards ? " (\(ReportText.count(reviews, "review")))" : "")
          + " in \(Self.duration(result.seconds))."
      ))
    if !result.graded.isEmpty {
      let grades = Grade.allCases.reversed().compactMap { grade -> String? in
        let times = result.graded.filter { $0.grade == grade }.count
        return times == 0 ? nil : "\(grade) ×\(times)"
      }
      let accuracy = Int(((result.accuracy ?? 0) * 100).rounded())
      lines.append(
        "Grades: \(grades.joined(separator: "  ")). Accuracy \(accuracy)% (3 or better).")
    }
    var extra: [String] = []
    if result.skipped > 0 { extra.append("\(result.skipped) skipped") }
    if result.suspended > 0 { extra.append("\(result.suspended) suspended") }
    if !extra.isEmpty { lines.append(extra.joined(separator: ", ").capitalizedFirst + ".") }
    lines += notes
    lines.append("Streak: \(ReportText.count(streak, "day")).")
    if let learning = outlook.learning {
      let wait = learning.due.timeIntervalSince(now)
      lines.append(
        "\(ReportText.count(learning.count, "card")) still learning: next "
          + (wait > 0 ? "in \(Self.wait(wait))" : "due now") + " (\(learning.next)).")
    }
    if outlook.dueToday > 0 {
      lines.append(
        "Still due today: \(ReportText.count(outlook.dueToday, "card")) ('quiz' shows them).")
    }
    if let next = outlook.next {
      lines.append(
        "Next: \(ReportText.count(next.due, "card")) due "
          + (dayClock.map { DayWords(today: today, clock: $0, now: now).describe(next.day) }
            ?? DayWords.describe(next.day, from: today))
          + (outlook.dueToday > 0 ? ", counting the \(outlook.dueToday) still due today." : "."))
    }
    return joined(lines)
  }

  /// The summary of a drill: a score per topic and the cards missed.
  func drill(_ result: SessionResult, asked: Int) -> String {
    var lines = [
      style.apply(
        .heading,
        "Drill: \(result.recalled.count) of \(result.graded.count) right, in \(Self.duration(result.seconds))."
      )
    ]
    var topics: [String] = []
    for entry in result.graded where !topics.contains(entry.topic) { topics.append(entry.topic) }
    for topic in topics {
      let entries = result.graded.filter { $0.topic == topic }
      let right = entries.filter(\.grade.isRecalled).count
      let mark = right == entries.count ? style.apply(.good, "✓") : style.apply(.bad, "✗")
      lines.append("  \(mark) \(topic.padded(to: 32)) \(right)/\(entries.count)")
    }
    let missed = result.graded.filter { !$0.grade.isRecalled }
    if !missed.isEmpty {
      lines.append("Missed: \(missed.map(\.card).joined(separator: ", "))")
      lines.append(
        "Review them now: quiz review " + missed.map { "--card \($0.card)" }.joined(separator: " "))
    }
    if result.graded.count < asked {
      lines.append(
        style.apply(.dim, "\(asked - result.graded.count) of \(asked) questions not answered."))
    }
    return joined(lines)
  }

  /// How long until a learning step ends, rounded up to the minute: `1 min`, `10 min`, `2 h`,
  /// `1 h 05 min`.
  static func wait(_ seconds: Double) -> String {
    let minutes = max(1, Int((seconds / 60).rounded(.up)))
    if minutes < 60 { return "\(minutes) min" }
    let hours = "\(minutes / 60) h"
    return minutes % 60 == 0 ? hours : hours + " \(minutes % 60 < 10 ? "0" : "")\(minutes % 60) min"
  }

  /// `45 s`, `3 min 05 s`, `1 h 02 min`.
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    if total < 60 { return "\(total) s" }
    if total < 3600 { return "\(total / 60) min \(twoDigits(total % 60)) s" }
    return "\(total / 3600) h \(twoDigits(total % 3600 / 60)) min"
  }
}
