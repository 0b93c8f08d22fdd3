extension SDKCheck {
  /// Swift Testing's parameterised tests whose function cannot take what `@Test` hands it:
  /// values from `arguments:` need a function with parameters (one collection: one parameter,
  /// or several its tuples spread over; two collections: one parameter each), and a function
  /// with parameters needs `arguments:`. The macro rejects the code.
  func testArgumentProblems(in typed: Code) -> [Problem] {
    guard typed.source.holdsBytes("@Test") else { return [] }
    var problems: [Problem] = []
    for position in typed.tokens.indices
    where typed.tokens[position].kind == .attribute && typed.text(position) == "@Test" {
      guard let (name, parameters) = typed.function(after: position) else { continue }
      let arguments = typed.arguments(after: position)
      // A label `@Test` does not take (`inputs:`) is said by the labels' own check.
      guard
        arguments.allSatisfy({ $0.label.map { typed.text($0) == "arguments" } ?? true })
      else { continue }
      let collections =
        arguments.firstIndex { $0.label.map { typed.text($0) == "arguments" } ?? false }
        .map { arguments.count - $0 } ?? 0
      let function = "`\(name)(…)`"
      if collections == 0, parameters > 0 {
        problems.append(
          Problem(message: "\(function) takes parameters, but its `@Test` passes no `arguments:`"))
      } else if collections > 0, parameters == 0 {
        problems.append(
          Problem(
            message:
              "`@Test(arguments:)` passes each value to the function, but `\(name)()` takes none"))
      } else if collections == 2, parameters != 2 {
        problems.append(
          Problem(
            message:
              "`@Test(arguments:)` with two collections passes one value of each, but \(function) takes \(parameters == 1 ? "one" : String(parameters))"
          ))
      }
    }
    return problems
  }
}

extension SDKCheck.Code {
  /// The name and the number of parameters of the function declared after the attribute at
  /// `attribute` (past its arguments, other attributes and modifiers); nil where no `func`
  /// follows.
  func function(after attribute: Int) -> (name: Substring, parameters: Int)? {
    var position = attribute + 1
    while position < tokens.count {
      if isByte(position, "(") {
        position = close(of: position) + 1
      } else if tokens[position].kind == .attribute
        || tokens[position].kind == .keyword
          && text(position) != "func"
      {
        position += 1
      } else {
        break
      }
    }
    guard position + 2 < tokens.count, text(position) == "func",
      tokens[position + 1].kind == .identifier, isByte(position + 2, "(")
    else { return nil }
    // One `:` a parameter at the list's own depth: a dictionary's is in its brackets.
    let close = close(of: position + 2)
    var depth = 0
    var parameters = 0
    for inner in (position + 2)..<min(close, tokens.count) {
      switch marks[inner] {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      case UInt8(ascii: ":") where depth == 1: parameters += 1
      default: break
      }
    }
    return (text(position + 1), parameters)
  }
}
