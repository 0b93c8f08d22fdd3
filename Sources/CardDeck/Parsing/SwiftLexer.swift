/// Splits Swift source into tokens, keeping every character, so that joining the tokens' text
/// gives the source back.
///
/// It knows the lexical grammar a reader needs: comments (nested), string literals with escapes,
/// interpolations, `"""` blocks and raw `#"…"#` delimiters, numbers, operators, `$`, `@` and `#`
/// names. Invalid input is never an error: an unexpected character is a one-character token.
public enum SwiftLexer {
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

/// The lexer works on the source's UTF-8 bytes, with a fast path for ASCII, and turns byte
/// offsets into `String.Index`es once per token.
private struct Lexer {
  let source: String
  let bytes: [UInt8]
  var offset = 0
  var line = 1
  var tokens: [SwiftToken] = []
  /// The index of `cursorOffset` in `source.utf8`, moved on token by token.
  var cursor: String.Index
  var cursorOffset = 0
  var lastKind: SwiftToken.Kind?
  var lastStart = 0

  init(source: String) {
    self.source = source
    self.bytes = Array(source.utf8)
    self.cursor = source.utf8.startIndex
  }

  mutating func run() -> [SwiftToken] {
    while offset < bytes.count {
      let start = offset
      let startLine = line
      let kind = next()
      let followsSpace = lastKind.map { $0 == .whitespace || $0 == .comment } ?? true
      let lower = cursor
      cursor = source.utf8.index(cursor, offsetBy: offset - cursorOffset)
      cursorOffset = offset
      tokens.append(
        SwiftToken(kind: kind, range: lower..<cursor, line: startLine, followsSpace: followsSpace))
      lastKind = kind
      lastStart = start
    }
    return tokens
  }

  private func peek(_ ahead: Int = 0) -> UInt8? {
    offset + ahead < bytes.count ? bytes[offset + ahead] : nil
  }

