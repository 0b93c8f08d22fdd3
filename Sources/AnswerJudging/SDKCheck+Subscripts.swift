import CardDeck

/// A dictionary's subscript without the `default:` the card gives it: its value is optional.
extension SDKCheck.Code {
  /// The names the code subscripts with a `default:` (`counts` in `counts[word, default: 0]`).
  func defaultSubscripts() -> Set<Substring> {
    var names: Set<Substring> = []
    for index in tokens.indices.dropFirst() where marks[index] == UInt8(ascii: "[") {
      guard tokens[index - 1].kind == .identifier, !tokens[index].followsSpace,
        let close = subscriptEnd(after: index)
      else { continue }
      if (index + 1..<close).contains(where: {
        text($0) == "default" && marks[$0 + 1] == UInt8(ascii: ":")
      }) {
        names.insert(text(index - 1))
      }
    }
    return names
  }

  /// The subscripts of `names` without a `default:` whose value is changed in place as if it
  /// were not optional (`counts[word] += 1`, `groups[key].append(x)`): as written.
  func optionalSubscriptsChanged(of names: Set<Substring>) -> [String] {
    var found: [String] = []
    for index in tokens.indices.dropFirst() where marks[index] == UInt8(ascii: "[") {
      guard tokens[index - 1].kind == .identifier, names.contains(text(index - 1)),
        !tokens[index].followsSpace, let close = subscriptEnd(after: index),
        close + 1 < tokens.count,
        !(index + 1..<close).contains(where: { text($0) == "default" })
      else { continue }
      let after = text(close + 1)
      let changes =
        ["+=", "-=", "*=", "/="].contains(after)
        || (marks[close + 1] == UInt8(ascii: ".") && close + 3 < tokens.count
          && tokens[close + 2].kind == .identifier && marks[close + 3] == UInt8(ascii: "("))
      if changes {
        found.append(
          String(source[tokens[index - 1].range.lowerBound..<tokens[close].range.upperBound]))
      }
    }
    return found
  }

  /// The `]` of the subscript opened at `open`, within a few tokens; nil past them.
  private func subscriptEnd(after open: Int) -> Int? {
    var depth = 0
    for position in open..<min(tokens.count, open + 24) {
      if marks[position] == UInt8(ascii: "[") { depth += 1 }
      if marks[position] == UInt8(ascii: "]") {
        depth -= 1
        if depth == 0 { return position }
      }
    }
    return nil
  }
}

extension SDKCheck {
  /// Without the card's `default:`, a dictionary's value is optional: changing it in place as a
  /// number or an array does not compile.
  func optionalSubscriptProblems(in typed: Code) -> [Problem] {
    guard !cardDefaultSubscripts.isEmpty else { return [] }
    return typed.optionalSubscriptsChanged(of: cardDefaultSubscripts).map {
      Problem(
        message: "`\($0)` is optional without the card's `default:`: it cannot be changed in place")
    }
  }
}
