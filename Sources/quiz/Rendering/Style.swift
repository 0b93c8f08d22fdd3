/// How text is dressed on the terminal: ANSI colours and weights, or nothing at all.
struct Style: Equatable {
  /// Whether escape codes are written; false for pipes, `NO_COLOR` and `--no-color`.
  var usesColor: Bool

  /// A role a piece of text plays on the screen.
  enum Role {
    case keyword, string, number, comment, attribute
    case heading, dim, good, bad, warn, accent
  }

  /// `text` dressed for `role`, or unchanged without colour.
  func apply(_ role: Role, _ text: some StringProtocol) -> String {
    guard usesColor, !text.isEmpty else { return String(text) }
    let code =
      switch role {
      case .keyword: "35"
      case .string: "31"
      case .number: "34"
      case .comment: "2;3"
      case .attribute: "33"
      case .heading: "1"
      case .dim: "2"
      case .good: "32"
      case .bad: "31;1"
      case .warn: "33"
      case .accent: "36"
      }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  /// Swift code with keywords, strings, numbers, comments and attributes coloured.
  func highlight(_ code: String) -> String {
    guard usesColor else { return code }
    return SwiftTokenizer.tokens(code).map { token in
      switch token.kind {
      case .keyword: apply(.keyword, token.text)
      case .string: apply(.string, token.text)
      case .number: apply(.number, token.text)
      case .comment: apply(.comment, token.text)
      case .attribute: apply(.attribute, token.text)
      case .identifier, .punctuation, .whitespace: String(token.text)
      }
    }.joined()
  }
}
