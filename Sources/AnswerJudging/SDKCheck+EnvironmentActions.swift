extension SDKCheck {
  /// The calls of actions the attempt reads from the environment (`@Environment(\.dismiss)
  /// private var dismiss`, then `dismiss()`), checked against the action's type, which the
  /// index gives the key: arguments none of its `callAsFunction`s takes do not compile
  /// (`dismiss(animated: true)`), nor does an `async` one called without `await` (`refresh()`).
  func environmentActionProblems(in typed: Code) -> [Problem] {
    let bindings = typed.environmentBindings()
    guard !bindings.isEmpty else { return [] }
    var problems: [Problem] = []
    for position in typed.tokens.indices.dropLast() where typed.tokens[position].kind == .identifier
    {
      let name = String(typed.text(position))
      guard let key = bindings[Substring(name)], position == 0 || !typed.isByte(position - 1, "."),
        position == 0 || !["var", "let"].contains(typed.text(position - 1))
      else { continue }
      // `refresh?()`: the action is an optional.
      let open = typed.isByte(position + 1, "?") ? position + 1 : position
      guard let labels = typed.labels(after: open),
        let type = index.members(named: String(key), of: "EnvironmentValues").first?.type
      else { continue }
      let actionType = type.hasSuffix("?") ? String(type.dropLast()) : type
      let calls = index.members(named: "callAsFunction", of: actionType)
      guard !calls.isEmpty else { continue }
      let accepting = calls.filter { $0.accepts(written: labels) }
      if accepting.isEmpty {
        let forms = calls.map { name + "(" + $0.labels.map { $0 + ":" }.joined() + ")" }
        let written = labels.map { $0 + ":" }.joined()
        problems.append(
          Problem(
            message:
              "`\(actionType)` takes no `\(name)(\(written))`: it is called as `\(forms.sorted().joined(separator: "` or `"))`"
          ))
      } else if accepting.allSatisfy(\.isAsync), !awaited.contains(Substring(name)),
        !typed.isMarked(position, by: "await")
      {
        problems.append(
          Problem(message: "`\(name)` (`\(actionType)`) is `async`: it needs `await`"))
      }
    }
    return problems
  }
}

extension SDKCheck.Code {
  /// The names the code binds with `@Environment(\.key)`, and their keys.
  func environmentBindings() -> [Substring: Substring] {
    var bindings: [Substring: Substring] = [:]
    for position in tokens.indices where text(position) == "@Environment" {
      guard position + 5 < tokens.count, isByte(position + 1, "("), isByte(position + 2, "\\"),
        isByte(position + 3, "."), tokens[position + 4].kind == .identifier,
        isByte(position + 5, ")"),
        let variable = ((position + 6)..<min(tokens.count - 1, position + 12)).first(where: {
          ["var", "let"].contains(text($0))
        }), tokens[variable + 1].kind == .identifier
      else { continue }
      bindings[text(variable + 1)] = text(position + 4)
    }
    return bindings
  }
}
