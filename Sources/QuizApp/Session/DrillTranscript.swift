import CardDeck
import ReviewStorage
import Scheduler

/// The record of a drill in Markdown: per question, the prompt, the answer given, the time
/// taken, the grade, and what interviewers listen for as a checklist.
struct DrillTranscript {
  /// The drill's day, seed and time limit, for the heading.
  var day: Day
  var seed: Int
  var timeLimit: Int?

  /// The transcript of `result`, whose cards are among `cards`.
  func markdown(_ result: SessionResult, cards: [Card], asked: Int) -> String {
    let byID = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var text = "# Drill, \(day) (seed \(seed)"
    text += (timeLimit.map { ", \($0) s a question" } ?? "") + ")\n\n"
    text +=
      "\(result.recalled.count) of \(result.graded.count) right (3 or better), "
      + "\(result.graded.count) of \(ReportText.count(asked, "question")) answered, in "
      + "\(SummaryPresenter.duration(result.seconds)).\n"
    for (index, entry) in result.graded.enumerated() {
      guard let card = byID[entry.card] else { continue }
      text += "\n" + section(index + 1, card: card, entry: entry)
    }
    return text
  }

  /// One question's section.
  private func section(_ number: Int, card: Card, entry: SessionResult.Graded) -> String {
    var lines = ["## \(number). \(card.title?.capitalizedFirst ?? card.topic)", ""]
    lines.append("`\(card.id)` · \(card.kind.rawValue) · \(card.topic)")
    lines.append("")
    if !card.prompt.text.isEmpty { lines += [card.prompt.text, ""] }
    if let code = card.prompt.code { lines += [fence(code.text, language: "swift"), ""] }
    lines.append(
      "**Your answer** (\(SummaryPresenter.duration(entry.seconds))"
        + (entry.timedOut ? ", out of time" : "") + "):")
    lines.append("")
    lines.append(entry.attempt.map { fence($0, language: "text") } ?? "_Nothing typed._")
    lines.append("")
    lines.append(
      "**Grade:** \(entry.grade) of 5 (\(ReviewSession.gradeLegend[entry.grade.rawValue]))")
    if case .interview(let interview) = card.content {
      lines += ["", "**What interviewers listen for:**", ""]
      lines += Self.points(interview.listenFor).map { "- [ ] " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The points of a "listen for" sentence: its parts between semicolons, without a leading
  /// "and" or the final full stop.
  static func points(_ listenFor: String) -> [String] {
    listenFor.split(separator: ";").map { part in
      var point = part.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingSpaces()
      if point.hasPrefix("and ") { point.removeFirst(4) }
      if point.hasSuffix(".") { point.removeLast() }
      return point
    }.filter { !$0.isEmpty }
  }

  /// `text` in a fenced block whose fence is longer than any run of backticks inside it.
  private func fence(_ text: String, language: String) -> String {
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return fence + language + "\n" + text + "\n" + fence
  }
}
