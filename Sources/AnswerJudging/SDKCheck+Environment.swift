extension SDKCheck.Code {
  /// The environment values the code reads or sets by a key path the index says
  /// `EnvironmentValues` does not have (`@Environment(\.cart)` for a model kept in `@State`):
  /// code that does not compile. A value the code adds itself (`@Entry var cart` in an
  /// `extension EnvironmentValues`) is its own. Returns the names.
  func unknownEnvironmentKeys(index: SDKIndex) -> [Substring] {
    let known = index.memberNames(of: "EnvironmentValues")
    guard !known.isEmpty else { return [] }
    // And those the rules list, which the index's source lacks (`openSettings`).
    return environmentKeys().filter {
      !known.contains(String($0)) && !APIVocabulary.standard.environment.contains(String($0))
    }
  }

  /// The environment values the code reads or sets by key path, but those it adds itself.
  func environmentKeys() -> [Substring] {
    // Values the code adds: in an `extension EnvironmentValues`, or marked `@Entry`.
    var declared: Set<Substring> = []
    var extensionEnd = -1
    for position in tokens.indices.dropLast() {
      if text(position) == "extension", text(position + 1) == "EnvironmentValues",
        let open = tokens.indices[(position + 2)...].first(where: { isByte($0, "{") })
      {
        extensionEnd = close(of: open)
      }
      if text(position) == "var",
        position <= extensionEnd || (position > 0 && text(position - 1) == "@Entry")
      {
        declared.insert(text(position + 1))
      }
    }
    var found: [Substring] = []
    for position in tokens.indices where isByte(position, "\\") {
      guard position >= 2, position + 2 < tokens.count, isByte(position + 1, "."),
        tokens[position + 2].kind == .identifier, isByte(position - 1, "("),
        text(position - 2) == "@Environment" || text(position - 2) == "environment"
      else { continue }
      let name = text(position + 2)
      if !declared.contains(name), !found.contains(name) {
        found.append(name)
      }
    }
    return found
  }
}
