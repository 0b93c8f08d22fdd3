import CardDeck

/// Comparisons between the two values an ordering closure or `<` function is given.
extension SDKCheck.Code {
  /// One comparison of the two parameters, as `<` or `<=` reads it: `$0.distance > $1.distance`
  /// is `#1.distance < #0.distance`, the parameters numbered in their order.
  struct Ordering: Hashable, Sendable {
    var left: String
    var strict: Bool
    var right: String
    /// As written, for a message.
    var written: String

    /// The same comparison read the other way round.
    var mirrored: Ordering { Ordering(left: right, strict: strict, right: left, written: written) }

    static func == (lhs: Self, rhs: Self) -> Bool {
      (lhs.left, lhs.strict, lhs.right) == (rhs.left, rhs.strict, rhs.right)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(left)
      hasher.combine(strict)
      hasher.combine(right)
    }
  }

  /// The comparisons of two parameters (`$0` and `$1`, a closure's `a, b in`, an operator
  /// function's `lhs` and `rhs`) inside the closure or function that takes them, both sides a
  /// chain of members from one of them. One pass, each chain a few links at most: an attempt
  /// may be anything.
  func orderings() -> [Ordering] {
    var found: [Ordering] = []
    // The names of the closures and functions open at each point, innermost last.
    var scopes: [[Substring: Int]] = []
    var pending: [Substring: Int]?
    for index in tokens.indices {
      if marks[index] == UInt8(ascii: "{") {
        scopes.append(pending ?? closureParameters(after: index))
        pending = nil
      } else if marks[index] == UInt8(ascii: "}") {
        _ = scopes.popLast()
      } else if tokens[index].kind == .keyword, text(index) == "func" {
        pending = operatorParameters(after: index)
      } else if tokens[index].kind == .operator {
        let op = text(index)
        let names = scopes.last ?? [:]
        guard ["<", ">", "<=", ">="].contains(op),
          let (leftStart, left) = chain(endingBefore: index, names),
          let (rightEnd, right) = chain(startingAfter: index, names),
          left.root != right.root
        else { continue }
        let written = source[tokens[leftStart].range.lowerBound..<tokens[rightEnd].range.upperBound]
        let strict = !op.hasSuffix("=")
        found.append(
          op.hasPrefix("<")
            ? Ordering(left: left.text, strict: strict, right: right.text, written: String(written))
            : Ordering(left: right.text, strict: strict, right: left.text, written: String(written))
        )
      }
    }
    return found
  }

  /// `{ a, b in`, `{ (a, b) in`, `{ a, b -> Bool in`: the two names, each with its place.
  private func closureParameters(after open: Int) -> [Substring: Int] {
    var position = open + 1
    if position < tokens.count, marks[position] == UInt8(ascii: "(") { position += 1 }
    guard position + 3 < tokens.count, tokens[position].kind == .identifier,
      marks[position + 1] == UInt8(ascii: ","), tokens[position + 2].kind == .identifier
    else { return [:] }
    return [text(position): 0, text(position + 2): 1]
  }

  /// `func < (lhs: Self, rhs: Self)`: an ordering operator's two parameters, each with its
  /// place; nil for any other function. Read a dozen tokens at most.
  private func operatorParameters(after index: Int) -> [Substring: Int]? {
    guard index + 2 < tokens.count, tokens[index + 1].kind == .operator,
      ["<", ">", "<=", ">="].contains(text(index + 1)), marks[index + 2] == UInt8(ascii: "(")
    else { return nil }
    var names: [Substring] = []
    var position = index + 3
    while position < min(tokens.count, index + 16), marks[position] != UInt8(ascii: ")") {
      if marks[position] == UInt8(ascii: ":"), tokens[position - 1].kind == .identifier {
        names.append(text(position - 1))
      }
      position += 1
    }
    return names.count == 2 ? [names[0]: 0, names[1]: 1] : nil
  }

  /// A parameter's name as the ordering reads it: `#0` for `$0` and for the first named one.
  private func root(_ index: Int, _ parameters: [Substring: Int]) -> String? {
    let name = text(index)
    if tokens[index].kind == .dollar, name == "$0" || name == "$1" { return "#" + name.dropFirst() }
    guard tokens[index].kind == .identifier, let place = parameters[name] else { return nil }
    return "#\(place)"
  }

  /// The most links a chain of members is read to: longer ones are no ordering's values.
  private static let longestChain = 8

  /// `a.x.y` ending right before `end`: where it starts, its root and its text with the root
  /// renamed.
  private func chain(endingBefore end: Int, _ parameters: [Substring: Int])
    -> (start: Int, (root: String, text: String))?
  {
    var position = end - 1
    var members: [Substring] = []
    while position >= 2, tokens[position].kind == .identifier,
      marks[position - 1] == UInt8(ascii: "."), members.count < Self.longestChain
    {
      members.append(text(position))
      position -= 2
    }
    guard position >= 0, let root = root(position, parameters) else { return nil }
    return (position, (root, ([Substring(root)] + members.reversed()).joined(separator: ".")))
  }

  /// `a.x.y` starting right after `start`: where it ends, its root and its text with the root
  /// renamed. A call after it (`a.x()`) is no plain value.
  private func chain(startingAfter start: Int, _ parameters: [Substring: Int])
    -> (end: Int, (root: String, text: String))?
  {
    var position = start + 1
    guard position < tokens.count, let root = root(position, parameters) else { return nil }
    var members: [Substring] = []
    while position + 2 < tokens.count, marks[position + 1] == UInt8(ascii: "."),
      tokens[position + 2].kind == .identifier, members.count < Self.longestChain
    {
      members.append(text(position + 2))
      position += 2
    }
    if position + 1 < tokens.count, marks[position + 1] == UInt8(ascii: "(") { return nil }
    return (position, (root, ([Substring(root)] + members).joined(separator: ".")))
  }
}

