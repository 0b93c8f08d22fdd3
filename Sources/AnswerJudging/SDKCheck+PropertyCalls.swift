extension SDKCheck {
  /// The card's properties of a closure's anonymous parameter the attempt calls as methods
  /// (`$0.isNumber()` for the card's `$0.isNumber`), where no type in the index has a method
  /// of that name: the code does not compile, but the attempt recalls the member (3, as a
  /// typo). A value of a known type is asked about in ``problems(in:typedNames:)``.
  func propertiesCalled(in typed: Code, handedIn uses: [MemberUse]) -> [Problem] {
    guard !cardProperties.isEmpty else { return [] }
    var problems: [Problem] = []
    var named: Set<Substring> = []
    let typedUses = Set(uses.map(\.token))
    for position in typed.tokens.indices.dropFirst().dropLast(2)
    where typed.isByte(position - 1, ".") && typed.isByte(position + 1, "(")
      && typed.isByte(position + 2, ")")
    {
      let name = typed.text(position)
      // Each name asked about once: the code and the index are read for it.
      guard cardProperties.contains(name), !typedUses.contains(position),
        named.insert(name).inserted, !typed.declaresFunction(named: String(name)),
        index.declaresOnlyProperty(named: String(name))
      else { continue }
      problems.append(
        Problem(message: "`\(name)` is a property, not a method: no `()`", isNearMiss: true))
    }
    return problems
  }
}

extension SDKCheck.Code {
  /// The names the code reads from a closure's anonymous parameter without calling them:
  /// `isNumber` in `$0.isNumber`, not `filter` in `$0.filter { … }`. Only there: a model's
  /// method passed as a value (`action: model.refresh`) and an environment action
  /// (`self.dismissSearch`, called as a function) read alike.
  func propertiesRead() -> Set<Substring> {
    Set(
      tokens.indices.dropFirst(2).compactMap { position in
        guard isByte(position - 1, "."), tokens[position].kind == .identifier,
          text(position - 2).hasPrefix("$"), text(position - 2).dropFirst().allSatisfy(\.isNumber),
          position + 1 == tokens.count
            || !(isByte(position + 1, "(") || isByte(position + 1, "{"))
        else { return nil }
        return text(position)
      })
  }
}
