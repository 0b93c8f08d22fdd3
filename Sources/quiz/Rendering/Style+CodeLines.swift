import CardDeck

extension Style {
  /// Swift code as ``highlight(_:)`` colours it, a line at a time, each line no wider than
  /// `width` columns: a longer line is broken at its last white space that fits (dropped), else
  /// between tokens, and continues under its own indentation and four spaces more, as an
  /// editor wraps it; a token longer than a line (a comment, a string) is broken at a space in it, or
  /// anywhere. Colour is given to each piece, so a continued string or comment keeps its own.
  func highlightedLines(_ code: String, width: Int) -> [String] {
    var lines: [[(text: Substring, kind: SwiftToken.Kind)]] = [[]]
    for token in SwiftLexer.tokens(in: code) {
      let text = code[token.range]
      for (index, part) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if index > 0 { lines.append([]) }
        if !part.isEmpty { lines[lines.count - 1].append((part, token.kind)) }
      }
    }
    return lines.flatMap { wrapped($0, width: max(width, 20)) }
  }

  private func wrapped(
    _ line: [(text: Substring, kind: SwiftToken.Kind)], width: Int
  ) -> [String] {
    typealias Piece = (text: Substring, kind: SwiftToken.Kind)
    func render(_ pieces: some Sequence<Piece>) -> String {
      pieces.map { colored($0.text, $0.kind) }.joined()
    }
    func columns(_ pieces: some Sequence<Piece>) -> Int {
      pieces.reduce(0) { $0 + $1.text.count }
    }
    guard columns(line) > width else { return [render(line)] }
    let indentation = line.first.map { $0.kind == .whitespace ? $0.text.count : 0 } ?? 0
    let continuation: Piece = (
      Substring(String(repeating: " ", count: min(indentation + 4, width / 2))), .whitespace
    )
    var out: [String] = []
    // The line being filled: its pieces, the first being its indentation or continuation,
    // and where its tokens start.
    var current: [Piece] = []
    var firstToken = 0
    func breakLine(carrying carried: [Piece] = []) {
      out.append(render(current))
      current = [continuation] + carried
      firstToken = 1
    }
    for piece in line {
      if piece.kind == .whitespace {
        if current.count > firstToken || out.isEmpty { current.append(piece) }
        continue
      }
      var rest = piece.text
      while columns(current) + rest.count > width {
        if current.count > firstToken {
          // Broken at the last white space between tokens, as words are; else before this
          // token.
          if let gap = current.indices.last(where: {
            $0 > firstToken && current[$0].kind == .whitespace
          }) {
            let carried = Array(current[(gap + 1)...])
            current.removeSubrange(gap...)
            breakLine(carrying: carried)
          } else {
            while current.last?.kind == .whitespace { current.removeLast() }
            breakLine()
          }
          continue
        }
        // Longer than a line: cut at its last space that fits, else where the line ends.
        let room = rest.index(rest.startIndex, offsetBy: max(1, width - columns(current)))
        let cut = rest[..<room].lastIndex(of: " ").map { rest.index(after: $0) } ?? room
        current.append((rest[..<cut], piece.kind))
        breakLine()
        rest = rest[cut...].drop(while: { $0 == " " })
      }
      if !rest.isEmpty { current.append((rest, piece.kind)) }
    }
    out.append(render(current))
    return out
  }

  private func colored(_ text: Substring, _ kind: SwiftToken.Kind) -> String {
    guard usesColor else { return String(text) }
    return switch kind {
    case .keyword: apply(.keyword, text)
    case .string: apply(.string, text)
    case .number: apply(.number, text)
    case .comment: apply(.comment, text)
    case .attribute, .pound: apply(.attribute, text)
    case .identifier, .dollar, .operator, .punctuation, .whitespace: String(text)
    }
  }
}