/// One-sided ranges: which side of their bound they lie on.
extension SDKCheck.Code {
  /// A range open on one side (`...Date.now`, `start...`): its bound as written, and whether it
  /// runs from the bound up (`start...`) or up to it.
  struct OneSidedRange: Hashable, Sendable {
    var bound: String
    var isFrom: Bool
    var written: String
  }

  /// The code's one-sided ranges given as an argument or an element (`in: ...Date.now`,
  /// `items[2...]`), their bound a value up to the argument's edge; not a `case` pattern's
  /// (`case ..<0:`), where the cases' order decides what each holds. A bound is read a dozen
  /// tokens at most.
  func oneSidedRanges() -> [OneSidedRange] {
    var found: [OneSidedRange] = []
    for index in tokens.indices where tokens[index].kind == .operator {
      let op = text(index)
      guard op == "..." || op == "..<", index > 0, index + 1 < tokens.count else { continue }
      if opensArgument(index - 1), !isEdge(index + 1) {
        // `...bound`: up to the bound.
        var end = index + 1
        while end + 1 < min(tokens.count, index + 12), !isEdge(end + 1) { end += 1 }
        guard end + 1 < tokens.count, closesArgument(end + 1) else { continue }
        let bound = source[tokens[index + 1].range.lowerBound..<tokens[end].range.upperBound]
        found.append(.init(bound: String(bound), isFrom: false, written: String(op) + bound))
      } else if op == "...", closesArgument(index + 1), !isEdge(index - 1) {
        // `bound...`: from the bound up.
        var start = index - 1
        while start > max(0, index - 12), !isEdge(start - 1) { start -= 1 }
        guard start > 0, opensArgument(start - 1) else { continue }
        let bound = source[tokens[start].range.lowerBound..<tokens[index - 1].range.upperBound]
        found.append(.init(bound: String(bound), isFrom: true, written: bound + String(op)))
      }
    }
    return found
  }

  /// Whether the token at `index` begins an argument or an element: `(`, `[`, `,` or a
  /// label's `:` (`in:`), not a `case` pattern's.
  private func opensArgument(_ index: Int) -> Bool {
    if isByte(index, "(") || isByte(index, "[") || isByte(index, ",") { return !isInCase(index) }
    return isByte(index, ":") && index > 0
      && [.identifier, .keyword].contains(tokens[index - 1].kind)
  }

  /// Whether the token at `index` ends an argument or an element: `)`, `]` or `,`.
  private func closesArgument(_ index: Int) -> Bool {
    isByte(index, ")") || isByte(index, "]") || isByte(index, ",")
  }

  /// Whether the `,` at `index` separates a `case`'s patterns: `case` before it on its line.
  private func isInCase(_ index: Int) -> Bool {
    guard isByte(index, ",") else { return false }
    let line = tokens[index].line
    var position = index - 1
    while position >= max(0, index - 40), tokens[position].line == line {
      if text(position) == "case" { return true }
      position -= 1
    }
    return false
  }

  /// Whether the token at `index` ends a value on its side: an argument's or an element's
  /// bracket or comma, a label's colon, `=`, `in`.
  private func isEdge(_ index: Int) -> Bool {
    guard marks.indices.contains(index) else { return false }
    if Self.edgeBytes.contains(marks[index]) { return true }
    return ["=", "in", "return", "case"].contains(text(index))
  }

  /// The one-byte tokens that end a value: brackets, commas and colons.
  private static let edgeBytes: Set<UInt8> = Set("()[],:{}".utf8)
}

extension SDKCheck {
  /// The card's comparison turned round (`$0.distance > $1.distance` in `max(by:)`), which
  /// orders the other way, and a range open on the other side of the card's bound
  /// (`Date.now...` for `...Date.now`), which holds what the card's leaves out.
  func turnedRound(in typed: Code) -> [Problem] {
    var problems: [Problem] = []
    // An order turned round and then reversed (`.sorted { $0 < $1 }.reversed()`) is the card's.
    let reverses = typed.tokens.indices.contains {
      typed.tokens[$0].kind == .identifier && ["reversed", "reverse"].contains(typed.text($0))
        && !cardNames.contains(typed.text($0))
    }
    if !cardOrderings.isEmpty, !reverses {
      for ordering in typed.orderings() where !cardOrderings.contains(ordering) {
        guard let theirs = cardOrderings.first(where: { $0 == ordering.mirrored }) else {
          continue
        }
        problems.append(
          Problem(
            message:
              "`\(ordering.written)` orders the other way round from the card's `\(theirs.written)`"
          ))
      }
    }
    if !cardOneSidedRanges.isEmpty {
      for range in typed.oneSidedRanges() {
        guard
          let theirs = cardOneSidedRanges.first(where: {
            $0.bound == range.bound && $0.isFrom != range.isFrom
          }),
          !cardOneSidedRanges.contains(where: {
            $0.bound == range.bound && $0.isFrom == range.isFrom
          })
        else { continue }
        problems.append(
          Problem(
            message:
              "`\(range.written)` runs \(range.isFrom ? "from" : "up to") `\(range.bound)`: the card's `\(theirs.written)` runs \(theirs.isFrom ? "from" : "up to") it"
          ))
      }
    }
    return problems
  }
}
