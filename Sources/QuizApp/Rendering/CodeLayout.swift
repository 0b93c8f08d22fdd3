import CardDeck

/// Lays out code a deck wrote on one line (an `also:` answer) as a person would write it.
///
/// A block's statements go one to a line, indented four spaces a level, and a call's modifiers
/// one to a line below it; a closure's parameters (`{ song in`) stay on its opening line, an
/// empty block (`{ }`) stays whole, and a closing brace keeps what continues it
/// (`} message: {`, `}.padding()`, `})`).
enum CodeLayout {
  /// `code` laid out, or `code` itself where it already has lines or no block to open.
  static func laidOut(_ code: String) -> String {
    // A deck's line of any length may come here: past a screen's worth, or blocks deeper than
    // a person writes, it is shown as written (each level indents every line below it).
    guard !code.contains("\n"), code.utf8.count <= 2_000,
      code.contains("{") || code.contains(";")
    else { return code }
    let tokens = SwiftLexer.tokens(in: code).filter { $0.kind != .whitespace }
    // The lexer reads no regex literal: `/\d{3}/` would be laid out as blocks.
    guard
      !tokens.contains(where: { $0.kind == .operator && code[$0.range].hasPrefix("/") })
    else { return code }
    var lines: [String] = []
    var line = ""
    // The indentation of the open block's statements; whether the statement is broken before
    // its modifiers (its lines after the first go four spaces further); the brackets open in
    // it. The same for each block around, to go back to at its `}`.
    var indent = 0
    var chained = false
    var brackets = 0
    var outer: [(indent: Int, chained: Bool, brackets: Int)] = []
    func endLine() {
      if !line.isEmpty {
        lines.append(String(repeating: "    ", count: indent + (chained ? 1 : 0)) + line)
      }
      line = ""
    }
    func append(_ index: Int) {
      let token = tokens[index]
      if !line.isEmpty && token.followsSpace { line += " " }
      line += code[token.range]
    }
    func text(_ index: Int) -> Substring? {
      tokens.indices.contains(index) ? code[tokens[index].range] : nil
    }
    var index = 0
    while index < tokens.count {
      let isPunctuation = tokens[index].kind == .punctuation
      switch isPunctuation ? text(index) : nil {
      case "{":
        if text(index + 1) == "}" {
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
        let statements = indent + (chained ? 1 : 0) + 1
        guard statements <= 16 else { return code }
        endLine()
        outer.append((indent, chained, brackets))
        (indent, chained, brackets) = (statements, false, 0)
      case "}":
        endLine()
        if let enclosing = outer.popLast() { (indent, chained, brackets) = enclosing }
        line = "}"
        // What continues the closing brace stays with it: a labelled trailing closure, a
        // modifier, the call's closing parenthesis, `else`.
        if [nil, "}", ";"].contains(text(index + 1)) { endLine() }
      case ";":
        endLine()
        (chained, brackets) = (false, 0)
      case "(", "[":
        append(index)
        brackets += 1
      case ")", "]":
        append(index)
        brackets -= 1
      case "."
      where brackets == 0 && text(index - 1) == ")" && !line.isEmpty
        && tokens.indices.contains(index + 1) && tokens[index + 1].kind == .identifier:
        // A modifier on a call goes on a line of its own, as SwiftUI code is written.
        endLine()
        chained = true
        append(index)
      default:
        append(index)
        // A line comment runs to the end of the line it is on.
        if tokens[index].kind == .comment && code[tokens[index].range].hasPrefix("//") {
          endLine()
        }
      }
      index += 1
    }
    endLine()
    return lines.joined(separator: "\n")
  }

  /// The index of the `in` that ends a closure's signature opened at `open`, if the closure
  /// has one: names and types, `_`, a capture list, punctuation and `->` come before it.
  private static func closureSignatureEnd(after open: Int, in tokens: [SwiftToken], code: String)
    -> Int?
  {
    var index = open + 1
    while index < tokens.count, index - open <= 24 {
      let token = tokens[index]
      let text = code[token.range]
      if token.kind == .keyword && text == "in" { return index > open + 1 ? index : nil }
      let isSignature =
        token.kind == .identifier
        || (token.kind == .keyword
          && ["_", "self", "weak", "unowned", "inout", "async", "throws", "some", "any"]
            .contains(text))
        || (token.kind == .punctuation
          && [",", "(", ")", "[", "]", ":", "?", ".", "!"].contains(text))
        || (token.kind == .operator && text == "->")
      guard isSignature else { return nil }
      index += 1
    }
    return nil
  }
}
