import CardDeck

/// How the lines of an attempt are read: where a declaration begins, and which brackets are
/// still open, for whether an empty line ends the attempt.
extension ReviewSession {
  /// Whether `line` begins a declaration (`@State private var query = ""`, `let detents:
  /// Set<PresentationDetent> = […]`, `enum Tab { case browse, search }`, `private func go()
  /// {`), attributes and modifiers before its keyword: code that more code may follow after an
  /// empty line. (A one-line answer that is a `let` still ends at one: the caller asks only
  /// while the card's answer has more lines.)
  static func declares(_ line: String) -> Bool {
    let tokens = SwiftLexer.significantTokens(in: line)
    var index = 0
    var depth = 0
    while index < tokens.count {
      let token = tokens[index]
      let text = line[token.range]
      if depth > 0 {
        // An attribute's arguments: `@Environment(\.dismiss)`.
        if text == "(" { depth += 1 } else if text == ")" { depth -= 1 }
      } else if token.kind == .attribute
        || declarationModifiers.contains(String(text)) && token.kind != .string
      {
        // `@Environment(\.dismiss)`, `private(set)`, `nonisolated(unsafe)`.
        if index + 1 < tokens.count, line[tokens[index + 1].range] == "(" {
          depth = 1
          index += 1
        }
      } else {
        return token.kind == .keyword && declarationKeywords.contains(String(text))
          || text == "actor"
      }
      index += 1
    }
    return false
  }

  private static let declarationModifiers: Set<String> = [
    "private", "fileprivate", "internal", "public", "open", "static", "lazy", "weak",
    "nonisolated", "final", "unowned", "override", "dynamic", "mutating", "convenience",
    "required", "indirect",
  ]

  private static let declarationKeywords: Set<String> = [
    "var", "let", "func", "init", "enum", "struct", "class", "extension", "protocol",
    "typealias", "subscript",
  ]

  /// The braces, brackets and parentheses `line` opens less those it closes, strings and
  /// comments aside (a string or comment over several lines is read line by line).
  static func bracketBalance(of line: String) -> Int {
    var depth = 0
    for token in SwiftLexer.significantTokens(in: line) where token.kind == .punctuation {
      switch line[token.range] {
      case "{", "(", "[": depth += 1
      case "}", ")", "]": depth -= 1
      default: break
      }
    }
    return depth
  }
}
