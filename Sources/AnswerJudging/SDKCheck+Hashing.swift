extension SDKCheck {
  /// A `hash(into:)` that feeds the hasher a property the code's own `==` does not compare:
  /// values `==` calls equal may then hash differently, which breaks the one rule `Hashable`
  /// sets. Asked only of code with one `==` and one `hash(into:)`, whose `==` reads its
  /// operands' properties (`lhs.id == rhs.id`).
  func hashingProblems(in typed: Code) -> [Problem] {
    // A byte search first: most code declares neither.
    guard typed.source.holdsBytes("hash(into") else { return [] }
    let functions = typed.functions()
    let equalities = functions.filter { typed.text($0.name) == "==" }
    let hashings = functions.filter { typed.text($0.name) == "hash" }
    guard equalities.count == 1, hashings.count == 1,
      let equality = typed.body(of: equalities[0]), let hashing = typed.body(of: hashings[0])
    else { return [] }
    // The properties `==` compares: those read from its operands.
    let operands = Set(
      (equalities[0].open..<equalities[0].close).filter { typed.isByte($0 + 1, ":") }
        .map { typed.text($0) })
    var compared: Set<Substring> = []
    for position in equality.dropLast(2)
    where typed.isByte(position + 1, ".") && operands.contains(typed.text(position)) {
      compared.insert(typed.text(position + 2))
    }
    guard !compared.isEmpty else { return [] }
    // What the hasher is fed: `hasher.combine(name)`, `hasher.combine(self.name)`,
    // `name.hash(into: &hasher)`.
    var combined: [Substring] = []
    for position in hashing.dropLast(2) {
      if typed.text(position) == "combine", typed.isByte(position + 1, "(") {
        var value = position + 2
        if typed.text(value) == "self", typed.isByte(value + 1, ".") { value += 2 }
        if value < hashing.upperBound, typed.tokens[value].kind == .identifier,
          typed.isByte(value + 1, ")")
        {
          combined.append(typed.text(value))
        }
      } else if typed.isByte(position + 1, "."), typed.text(position + 2) == "hash",
        typed.tokens[position].kind == .identifier
      {
        combined.append(typed.text(position))
      }
    }
    guard let extra = combined.first(where: { !compared.contains($0) }) else { return [] }
    return [
      Problem(
        message:
          "`hash(into:)` combines `\(extra)`, which `==` does not compare: equal values may hash differently"
      )
    ]
  }
}

extension SDKCheck.Code {
  /// The tokens of a function's body, braces excluded; nil where it has none.
  func body(of function: Function) -> Range<Int>? {
    guard
      let open = (function.close + 1..<tokens.count).first(where: {
        isByte($0, "{") || isByte($0, "}")
      }), isByte(open, "{")
    else { return nil }
    return (open + 1)..<min(close(of: open), tokens.count)
  }
}
