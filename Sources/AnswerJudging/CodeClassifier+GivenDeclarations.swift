/// A declaration the question gives, which the card repeats: the setting, taken as read.
extension CodeClassifier {
  /// Whether `node` declares what the question gives (``QuestionWords/givenDeclarations(in:)``)
  /// and no more: the setting, free. Not one with an attribute (`@State`): a given wrapper freed
  /// let a wrong one pass. A declaration the question writes must hold nothing but
  /// the names the question writes it with (an `enum` as given, not the `struct` the card adds
  /// an initialiser to); a value prose calls given must be literals (`sales`, an array of
  /// pairs), not the answer's own constant (`numbers`, an `[Int]` made by `compactMap`).
  static func isGiven(_ node: CodeNode, by question: QuestionWords) -> Bool {
    guard node.kind == .declaration, !node.parameters.isEmpty, !question.given.isEmpty,
      node.attributes.isEmpty, let span = question.given[node.parameters[0]],
      node.parameters.allSatisfy({ question.given[$0] == span })
    else { return false }
    let isValue = ["var", "let"].contains(node.name)
    if span == Substring(node.parameters[0]) {
      return isValue && !node.value.isEmpty
        && Matching.allNodes(node.value).allSatisfy {
          [.literal, .array, .group].contains($0.kind)
        }
    }
    let words = Set(span.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }))
    // The card's declaration is of the span's kind (a `class` for a `class`) and holds no
    // name the span does not write.
    let kind: Set<Substring> = isValue ? ["var", "let"] : [Substring(node.name)]
    guard !words.isDisjoint(with: kind) else { return false }
    let held = Matching.allNodes(node.clause + node.value + node.blocks.joined())
    return held.allSatisfy {
      [.literal, .array, .group].contains($0.kind) || words.contains(Substring($0.name))
    }
      && held.flatMap(\.parameters).allSatisfy { words.contains(Substring($0)) }
  }
}
