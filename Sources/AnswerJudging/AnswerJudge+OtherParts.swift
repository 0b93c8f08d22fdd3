import CardDeck

/// A property or an operator written where the card has another, on a line otherwise the
/// card's.
extension AnswerJudge {
  /// One part of a line written otherwise: the card's, then the attempt's.
  struct OtherPart: Equatable {
    var card: String
    var typed: String
    var isOperator: Bool
  }

  /// The first line of the attempt that is one of the card's token for token, but for names
  /// each code declares (renamed) and one part: a property read on a value (`$0.family ==
  /// kind` for `$0.kind == kind`), or a binary operator (`!=` for `==`). The attempt declares
  /// no such property, so it renames nothing: it reads another (`WidgetInfo`'s family where
  /// the card compares its kind), or one its value does not have.
  static func otherPart(in typed: ParsedCode, for answer: ParsedCode) -> OtherPart? {
    let cardLines = lines(of: answer)
    let typedLines = lines(of: typed)
    // Each line against each of the card's, once.
    let table = typedLines.map { line in
      cardLines.map { cardLine in
        cardLine.line.count == line.line.count ? compare(line, typed, cardLine, answer) : .other
      }
    }
    // Lines the other code has as they are, in another order (a path's points), pair with
    // those, not with another line.
    let cardMatched = cardLines.indices.map { card in table.contains { $0[card] == .same } }
    for row in table where !row.contains(.same) {
      for (card, comparison) in row.enumerated() where !cardMatched[card] {
        if case .otherPart(let part) = comparison { return part }
      }
    }
    return nil
  }

  /// How a line compares with one of the card's of as many tokens.
  private enum Comparison: Equatable {
    case same
    case otherPart(OtherPart)
    case other
  }

  /// A line's tokens, by index, without the name of a closure's one parameter where it is
  /// declared (`{ info in`): that name, kept, stands for `$0` of a closure without one.
  private struct Line {
    var line: [Int]
    var parameter: Substring?

    /// Whether `word` is the closure's parameter, named or not.
    func isParameter(_ word: Substring) -> Bool { word == "$0" || word == parameter }
  }

  /// The lines of `code` of four tokens or more.
  private static func lines(of code: ParsedCode) -> [Line] {
    var lines: [Int: [Int]] = [:]
    for (index, token) in code.tokens.enumerated() { lines[token.line, default: []].append(index) }
    return lines.keys.sorted().compactMap { lines[$0] }.filter { $0.count >= 4 }.map { line in
      let words = line.map { code.source[code.tokens[$0].range] }
      let opens = words.indices.dropLast(2).filter {
        words[$0] == "{" && words[$0 + 2] == "in" && code.tokens[line[$0 + 1]].kind == .identifier
      }
      guard opens.count == 1, let open = opens.first else { return Line(line: line) }
      var kept = line
      kept.removeSubrange((open + 1)...(open + 2))
      return Line(line: kept, parameter: words[open + 1])
    }
  }

  private static func compare(
    _ typedLine: Line, _ typed: ParsedCode, _ cardLine: Line, _ answer: ParsedCode
  ) -> Comparison {
    func text(_ code: ParsedCode, _ index: Int) -> Substring {
      code.source[code.tokens[index].range]
    }
    let line = typedLine.line
    var found: OtherPart?
    for (position, (mine, card)) in zip(line, cardLine.line).enumerated() {
      let theirs = text(typed, mine)
      let wanted = text(answer, card)
      // A parameter that shadows a name of the card's line (`{ book in book.isbn == book.isbn
      // }`) is not that name.
      if theirs == wanted {
        if typedLine.isParameter(theirs) != cardLine.isParameter(wanted) { return .other }
        continue
      }
      // `info.kind` in `{ info in … }` is `$0.kind` in `{ … }`.
      if typedLine.isParameter(theirs), cardLine.isParameter(wanted) { continue }
      let kinds = (typed.tokens[mine].kind, answer.tokens[card].kind)
      if kinds == (.operator, .operator), found == nil, binaryOperators.contains(theirs),
        binaryOperators.contains(wanted), !isBranching(line, at: position, typed)
      {
        found = OtherPart(card: String(wanted), typed: String(theirs), isOperator: true)
        continue
      }
      guard kinds == (.identifier, .identifier) else { return .other }
      let names = (String(wanted), String(theirs))
      // The author's own names, each code its own.
      if answer.declared.contains(names.0) && typed.declared.contains(names.1) { continue }
      // A property read: after a `.` on a value (`$0`, `info`), not a call.
      let isRead =
        position >= 2 && text(typed, line[position - 1]) == "."
        && [SwiftToken.Kind.dollar, .identifier].contains(typed.tokens[line[position - 2]].kind)
        && text(typed, line[position - 2]).first.map { $0 == "$" || $0.isLowercase } == true
        && (position + 1 == line.count || !["(", "{"].contains(text(typed, line[position + 1])))
      // The attempt's property is none of either code's names: had it renamed the card's own,
      // it would declare the new name.
      guard found == nil, isRead, !answer.declared.contains(names.1),
        !typed.declared.contains(names.1)
      else { return .other }
      found = OtherPart(card: names.0, typed: names.1, isOperator: false)
    }
    return found.map { .otherPart($0) } ?? .same
  }

  /// Whether the operator at `position` of a line is in a condition that chooses between
  /// branches (`if`, `guard`, `while`, a ternary), not in a closure the line opens: the
  /// condition turned round may go with its branches turned round, which are not on it.
  private static func isBranching(_ line: [Int], at position: Int, _ code: ParsedCode) -> Bool {
    let words = line.map { code.source[code.tokens[$0].range] }
    let opened = words[..<position].reduce(0) { depth, word in
      depth + (word == "{" ? 1 : word == "}" ? -1 : 0)
    }
    guard opened <= 0 else { return false }
    return ["if", "guard", "while", "}", "else"].contains(words.first ?? "") || words.contains("?")
  }

  /// The operators between two operands whose one written for another changes the value.
  private static let binaryOperators: Set<Substring> = [
    "==", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "%", "&&", "||",
  ]

  /// The first string literal of `code` that its line ends before it is closed (`"Took
  /// \(seconds s")`, an interpolation left open): it does not compile.
  static func unclosedString(in code: ParsedCode) -> Substring? {
    for token in code.tokens where token.kind == .string {
      let text = code.source[token.range]
      let body = text.drop { $0 == "#" }
      let hashes = text.count - body.count
      let quote = body.hasPrefix("\"\"\"") ? "\"\"\"" : "\""
      let closing = quote + String(repeating: "#", count: hashes)
      if body.count < 2 * quote.count || !body.hasSuffix(closing) { return text }
    }
    return nil
  }
}
