extension SDKCheck {
  /// The functions an attempt passes where the card passes an operator (`uniquingKeysWith: +`,
  /// `sorted(by: >)`) that do something else: another operator, or a closure that does not
  /// apply the card's to its two values in the card's order (`{ first, _ in first }`, `{ $0 <
  /// $1 }` for `>`). The tree drops operators, so without this the two read the same.
  func mistakenOperators(in typed: Code) -> [Problem] {
    guard !cardOperatorArguments.isEmpty else { return [] }
    var found: [Problem] = []
    for call in typed.writtenCalls() {
      for card in cardOperatorArguments where card.call == call.name {
        guard let value = typed.passedFunction(for: card.label, at: call.token) else { continue }
        let label = card.label == "_" ? "_:" : card.label + ":"
        let place = call.name == "init" ? "`\(label)`" : "`\(call.name)(\(label))`"
        if typed.tokens[value].kind == .operator {
          let theirs = typed.text(value)
          if theirs != card.op {
            found.append(
              Problem(message: "`\(theirs)` where the card passes `\(card.op)` to \(place)"))
          }
        } else if let wrong = typed.closureMisapplies(card.op, at: value) {
          found.append(Problem(message: "The card passes `\(card.op)` to \(place); \(wrong)"))
        }
      }
    }
    return found
  }
}

extension SDKCheck.Code {
  /// An operator passed as a function: the call's base name, the argument's label (`_` for
  /// none) and the operator.
  struct OperatorArgument: Hashable {
    var call: String
    var label: String
    var op: Substring
  }

  /// The operators the code passes as functions, each a whole argument.
  func operatorArguments() -> [OperatorArgument] {
    writtenCalls().flatMap { call in
      arguments(after: call.token).compactMap { argument -> OperatorArgument? in
        let value = argument.value
        guard tokens[value].kind == .operator, value + 1 < tokens.count,
          isByte(value + 1, ",") || isByte(value + 1, ")")
        else { return nil }
        let label = argument.label.map { String(text($0)) } ?? "_"
        return OperatorArgument(call: call.name, label: label, op: text(value))
      }
    }
  }

  /// The first token of what the call at `call` passes as its `label` argument: in its list,
  /// or its trailing closure where the list has no such label.
  func passedFunction(for label: String, at call: Int) -> Int? {
    if let argument = arguments(after: call).first(where: {
      ($0.label.map { String(text($0)) } ?? "_") == label
    }) {
      return argument.value
    }
    var position = call + 1
    if position < tokens.count, isByte(position, "(") { position = close(of: position) + 1 }
    return position < tokens.count && isByte(position, "{") ? position : nil
  }

  /// What is wrong with the closure at `open` where the card passes `op`: it never applies the
  /// operator (or, for a comparison, its mirror), or compares its two values the other way
  /// round; nil where it does, or where its operands are not its parameters themselves
  /// (`$0.count > $1.count`).
  func closureMisapplies(_ op: Substring, at open: Int) -> String? {
    guard open < tokens.count, isByte(open, "{") else { return nil }
    let end = close(of: open)
    guard end > open + 1 else { return "the closure is empty" }
    var body = (open + 1)..<end
    var parameters: [Substring] = ["$0", "$1"]
    if let inToken = body.first(where: { text($0) == "in" }) {
      parameters = body[..<inToken].filter { tokens[$0].kind == .identifier || text($0) == "_" }
        .map(text)
      body = (inToken + 1)..<end
    }
    let mirror = Self.mirroredComparisons[op]
    let uses = body.filter { text($0) == op || (mirror != nil && text($0) == mirror) }
    guard !uses.isEmpty else { return "the closure does not apply it" }
    guard Self.orderedOperators.contains(op), parameters.count == 2 else { return nil }
    let direct = uses.filter { position in
      position > body.lowerBound && position + 1 < body.upperBound
        && parameters.contains(text(position - 1)) && parameters.contains(text(position + 1))
    }
    let inOrder = direct.contains { position in
      let (left, right) = (text(position - 1), text(position + 1))
      return text(position) == op
        ? left == parameters[0] && right == parameters[1]
        : left == parameters[1] && right == parameters[0]
    }
    return direct.isEmpty || inOrder ? nil : "the closure takes its two values the other way round"
  }

  /// Comparisons that say the same with their operands turned round.
  static let mirroredComparisons: [Substring: Substring] = [
    "<": ">", ">": "<", "<=": ">=", ">=": "<=",
  ]

  /// Operators whose operands' order matters.
  static let orderedOperators: Set<Substring> = ["<", ">", "<=", ">=", "-", "/", "%"]
}
