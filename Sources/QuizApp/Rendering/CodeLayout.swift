import CardDeck

/// Lays out code a deck wrote on one line (an `also:` answer) as a person would write it.
///
/// A block's statements go one to a line, indented four spaces a level; a closure's
/// parameters (`{ song in`) stay on its opening line, an empty block (`{ }`) stays whole, and a
/// closing brace keeps what continues it (`} message: {`, `}.padding()`, `})`).
enum CodeLayout {
  /// `code` laid out, or `code` itself where it already has lines or no block to open.
  static func laidOut(_ code: String) -> String {
    guard !code.contains("\n"), code.contains("{") || code.contains(";") else { return code }
    let tokens = SwiftLexer.tokens(in: code).filter(\.isSignificant)
    var lines: [String] = []
    var line = ""
    var depth = 0
    func endLine() {
      if !line.isEmpty { lines.append(String(repeating: "    ", count: depth) + line) }
      line = ""
    }
    func append(_ index: Int) {
      let token = tokens[index]
      if !line.isEmpty && token.followsSpace { line += " " }
      line += code[token.range]
    }
    var index = 0
    while index < tokens.count {
      let text = code[tokens[index].range]
      switch (tokens[index].kind, text) {
      case (.punctuation, "{"):
        if index + 1 < tokens.count, code[tokens[index + 1].range] == "}" {
          append(index)
          append(index + 1)
          index += 2
          continue
        }
        append(index)
        if let end = closureSignatureEnd(after: index, in: tokens, code: code) {
          for inner in (index + 1)...end { append(inner) }
          index = end
        }
        endLine()
        depth += 1
      case (.punctuation, "}"):
        endLine()
        depth = max(0, depth - 1)
        line = "}"
        let next = index + 1 < tokens.count ? code[tokens[index + 1].range] : nil
        // What continues the closing brace stays with it: a labelled trailing closure, a
        // modifier, the call's closing parenthesis, `else`.
        if next == nil || next == "}" || next == ";" { endLine() }
      case (.punctuation, ";"):
        endLine()
      default:
        append(index)
      }
      index += 1
    }
    endLine()
    return lines.joined(separator: "\n")
  }

  /// The index of the `in` that ends a closure's parameter list opened at `open`, if the
  /// closure has one: only names, `_`, commas and parentheses come before it.
  private static func closureSignatureEnd(after open: Int, in tokens: [SwiftToken], code: String)
    -> Int?
  {
    var index = open + 1
    while index < tokens.count, index - open <= 12 {
      let token = tokens[index]
      let text = code[token.range]
      if token.kind == .keyword && text == "in" { return index > open + 1 ? index : nil }
      let isSignature =
        token.kind == .identifier || (token.kind == .keyword && text == "_")
        || (token.kind == .punctuation && [",", "(", ")"].contains(text))
      guard isSignature else { return nil }
      index += 1
    }
    return nil
  }
}
