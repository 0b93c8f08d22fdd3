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

  /// The comparisons of two parameters (`$0` and `$1`, a closure's `a, b in`, a function's
  /// `lhs` and `rhs`) in the code, both sides a chain of members from one of them.
  func orderings() -> [Ordering] {
    let parameters = pairedParameters()
    var found: [Ordering] = []
    for index in tokens.indices where tokens[index].kind == .operator {
      let op = text(index)
      guard ["<", ">", "<=", ">="].contains(op),
        let (leftStart, left) = chain(endingBefore: index, parameters),
        let (rightEnd, right) = chain(startingAfter: index, parameters),
        left.root != right.root
      else { continue }
      let written = source[tokens[leftStart].range.lowerBound..<tokens[rightEnd].range.upperBound]
      let strict = !op.hasSuffix("=")
      found.append(
        op.hasPrefix("<")
          ? Ordering(left: left.text, strict: strict, right: right.text, written: String(written))
          : Ordering(left: right.text, strict: strict, right: left.text, written: String(written)))
    }
    return found
  }

  /// The names of the code's two-parameter closures and functions, each with its place: `a`
  /// 0 and `b` 1 in `{ a, b in`.
  private func pairedParameters() -> [Substring: Int] {
    var names: [Substring: Int] = [:]
    for index in tokens.indices where marks[index] == UInt8(ascii: "{") {
      // `{ a, b in`, `{ (a, b) in`, `{ a, b -> Bool in`.
      var position = index + 1
      if position < tokens.count, marks[position] == UInt8(ascii: "(") { position += 1 }
      guard position + 3 < tokens.count, tokens[position].kind == .identifier,
        marks[position + 1] == UInt8(ascii: ","), tokens[position + 2].kind == .identifier
      else { continue }
      names[text(position)] = 0
      names[text(position + 2)] = 1
    }
    for index in tokens.indices where text(index) == "func" && index + 2 < tokens.count {
      // `func < (lhs: Self, rhs: Self)`: the names before each colon of the list.
      var position = index + 2
      while position < tokens.count, marks[position] != UInt8(ascii: "(") {
        guard position < index + 4 else { break }
        position += 1
      }
      guard position < tokens.count, marks[position] == UInt8(ascii: "(") else { continue }
      var depth = 0
      var labels: [Substring] = []
      while position < tokens.count {
        if marks[position] == UInt8(ascii: "(") { depth += 1 }
        if marks[position] == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 { break }
        }
        if depth == 1, marks[position] == UInt8(ascii: ":"), position > 0,
          tokens[position - 1].kind == .identifier
        {
          labels.append(text(position - 1))
        }
        position += 1
      }
      guard labels.count == 2 else { continue }
      names[labels[0]] = 0
      names[labels[1]] = 1
    }
    return names
  }

  /// A parameter's name as the ordering reads it: `#0` for `$0` and for the first named one.
  private func root(_ index: Int, _ parameters: [Substring: Int]) -> String? {
    let name = text(index)
    if tokens[index].kind == .dollar, name == "$0" || name == "$1" { return "#" + name.dropFirst() }
    guard tokens[index].kind == .identifier, let place = parameters[name] else { return nil }
    return "#\(place)"
  }

  /// `a.x.y` ending right before `end`: where it starts, its root and its text with the root
  /// renamed.
  private func chain(endingBefore end: Int, _ parameters: [Substring: Int])
    -> (start: Int, (root: String, text: String))?
  {
    var position = end - 1
    var members: [Substring] = []
    while position >= 2, tokens[position].kind == .identifier,
      marks[position - 1] == UInt8(ascii: ".")
    {
      members.insert(text(position), at: 0)
      position -= 2
    }
    guard position >= 0, let root = root(position, parameters) else { return nil }
    return (position, (root, ([Substring(root)] + members).joined(separator: ".")))
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
      tokens[position + 2].kind == .identifier
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

  /// The code's one-sided ranges, their bound a value between the operator and an argument's
  /// or an element's edge.
  func oneSidedRanges() -> [OneSidedRange] {
    var found: [OneSidedRange] = []
    for index in tokens.indices where tokens[index].kind == .operator {
      let op = text(index)
      guard op == "..." || op == "..<" else { continue }
      if index > 0, isEdge(index - 1), index + 1 < tokens.count, !isEdge(index + 1) {
        // `...bound`: up to the bound.
        var end = index + 1
        while end + 1 < tokens.count, !isEdge(end + 1) { end += 1 }
        let bound = source[tokens[index + 1].range.lowerBound..<tokens[end].range.upperBound]
        found.append(.init(bound: String(bound), isFrom: false, written: String(op) + bound))
      } else if op == "...", index + 1 < tokens.count, isEdge(index + 1), index > 0,
        !isEdge(index - 1)
      {
        // `bound...`: from the bound up.
        var start = index - 1
        while start > 0, !isEdge(start - 1) { start -= 1 }
        let bound = source[tokens[start].range.lowerBound..<tokens[index - 1].range.upperBound]
        found.append(.init(bound: String(bound), isFrom: true, written: bound + String(op)))
      }
    }
    return found
  }

  /// Whether the token at `index` ends a value on its side: an argument's or an element's
  /// bracket or comma, a label's colon, `=`, `in`.
  private func isEdge(_ index: Int) -> Bool {
    for edge in ["(", ")", "[", "]", ",", ":", "{", "}"] where isByte(index, Unicode.Scalar(edge)!)
    {
      return true
    }
    return ["=", "in", "return", "case"].contains(text(index))
  }
}

extension SDKCheck {
  /// The card's comparison turned round (`$0.distance > $1.distance` in `max(by:)`), which
  /// orders the other way, and a range open on the other side of the card's bound
  /// (`Date.now...` for `...Date.now`), which holds what the card's leaves out.
  func turnedRound(in typed: Code) -> [Problem] {
    var problems: [Problem] = []
    if !cardOrderings.isEmpty {
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
