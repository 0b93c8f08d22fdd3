import CardDeck

/// How text is dressed on the terminal: ANSI colours and weights, or nothing at all.
struct Style: Equatable {
  /// Whether escape codes are written; false for pipes, `NO_COLOR` and `--no-color`.
  var usesColor: Bool

  /// A role a piece of text plays on the screen.
  enum Role {
    case keyword, string, number, comment, attribute
    case heading, dim, good, bad, warn, accent, missing
  }

  /// `text` dressed for `role`, or unchanged without colour.
  func apply(_ role: Role, _ text: some StringProtocol) -> String {
    guard usesColor, !text.isEmpty else { return String(text) }
    let code =
      switch role {
      case .keyword: "35"
      case .string: "32"
      case .number: "34"
      case .comment: "2;3"
      case .attribute: "36"
      case .heading: "1"
      case .dim: "2"
      case .good: "32"
      case .bad: "31;1"
      case .warn: "33"
      case .accent: "36"
      case .missing: "31;4"
      }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  /// Prose with its inline Markdown rendered on a terminal: `code` spans and **strong** text in
  /// bold, without their marks; unchanged without colour, where the marks are what sets them
  /// apart. A mark left open is kept as written. Wrap first: the escape codes take no columns,
  /// the marks do.
  func inlineMarkdown(_ text: String) -> String {
    guard usesColor, text.contains("`") || text.contains("**") else { return text }
    enum State { case prose, code, strong }
    var state = State.prose
    var out = ""
    var span = ""
    var characters = Substring(text)
    while let character = characters.popFirst() {
      switch (state, character) {
      case (.prose, "`"):
        state = .code
      case (.code, "`"):
        out += apply(.heading, span)
        span = ""
        state = .prose
      case (.prose, "*") where characters.first == "*":
        characters.removeFirst()
        state = .strong
      case (.strong, "*") where characters.first == "*":
        characters.removeFirst()
        out += apply(.heading, span)
        span = ""
        state = .prose
      case (.prose, _):
        out.append(character)
      case (.code, _), (.strong, _):
        span.append(character)
      }
    }
    switch state {
    case .prose: return out
    case .code: return out + "`" + span
    case .strong: return out + "**" + span
    }
  }

  /// How many columns `text` takes once ``inlineMarkdown(_:)`` has dressed it: with colour, its
  /// code spans' backticks and its strong spans' asterisks do not show. For wrapping text that
  /// is dressed after.
  func shownColumns(_ text: Substring) -> Int {
    usesColor
      ? text.count - text.count(where: { $0 == "`" }) - 2 * text.ranges(of: "**").count
      : text.count
  }

  /// A heading's text: on a terminal, where the whole heading is bold, without the backquotes
  /// of its code spans.
  func headingText(_ text: String) -> String {
    usesColor ? String(text.filter { $0 != "`" }) : text
  }

  /// Swift code with keywords, strings, numbers, comments and attributes coloured.
  func highlight(_ code: String) -> String {
    highlightedLines(code, width: .max).joined(separator: "\n")
  }
}
