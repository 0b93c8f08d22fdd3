extension SDKCheck {
  /// The card's properties the attempt calls as methods on a value whose type it does not say
  /// (`$0.isNumber()` for the card's `$0.isNumber`), where no type in the index has a method
  /// of that name: the code does not compile, but the attempt recalls the member (3, as a
  /// typo). A value of a known type is asked about in ``problems(in:typedNames:)``.
  func propertiesCalled(in typed: Code, handedIn uses: [MemberUse]) -> [Problem] {
    guard !cardProperties.isEmpty else { return [] }
    var problems: [Problem] = []
    var named: Set<Substring> = []
    for position in typed.tokens.indices.dropFirst().dropLast(2)
    where typed.isByte(position - 1, ".") && typed.isByte(position + 1, "(")
      && typed.isByte(position + 2, ")")
    {
      let name = typed.text(position)
      guard cardProperties.contains(name), !uses.contains(where: { $0.token == position }),
        !typed.declaresFunction(named: String(name)),
        index.declaresOnlyProperty(named: String(name)), named.insert(name).inserted
      else { continue }
      problems.append(
        Problem(message: "`\(name)` is a property, not a method: no `()`", isNearMiss: true))
    }
    return problems
  }
}

extension SDKCheck.Code {
  /// The names the code reads after a `.` without calling them: `isNumber` in
  /// `$0.isNumber`, not `filter` in `.filter { … }` or `sorted()`.
  func propertiesRead() -> Set<Substring> {
    Set(
      tokens.indices.dropFirst().compactMap { position in
        guard isByte(position - 1, "."), tokens[position].kind == .identifier,
          position + 1 == tokens.count
            || !(isByte(position + 1, "(") || isByte(position + 1, "{"))
        else { return nil }
        return text(position)
      })
  }
}