  /// The scalar at the current offset, decoded from its UTF-8 bytes.
  private func scalar() -> Unicode.Scalar {
    let first = bytes[offset]
    if first < 0x80 { return Unicode.Scalar(first) }
    let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
    var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for k in 1..<length where offset + k < bytes.count {
      value = value << 6 | (UInt32(bytes[offset + k]) & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  /// Moves past one scalar.
  private mutating func advance() {
    let first = bytes[offset]
    if first == 0x0A { line += 1 }
    offset += first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    offset = min(offset, bytes.count)
  }

  private mutating func advance(while predicate: (Unicode.Scalar) -> Bool) {
    while offset < bytes.count, predicate(scalar()) { advance() }
  }

  private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }

  private func isNext(_ character: Unicode.Scalar, _ ahead: Int = 0) -> Bool {
    peek(ahead) == ascii(character)
  }

  private var lastText: Substring {
    guard lastKind != nil else { return "" }
    let start = source.utf8.index(cursor, offsetBy: lastStart - cursorOffset)
    return source[start..<cursor]
  }

  /// Reads one token and says what it was.
  private mutating func next() -> SwiftToken.Kind {
    let current = scalar()
    switch current {
    case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}":
      advance(while: Self.isWhitespace)
      return .whitespace
    case "/" where isNext("/", 1):
      advance(while: { $0 != "\n" })
      return .comment
    case "/" where isNext("*", 1):
      blockComment()
      return .comment
    case "\"":
      string(hashes: 0)
      return .string
    case "#":
      return pound()
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
      if isNext("`") { advance() }
      return .identifier
    case "0"..."9":
      number()
      return .number
    case ".":
      return dots()
    case "(", ")", "[", "]", "{", "}", ",", ":", ";", "\\":
      advance()
      return .punctuation
    case "?", "!":
      return questionOrExclamation(current)
    default:
      return nameOrOperator(current)
    }
  }

  /// A token that starts with `#`: a raw string, a run of `#`, or a `#name`.
  private mutating func pound() -> SwiftToken.Kind {
    var hashes = 0
    while isNext("#", hashes) { hashes += 1 }
    if isNext("\"", hashes), hashes <= 16 {
      for _ in 0..<hashes { advance() }
      string(hashes: hashes)
      return .string
    }
    // A run of `#` is one token, so that a long run is read once, not once a `#`.
    for _ in 0..<max(1, hashes) { advance() }
    if hashes <= 1 { advance(while: Self.isIdentifierPart) }
    return .pound
  }

  /// A token that starts with `.`: a range operator, or a dot.
  private mutating func dots() -> SwiftToken.Kind {
    if isNext(".", 1) {
      advance()
      advance()
      if isNext(".") || isNext("<") { advance() }
      return .operator
    }
    advance()
    return .punctuation
  }

  /// A `?` or `!`: postfix punctuation right after an operand, else an operator.
  private mutating func questionOrExclamation(_ current: Unicode.Scalar) -> SwiftToken.Kind {
    // Right after an operand, `?` and `!` are postfix (optional chaining, unwrapping).
    let postfix =
      lastKind != .whitespace
      && [.identifier, .keyword, .dollar, .punctuation, .string, .number].contains(lastKind)
      && !["(", "[", "{", ",", ":", ";"].contains(lastText)
    if postfix && !(current == "!" && isNext("=", 1)) && !(current == "?" && isNext("?", 1)) {
      advance()
      return .punctuation
    }
    advance()
    advance(while: Self.isOperatorCharacter)
    return .operator
  }

  /// A name or keyword, an operator, or any other scalar as punctuation of its own.
  private mutating func nameOrOperator(_ current: Unicode.Scalar) -> SwiftToken.Kind {
    if Self.isIdentifierStart(current) {
      let start = offset
      advance()
      advance(while: Self.isIdentifierPart)
      return isKeyword(from: start) ? .keyword : .identifier
    }
    if Self.isOperatorCharacter(current) {
      advance()
      advance(while: Self.isOperatorCharacter)
      return .operator
    }
    advance()
    return .punctuation
  }

  /// Whether the bytes from `start` to the current offset spell a reserved word (see
  /// ``SwiftKeyword/reserved``).
  private func isKeyword(from start: Int) -> Bool {
    // `associatedtype`, the one longer word, has always been read as a name.
    guard offset - start <= 13 else { return false }
    return bytes.withUnsafeBufferPointer {
      SwiftKeyword.isReserved(UnsafeBufferPointer(rebasing: $0[start..<offset]))
    }
  }

  private mutating func blockComment() {
    var depth = 0
    while offset < bytes.count {
      if isNext("/") && isNext("*", 1) {
        depth += 1
        advance()
        advance()
      } else if isNext("*") && isNext("/", 1) {
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
    let multiline = isNext("\"", 1) && isNext("\"", 2)
    for _ in 0..<(multiline ? 3 : 1) { advance() }
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == 0x0A && !multiline { return }
      if byte == ascii("\\") && hasHashes(hashes, after: 1) {
        for _ in 0...hashes { advance() }
        if isNext("(") {
          interpolation()
        } else if offset < bytes.count {
          advance()
        }
        continue
      }
      if byte == ascii("\"") && (!multiline || (isNext("\"", 1) && isNext("\"", 2))) {
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

  private func hasHashes(_ count: Int, after ahead: Int) -> Bool {
    (0..<count).allSatisfy { isNext("#", ahead + $0) }
  }

  /// How deep strings are nested in interpolations; past a limit, a nested quote ends the
  /// interpolation instead of opening a string, so that any input is read without recursing
  /// without bound.
  var stringDepth = 0

  /// `(…)` inside a string, with nested parentheses and strings.
  private mutating func interpolation() {
    var depth = 0
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == ascii("\""), stringDepth < 32 {
        stringDepth += 1
        string(hashes: 0)
        stringDepth -= 1
        continue
      }
      if byte == ascii("\"") { return }
      if byte == 0x0A && depth == 0 { return }
      advance()
      if byte == ascii("(") { depth += 1 }
      if byte == ascii(")") {
        depth -= 1
        if depth == 0 { return }
      }
    }
  }

  private mutating func number() {
    advance()
    while let byte = peek() {
      let previous = bytes[offset - 1]
      if byte >= 0x80 || Self.isIdentifierPart(Unicode.Scalar(byte)) {
        if byte >= 0x80 && !Self.isIdentifierPart(scalar()) { return }
        advance()
      } else if byte == ascii("."), let after = peek(1), (0x30...0x39).contains(after) {
        advance()
      } else if byte == ascii("-") || byte == ascii("+"),
        [ascii("e"), ascii("E"), ascii("p"), ascii("P")].contains(previous)
      {
        advance()
      } else {
        return
      }
    }
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
