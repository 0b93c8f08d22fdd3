extension SDKCheck.Code {
  /// The `$name`s written for properties the code declares without a property wrapper
  /// (`private var position = …` and then `Map(position: $position)`): only a wrapper projects
  /// a `$` value, so the code does not compile.
  func unwrappedProjections() -> [Substring] {
    var plain: Set<Substring> = []
    var wrapped: Set<Substring> = []
    for position in tokens.indices
    where (text(position) == "var" || text(position) == "let") && position + 1 < tokens.count
      && tokens[position + 1].kind == .identifier
    {
      let name = text(position + 1)
      // `if let genre`, `case let value`: a name for a value, not a property.
      if position > 0,
        ["if", "guard", "while", "case", "for", ",", "("].contains(text(position - 1))
      {
        continue
      }
      if hasAttribute(before: position) { wrapped.insert(name) } else { plain.insert(name) }
    }
    var found: [Substring] = []
    for position in tokens.indices where tokens[position].kind == .dollar {
      let name = text(position).dropFirst()
      guard let first = name.first, !first.isNumber else { continue }
      // `{ $item in`: a closure's parameter that is a binding.
      if (position > 0 && isByte(position - 1, "{"))
        || (position + 1 < tokens.count && text(position + 1) == "in")
      {
        wrapped.insert(name)
        continue
      }
      if plain.contains(name), !found.contains(name) { found.append(name) }
    }
    return found.filter { !wrapped.contains($0) }
  }

  /// Whether the declaration whose `var` or `let` is at `keyword` has an attribute before it,
  /// past its modifiers (`@State private var`, `@AppStorage("k") var`).
  private func hasAttribute(before keyword: Int) -> Bool {
    let modifiers: Set<Substring> = [
      "private", "fileprivate", "internal", "public", "static", "lazy", "nonisolated", "final",
      "override", "weak", "unowned",
    ]
    var position = keyword - 1
    while position >= 0, modifiers.contains(text(position)) { position -= 1 }
    if position >= 0, isByte(position, ")"), let open = open(of: position) { position = open - 1 }
    // A wrapper's nested type: `@FocusState.Binding var isFocused`.
    while position >= 2, tokens[position].kind == .identifier, isByte(position - 1, ".") {
      position -= 2
    }
    return position >= 0 && tokens[position].kind == .attribute
  }
}
