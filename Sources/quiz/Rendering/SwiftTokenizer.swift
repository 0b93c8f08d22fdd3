/// Splits Swift source into tokens, for highlighting and for comparing a typed attempt with the
/// expected code.
///
/// Not a full lexer: it knows what a reader needs to see apart (comments, strings, numbers,
/// keywords, attributes) and keeps every character, so joining the tokens gives the input back.
enum SwiftTokenizer {
  /// What a token is.
  enum Kind: Equatable {
    case keyword
    case identifier
    case string
    case number
    case comment
    case attribute
    case punctuation
    case whitespace
  }

  /// A token and its text.
  struct Token: Equatable {
    var kind: Kind
    var text: Substring
  }

  static let keywords: Set<Substring> = [
    "actor", "any", "as", "async", "await", "break", "case", "catch", "class", "continue",
    "default", "defer", "do", "else", "enum", "extension", "false", "fileprivate", "final", "for",
    "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "mutating",
    "nil", "nonisolated", "open", "operator", "override", "private", "protocol", "public",
    "repeat", "rethrows", "return", "self", "Self", "some", "static", "struct", "subscript",
    "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
  ]

  /// The tokens of `code`, whitespace included.
  static func tokens(_ code: String) -> [Token] {
    var tokens: [Token] = []
    var index = code.startIndex
    func take(_ kind: Kind, while predicate: (Character) -> Bool, from start: String.Index) {
      var end = start
      while end < code.endIndex, predicate(code[end]) { end = code.index(after: end) }
      if end == start { end = code.index(after: start) }
      tokens.append(Token(kind: kind, text: code[start..<end]))
      index = end
    }
    while index < code.endIndex {
      let character = code[index]
      let rest = code[index...]
      if character.isWhitespace {
        take(.whitespace, while: \.isWhitespace, from: index)
      } else if rest.hasPrefix("//") {
        take(.comment, while: { !$0.isNewline }, from: index)
      } else if rest.hasPrefix("/*") {
        let end = rest.range(of: "*/")?.upperBound ?? code.endIndex
        tokens.append(Token(kind: .comment, text: code[index..<end]))
        index = end
      } else if character == "\"" {
        let end = stringEnd(in: code, from: index)
        tokens.append(Token(kind: .string, text: code[index..<end]))
        index = end
      } else if character == "@" {
        take(
          .attribute, while: { $0 == "@" || $0.isLetter || $0.isNumber || $0 == "_" }, from: index)
      } else if character.isNumber {
        take(.number, while: { $0.isNumber || $0 == "." || $0 == "_" || $0.isLetter }, from: index)
      } else if character.isLetter || character == "_" || character == "$" || character == "`" {
        let start = index
        take(
          .identifier, while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "`" },
          from: start)
        if keywords.contains(tokens[tokens.count - 1].text) {
          tokens[tokens.count - 1].kind = .keyword
        }
      } else {
        tokens.append(Token(kind: .punctuation, text: code[index..<code.index(after: index)]))
        index = code.index(after: index)
      }
    }
    return tokens
  }

  /// The end of the string literal that starts at `start`: `"…"` with escapes and
  /// interpolations, or a `"""` block.
  private static func stringEnd(in code: String, from start: String.Index) -> String.Index {
    if code[start...].hasPrefix("\"\"\"") {
      let bodyStart = code.index(start, offsetBy: 3)
      return code[bodyStart...].range(of: "\"\"\"")?.upperBound ?? code.endIndex
    }
    var index = code.index(after: start)
    var depth = 0
    while index < code.endIndex {
      let character = code[index]
      if character.isNewline && depth == 0 { return index }
      if character == "\\" {
        index = code.index(after: index)
        if index < code.endIndex, code[index] == "(" { depth += 1 }
      } else if character == ")" && depth > 0 {
        depth -= 1
      } else if character == "\"" && depth == 0 {
        return code.index(after: index)
      }
      if index < code.endIndex { index = code.index(after: index) }
    }
    return code.endIndex
  }
}
