/// Splits Swift source into tokens, keeping every character, so that joining the tokens' text
/// gives the source back.
///
/// It knows the lexical grammar a reader needs: comments (nested), string literals with escapes,
/// interpolations, `"""` blocks and raw `#"…"#` delimiters, numbers, operators, `$`, `@` and `#`
/// names. Invalid input is never an error: an unexpected character is a one-character token.
public enum SwiftLexer {
  /// Swift's reserved words, as far as code on a card uses them.
  public static let keywords: Set<Substring> = [
    "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class",
    "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough",
    "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "init",
    "inout", "internal", "is", "lazy", "let", "mutating", "nil", "nonisolated", "open",
    "operator", "override", "private", "protocol", "public", "repeat", "rethrows", "return",
    "self", "Self", "set", "some", "static", "struct", "subscript", "super", "switch", "throw",
    "throws", "true", "try", "typealias", "var", "weak", "where", "while",
  ]

  /// The tokens of `source`, white space and comments included.
  public static func tokens(in source: String) -> [SwiftToken] {
    var lexer = Lexer(source: source)
    return lexer.run()
  }

  /// The tokens of `source` that carry meaning.
  public static func significantTokens(in source: String) -> [SwiftToken] {
    tokens(in: source).filter(\.isSignificant)
  }
}

private struct Lexer {
  let source: String
  let scalars: String.UnicodeScalarView
  var index: String.Index
  var line = 1
  var tokens: [SwiftToken] = []

  init(source: String) {
    self.source = source
    self.scalars = source.unicodeScalars
    self.index = scalars.startIndex
  }

