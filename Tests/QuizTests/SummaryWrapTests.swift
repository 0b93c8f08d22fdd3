import FoundationEssentials
import Testing

@testable import QuizApp
@testable import Scheduler

@Suite("Session summaries at the terminal's width")
struct SummaryWrapTests {
  @Test("wraps a long list of missed cards at spaces, never inside an id")
  func missedCardsWrap() {
    let ids = (1...8).map { "l24-toolbar-placements-\($0)" }
    var result = SessionResult()
    for id in ids {
      result.graded.append(
        .init(
          card: id, topic: "Toolbars", grade: Grade(rawValue: 1)!, seconds: 3, timedOut: false,
          attempt: nil))
    }
    let summary = SummaryPresenter(style: Style(usesColor: false), width: 80).drill(
      result, asked: ids.count)
    let lines = summary.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
    let words = Set(summary.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }))
    for id in ids { #expect(words.contains(Substring(id))) }
    // A line that fits keeps its spacing: the topic's score is aligned as before.
    #expect(lines.contains { $0.hasPrefix("  ✗ Toolbars ") })
  }
}
