import ReviewStorage
import Scheduler

/// The prompts a session shows where it reads a line: in UTF-8, or in ASCII where the locale has
/// no UTF-8 (see ``TerminalLocale``), so that readline counts them as the screen shows them.
struct SessionPrompts: Equatable {
  /// Before the first line of an attempt.
  var attempt: String
  /// The dash of `0–5`.
  private var dash: String
  /// Before each further line of a multi-line attempt.
  let continuation = "  "

  init(_ charset: TerminalCharset = .utf8) {
    attempt = charset == .utf8 ? "› " : "> "
    dash = charset == .utf8 ? "–" : "-"
  }

  /// `Grade 0–5 [4]: `, with the suggested grade if there is one.
  func grade(suggestion: Grade?) -> String {
    "Grade 0\(dash)5" + (suggestion.map { " [\($0)]" } ?? "") + ": "
  }
}
