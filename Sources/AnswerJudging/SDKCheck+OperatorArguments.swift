extension SDKCheck {
  /// The functions an attempt passes where the card passes an operator (`uniquingKeysWith: +`,
  /// `sorted(by: >)`, `reduce(0, +)`) that do something else: another operator, or a closure
  /// that does not apply the card's to its two values in the card's order (`{ first, _ in
  /// first }`, `{ $0 < $1 }` for `>`). The tree drops operators, so without this the two read
  /// the same. Only the attempt's calls of the card's overload are read (`reduce(into:)` is
  /// another), and one that passes the card's function is enough.
  func mistakenOperators(_ calls: [Code.WrittenCall], in typed: Code) -> [Problem] {
    guard !cardOperatorArguments.isEmpty else { return [] }
    var found: [Problem] = []
    for card in cardOperatorArguments {
      var wrong: String?
      var right = false
      for call in calls where call.name == card.call && call.owner == card.owner {
        guard let value = typed.passedFunction(for: card, in: call) else { continue }
        if let problem = typed.misapplies(card.op, at: value) {
          wrong = wrong ?? problem
        } else {
          right = true
        }
      }
      guard !right, let wrong else { continue }
      let label = card.labels[card.position]
      let argument = label == "_" ? "_:" : label + ":"
      let place = card.call == "init" ? "`\(argument)`" : "`\(card.call)(\(argument))`"
      found.append(Problem(message: wrong.replacing("PLACE", with: place)))
    }
    return found
  }
}

extension SDKCheck.Code {
  /// An operator passed as a function: the call's base name and owner as written, its labels
  /// (`_` for none), which argument the operator is, and the operator.
  struct OperatorArgument: Hashable {
    var call: String
    var owner: String?
    var labels: [String]
    var position: Int
    var op: Substring
  }

  /// The operators the code passes as functions, each a whole argument.
  func operatorArguments() -> [OperatorArgument] {
    writtenCalls().flatMap { call in
      arguments(after: call.token).enumerated().compactMap { position, argument in
        let value = argument.value
        guard tokens[value].kind == .operator, value + 1 < tokens.count,
          isByte(value + 1, ",") || isByte(value + 1, ")")
        else { return nil }
        return OperatorArgument(
          call: call.name, owner: call.owner, labels: call.labels, position: position,
          op: text(value))
      }
    }
  }

  /// The first token of what `call` passes where the card's call passes its operator: the same
  /// argument of the same labels, or the trailing closure where the operator is the card's
  /// last argument and the list holds the others. Nil for another overload.
  func passedFunction(for card: OperatorArgument, in call: WrittenCall) -> Int? {
    if call.labels == card.labels {
      let values = argumentValues(after: call.token)
      return card.position < values.count ? values[card.position] : nil
    }
    guard card.position == card.labels.count - 1,
      call.labels == Array(card.labels.dropLast())
    else { return nil }
    var position = call.token + 1
    if position < tokens.count, isByte(position, "(") { position = close(of: position) + 1 }
    return position < tokens.count && isByte(position, "{") ? position : nil
  }

  /// What is wrong with the function at `value` where the card passes `op`, `PLACE` standing
  /// for where: another operator, a name, or a closure (``closureMisapplies(_:at:)``); nil
  /// where it is the same.
  func misapplies(_ op: Substring, at value: Int) -> String? {
    if tokens[value].kind == .operator {
      let theirs = text(value)
      return theirs == op ? nil : "`\(theirs)` where the card passes `\(op)` to PLACE"
    }
    // A function of the attempt's own may do the same.
    if tokens[value].kind == .identifier, value + 1 < tokens.count,
      isByte(value + 1, ",") || isByte(value + 1, ")"),
      !declaresFunction(named: String(text(value))), !boundNames().contains(text(value))
    {
      return "`\(text(value))` where the card passes `\(op)` to PLACE"
    }
    return closureMisapplies(op, at: value).map { "The card passes `\(op)` to PLACE; \($0)" }
  }

  /// What is wrong with the closure at `open` where the card passes `op`: it never applies the
  /// operator (or, for a comparison, another comparison), or compares its two values the other
  /// way round; nil where it does, or where it cannot tell (operands that are not its
  /// parameters themselves, `$0.count > $1.count`; a negation; a closure with a signature).
  func closureMisapplies(_ op: Substring, at open: Int) -> String? {
    guard open < tokens.count, isByte(open, "{") else { return nil }
    let end = close(of: open)
    guard end > open + 1 else { return "the closure is empty" }
    var body = (open + 1)..<end
    var parameters: [Substring] = ["$0", "$1"]
    if let inToken = body.first(where: { text($0) == "in" }) {
      let signature = body[..<inToken]
      // A signature with types (`a, b -> Bool`, `(a: Int, b: Int)`) is read no further.
      guard !signature.contains(where: { isByte($0, ":") || text($0) == "->" }) else {
        return nil
      }
      parameters = signature.filter { tokens[$0].kind == .identifier || text($0) == "_" }
        .map(text)
      body = (inToken + 1)..<end
    }
    let family = Self.comparisons.contains(op) ? Self.comparisons : [op]
    let uses = body.filter { family.contains(text($0)) }
    guard !uses.isEmpty else { return "the closure does not apply it" }
    // Both values are the operator's operands: a closure that names two and reads one (`{ a,
    // b in a + 1 }`) does something else. (`$0` alone may be a pair: `$0.0 + $0.1`.)
    if parameters.count == 2, parameters != ["$0", "$1"],
      parameters.contains(where: { name in
        name == "_" || !body.contains { text($0) == name }
      })
    {
      return "the closure leaves one of its two values out"
    }
    guard Self.orderedOperators.contains(op), parameters.count == 2,
      !body.contains(where: { text($0) == "!" || (text($0) == "-" && isPrefix($0)) })
    else { return nil }
    let mirror = Self.mirroredComparisons[op]
    let direct = uses.filter { position in
      (text(position) == op || text(position) == mirror) && position > body.lowerBound
        && position + 1 < body.upperBound && parameters.contains(text(position - 1))
        && parameters.contains(text(position + 1))
    }
    let inOrder = direct.contains { position in
      let (left, right) = (text(position - 1), text(position + 1))
      return text(position) == op
        ? left == parameters[0] && right == parameters[1]
        : left == parameters[1] && right == parameters[0]
    }
    return direct.isEmpty || inOrder ? nil : "the closure takes its two values the other way round"
  }

  /// Whether the operator at `position` is a prefix one: nothing it could follow before it.
  private func isPrefix(_ position: Int) -> Bool {
    position == 0 || tokens[position - 1].kind == .operator || isByte(position - 1, "(")
      || isByte(position - 1, "{") || text(position - 1) == "in" || text(position - 1) == "return"
  }

  /// Comparisons that say the same with their operands turned round.
  static let mirroredComparisons: [Substring: Substring] = [
    "<": ">", ">": "<", "<=": ">=", ">=": "<=",
  ]

  /// The comparisons: a closure that compares its values with one of them orders them.
  static let comparisons: Set<Substring> = ["<", ">", "<=", ">="]

  /// Operators whose operands' order matters.
  static let orderedOperators: Set<Substring> = ["<", ">", "<=", ">=", "-", "/", "%"]
}
