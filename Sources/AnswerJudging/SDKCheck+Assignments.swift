extension SDKCheck {
  /// The operators that store into what stands on their left.
  static let assignments: Set<Substring> = [
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
  ]

  /// Members assigned that their type gives no setter (`target.rect.minY = …`, `text.count
  /// += 1`): the code does not compile. Only where each of the type's own declarations of
  /// the name is get-only: a protocol's `{ get }` requirement may be settable in the type.
  func assignedGetOnly(_ uses: [MemberUse], in typed: Code) -> [Problem] {
    uses.compactMap { use in
      let next = use.token + 1
      guard use.exists, !use.written.contains("("), next < typed.tokens.count,
        typed.tokens[next].kind == .operator, Self.assignments.contains(typed.text(next))
      else { return nil }
      let own = index.ownMembers(named: use.name, of: use.type).filter { !$0.isCall }
      guard !own.isEmpty, own.allSatisfy(\.isGetOnly) else { return nil }
      return Problem(
        message: "`\(use.type)`'s `\(use.name)` is get-only: it cannot be assigned")
    }
  }
}
