extension SDKCheck {
  /// The cases of a `switch` over a value of an SDK type that the type does not have
  /// (`case .loaded(let image):` on an `AsyncImagePhase`), but those the card uses.
  func unknownCases(in typed: Code, types: [Substring: String]) -> [String] {
    let switches = typed.switches()
    guard !switches.isEmpty else { return [] }
    var problems: [String] = []
    for (subject, open) in switches {
      guard let type = types[subject], index.describes(type), !index.hasOlderSource(type)
      else { continue }
      for token in typed.casePatterns(inSwitchAt: open) {
        let name = typed.text(token)
        guard !index.hasMember(named: String(name), of: type), !cardNames.contains(name),
          !isOptionalsOwn(String(name))
        else { continue }
        problems.append("`\(type)` has no case `.\(name)`")
      }
    }
    return problems
  }
}
