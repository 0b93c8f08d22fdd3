import CardDeck

extension Style {
  /// Swift code as ``highlight(_:)`` colours it, a line at a time, each line no wider than
  /// `width` columns: a longer line is broken at its last white space that fits (dropped), after
  /// a comma or an opening bracket where it can, else between tokens, and continues under its own indentation and four spaces more, as an
  /// editor wraps it; a token longer than a line (a comment, a string) is broken at a space in it, or
  /// anywhere. Colour is given to each piece, so a continued string or comment keeps its own.
  ///
  /// A tab is shown as four spaces, and a wide character (CJK, most emoji) counts two columns,
  /// as a terminal shows them.
  func highlightedLines(_ code: String, width: Int) -> [String] {
    let code = code.contains("\t") ? code.replacing("\t", with: "    ") : code
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
      pieces.reduce(0) { $0 + Self.columns($1.text) }
    }
    guard columns(line) > width else { return [render(line)] }
    let indentation = line.first.map { $0.kind == .whitespace ? Self.columns($0.text) : 0 } ?? 0
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
      // A line comment keeps its start on its code line where a few words fit there: alone on
      // the next line it would read as the comment of the line below.
      let isLineComment = piece.kind == .comment && rest.hasPrefix("//")
      while columns(current) + Self.columns(rest) > width {
        let keepsComment = isLineComment && columns(current) + Self.firstWords(of: rest) <= width
        if current.count > firstToken && !keepsComment {
          // Broken at the last white space between tokens that fits, after an argument or an
          // opening bracket where one leaves a third of the line filled (a label stays with
          // its value: `role: .destructive`); else at the last white space, else before this
          // token.
          let gaps = current.indices.filter { $0 > firstToken && current[$0].kind == .whitespace }
          let isSeam = { (gap: Int) in
            [",", "(", "["].contains(current[gap - 1].text)
              && columns(current[..<gap]) >= width / 3
          }
          if let gap = gaps.last(where: isSeam) ?? gaps.last {
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
        var room = rest.index(after: rest.startIndex)
        var roomColumns = Self.columns(rest[..<room])
        while room < rest.endIndex {
          let next = Self.columns(rest[room...room])
          guard columns(current) + roomColumns + next <= width else { break }
          roomColumns += next
          room = rest.index(after: room)
        }
        let cut = rest[..<room].lastIndex(of: " ").map { rest.index(after: $0) } ?? room
        current.append((rest[..<cut], piece.kind))
        breakLine()
        rest = rest[cut...].drop(while: { $0 == " " })
        // A comment's continuation says it is one.
        if isLineComment && !rest.isEmpty { rest = Substring("// " + rest) }
      }
      if !rest.isEmpty { current.append((rest, piece.kind)) }
    }
    out.append(render(current))
    return out
  }

  /// The columns of a comment's marker and its first two words: what must fit for it to start
  /// on its code line.
  static func firstWords(of comment: Substring) -> Int {
    var spaces = 0
    var end = comment.startIndex
    while end < comment.endIndex {
      if comment[end] == " ", end > comment.startIndex, comment[comment.index(before: end)] != " " {
        spaces += 1
        if spaces == 3 { break }
      }
      end = comment.index(after: end)
    }
    return columns(comment[..<end])
  }

  /// The columns a terminal gives `text`: two for a wide character (East Asian wide and full
  /// width, most emoji), one for the rest (a character with its combining marks is one).
  static func columns(_ text: Substring) -> Int {
    var count = 0
    for character in text {
      guard let scalar = character.unicodeScalars.first, scalar.value >= 0x1100 else {
        count += 1
        continue
      }
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
        count += 2
      default:
        count += 1
      }
    }
    return count
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