  mutating func run() -> [SwiftToken] {
    while index < scalars.endIndex {
      let start = index
      let startLine = line
      let kind = next()
      let followsSpace =
        tokens.last.map { $0.kind == .whitespace || $0.kind == .comment } ?? true
      tokens.append(
        SwiftToken(kind: kind, range: start..<index, line: startLine, followsSpace: followsSpace))
    }
    return tokens
  }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    var position = index
    for _ in 0..<offset {
      guard position < scalars.endIndex else { return nil }
      position = scalars.index(after: position)
    }
    return position < scalars.endIndex ? scalars[position] : nil
  }

  private mutating func advance() {
    if scalars[index] == "\n" { line += 1 }
    index = scalars.index(after: index)
  }

  private mutating func advance(while predicate: (Unicode.Scalar) -> Bool) {
    while let scalar = peek(), predicate(scalar) { advance() }
  }

  /// Reads one token and says what it was.
  private mutating func next() -> SwiftToken.Kind {
    let scalar = scalars[index]
    switch scalar {
    case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}":
      advance(while: Self.isWhitespace)
      return .whitespace
    case "/" where peek(1) == "/":
      advance(while: { $0 != "\n" })
      return .comment
    case "/" where peek(1) == "*":
      blockComment()
      return .comment
    case "\"":
      string(hashes: 0)
      return .string
    case "#":
      var hashes = 0
      while peek(hashes) == "#" { hashes += 1 }
      if peek(hashes) == "\"" {
        for _ in 0..<hashes { advance() }
        string(hashes: hashes)
        return .string
      }
      advance()
      advance(while: Self.isIdentifierPart)
      return .pound
    case "@":
      advance()
      advance(while: Self.isIdentifierPart)
      return .attribute
    case "$":
      advance()
      advance(while: Self.isIdentifierPart)
      return .dollar
    case "`":
      advance()
      advance(while: { $0 != "`" && $0 != "\n" })
      if peek() == "`" { advance() }
      return .identifier
    case "0"..."9":
      number()
      return .number
    case ".":
      if peek(1) == "." {
        advance()
        advance()
        if peek() == "." || peek() == "<" { advance() }
        return .operator
      }
      advance()
      return .punctuation
    case "(", ")", "[", "]", "{", "}", ",", ":", ";", "\\":
      advance()
      return .punctuation
    case "?", "!":
      // Right after an operand, `?` and `!` are postfix (optional chaining, unwrapping).
      let postfix =
        !(tokens.last?.kind == .whitespace)
        && [.identifier, .keyword, .dollar, .punctuation, .string, .number].contains(
          tokens.last?.kind)
        && !["(", "[", "{", ",", ":", ";"].contains(lastText)
      if postfix && !(scalar == "!" && peek(1) == "=") && !(scalar == "?" && peek(1) == "?") {
        advance()
        return .punctuation
      }
      advance()
      advance(while: Self.isOperatorCharacter)
      return .operator
    default:
      if Self.isIdentifierStart(scalar) {
        advance()
        advance(while: Self.isIdentifierPart)
        return SwiftLexer.keywords.contains(source[tokenStart..<index]) ? .keyword : .identifier
      }
      if Self.isOperatorCharacter(scalar) {
        advance()
        advance(while: Self.isOperatorCharacter)
        return .operator
      }
      advance()
      return .punctuation
    }
  }

  private var tokenStart: String.Index { tokens.last?.range.upperBound ?? scalars.startIndex }

  private var lastText: Substring {
    guard let last = tokens.last else { return "" }
    return source[last.range]
  }

  private mutating func blockComment() {
    var depth = 0
    while index < scalars.endIndex {
      if peek() == "/" && peek(1) == "*" {
        depth += 1
        advance()
        advance()
      } else if peek() == "*" && peek(1) == "/" {
        depth -= 1
        advance()
        advance()
        if depth == 0 { return }
      } else {
        advance()
      }
    }
  }

  /// A string literal from its opening quote: `"…"` ends at its line, `"""` at the closing
  /// delimiter; `hashes` is the number of `#` of a raw string.
  private mutating func string(hashes: Int) {
    let multiline = peek(1) == "\"" && peek(2) == "\""
    for _ in 0..<(multiline ? 3 : 1) { advance() }
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\n" && !multiline { return }
      if scalar == "\\" && hasHashes(hashes, after: 1) {
        for _ in 0...hashes { advance() }
        if peek() == "(" {
          interpolation()
        } else if index < scalars.endIndex {
          advance()
        }
        continue
      }
      if scalar == "\"" && (!multiline || (peek(1) == "\"" && peek(2) == "\"")) {
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        if hasHashes(hashes, after: 0) {
          for _ in 0..<hashes { advance() }
          return
        }
        continue
      }
      advance()
    }
  }

  private func hasHashes(_ count: Int, after offset: Int) -> Bool {
    (0..<count).allSatisfy { peek(offset + $0) == "#" }
  }

  /// `(…)` inside a string, with nested parentheses and strings.
  private mutating func interpolation() {
    var depth = 0
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\"" {
        string(hashes: 0)
        continue
      }
      if scalar == "\n" && depth == 0 { return }
      advance()
      if scalar == "(" { depth += 1 }
      if scalar == ")" {
        depth -= 1
        if depth == 0 { return }
      }
    }
  }

  private mutating func number() {
    advance()
    while let scalar = peek() {
      if Self.isIdentifierPart(scalar) {
        advance()
      } else if scalar == ".", let after = peek(1), ("0"..."9").contains(after) {
        advance()
      } else if scalar == "-" || scalar == "+", let before = previousScalar,
        before == "e" || before == "E" || before == "p" || before == "P"
      {
        advance()
      } else {
        return
      }
    }
  }

  private var previousScalar: Unicode.Scalar? {
    index > scalars.startIndex ? scalars[scalars.index(before: index)] : nil
  }

  // ASCII first: Unicode properties are looked up in tables, and code is mostly ASCII.
  static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0x5F: return true
    case 0..<0x80: return false
    default: return scalar.properties.isAlphabetic || scalar.properties.isEmojiPresentation
    }
  }

  static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true
    case 0..<0x80: return false
    default:
      return isIdentifierStart(scalar) || scalar.properties.numericType != nil
        || scalar.properties.generalCategory == .nonspacingMark
    }
  }

  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09...0x0D: return true
    case 0..<0x80: return false
    default: return scalar.properties.isWhitespace
    }
  }

  static func isOperatorCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "/", "=", "-", "+", "!", "*", "%", "<", ">", "&", "|", "^", "~", "?": true
    default: false
    }
  }
}
