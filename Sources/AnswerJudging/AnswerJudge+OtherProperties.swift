import CardDeck

/// A property of a value read where the card reads another, on a line otherwise the card's.
extension AnswerJudge {
  /// The first line of the attempt that is one of the card's token for token, but for names
  /// each code declares (renamed) and one property read on a value (`$0.family == kind` for
  /// `$0.kind == kind`): the card's property, then the attempt's. Neither code declares the
  /// attempt's, so it renames nothing: it reads another property (`WidgetInfo`'s family where
  /// the card compares its kind), or one its value does not have.
  static func otherProperty(in typed: ParsedCode, for answer: ParsedCode) -> (
    card: String, typed: String
  )? {
    let cardLines = lines(of: answer)
    let typedLines = lines(of: typed)
    func compared(_ line: [Int], _ cardLine: [Int]) -> Comparison {
      cardLine.count == line.count ? compare(line, typed, cardLine, answer) : .other
    }
    // Lines the other code has as they are, in another order (a path's points), pair with
    // those, not with another line.
    let unmatched = typedLines.filter { line in
      !cardLines.contains { compared(line, $0) == .same }
    }
    let cardUnmatched = cardLines.filter { cardLine in
      !typedLines.contains { compared($0, cardLine) == .same }
    }
    for line in unmatched {
      for cardLine in cardUnmatched {
        if case .otherProperty(let card, let other) = compared(line, cardLine) {
          return (card, other)
        }
      }
    }
    return nil
  }

  /// How a line compares with one of the card's of as many tokens.
  private enum Comparison: Equatable {
    case same
    case otherProperty(card: String, typed: String)
    case other
  }

  /// The tokens of each line of `code`, by index.
  private static func lines(of code: ParsedCode) -> [[Int]] {
    var lines: [Int: [Int]] = [:]
    for (index, token) in code.tokens.enumerated() { lines[token.line, default: []].append(index) }
    return lines.keys.sorted().compactMap { lines[$0] }.filter { $0.count >= 4 }
  }

  private static func compare(
    _ line: [Int], _ typed: ParsedCode, _ cardLine: [Int], _ answer: ParsedCode
  ) -> Comparison {
    func text(_ code: ParsedCode, _ index: Int) -> Substring {
      code.source[code.tokens[index].range]
    }
    var found: (card: String, typed: String)?
    for (position, (mine, card)) in zip(line, cardLine).enumerated() {
      let theirs = text(typed, mine)
      let wanted = text(answer, card)
      if theirs == wanted { continue }
      let kinds = (typed.tokens[mine].kind, answer.tokens[card].kind)
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
      found = (names.0, names.1)
    }
    return found.map { .otherProperty(card: $0.card, typed: $0.typed) } ?? .same
  }

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
