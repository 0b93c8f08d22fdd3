import CardDeck

/// The two branches of a condition, and the words that tell one outcome from the other.
extension Matching {
  /// The two branches of an `if` or a ternary: each value goes with the outcome the card gives
  /// it. The condition may say the opposite (`!=` for `==`, read from the tokens: the tree keeps
  /// no operator; `.compact` for `.regular`, a type's only other case) with the branches
  /// swapped; either alone gives each value the other outcome. `condition` is the attempt's,
  /// made the card's where it says the opposite in another case.
  mutating func compareBranches(_ e: CodeNode, _ a: CodeNode, condition: inout [CodeNode]) {
    var opposite = Self.isNegated(e, in: expected) != Self.isNegated(a, in: attempt)
    let cases = (e.clause.filter { $0.kind == .member }, a.clause.filter { $0.kind == .member })
    if cases.0.count == 1, cases.1.count == 1, cases.0[0].name != cases.1[0].name,
      SDKIndex.shipped.areTheOnlyCases(cases.0[0].name, cases.1[0].name),
      let index = condition.firstIndex(where: { $0.kind == .member })
    {
      opposite.toggle()
      condition[index].name = cases.0[0].name
    }
    // Which branch stands for which: by the members, API and literals they share (`isOn ? 1 :
    // 0`), all alike or most. Each branch's words are worked out once.
    let (e0, e1, a0, a1) = (
      Self.branchWords(e.blocks[0]), Self.branchWords(e.blocks[1]),
      Self.branchWords(a.blocks[0]), Self.branchWords(a.blocks[1])
    )
    func shared(_ x: [String], _ y: [String]) -> Int { Set(x).intersection(y).count }
    let sameInOrder = e0 == a0 && e1 == a1
    let sameCrossed = e0 == a1 && e1 == a0
    let alikeInOrder = shared(e0, a0) + shared(e1, a1)
    let alikeCrossed = shared(e0, a1) + shared(e1, a0)
    let inOrder = sameInOrder || (!sameCrossed && alikeInOrder > alikeCrossed)
    let crossed = sameCrossed || (!sameInOrder && alikeCrossed > alikeInOrder)
    if crossed && !inOrder {
      compareSequences(e.blocks[0], a.blocks[1])
      compareSequences(e.blocks[1], a.blocks[0])
    } else {
      compareSequences(e.blocks[0], a.blocks[0])
      compareSequences(e.blocks[1], a.blocks[1])
    }
    // Said another way (`count > 0` for `!isEmpty`, `if let` for `!= nil`), a condition's
    // polarity is not read: the branches are taken as the author pairs them.
    let renamedCase =
      cases.0.count == 1 && cases.1.count == 1 ? (cases.1[0].name, cases.0[0].name) : nil
    guard inOrder != crossed, opposite != crossed,
      Self.conditionWords(e, in: expected, renaming: nil)
        == Self.conditionWords(a, in: attempt, renaming: renamedCase)
    else { return }
    position = e.token ?? e.tokens.lowerBound
    lost.major += 1
    lostToErrors += 1
    note(
      .error,
      crossed
        ? "The branches are the other way round: each value goes with the card's other outcome"
        : "The condition says the opposite of the card's: each value goes with the other outcome"
    )
  }

  /// Whether the condition of the statement `node` says "not": an odd number of negations
  /// between its keyword and its block, or in a ternary before its `?`. A prefix `!` and `!=`
  /// negate; `== nil` and `== false` do too, and `!= nil` and `!= false` do not (`if let x`
  /// says `x != nil`); a force unwrap (`url!`) does not.
  static func isNegated(_ node: CodeNode, in code: ParsedCode) -> Bool {
    guard let range = conditionTokens(of: node, in: code) else { return false }
    func word(_ index: Int) -> Substring {
      code.tokens.indices.contains(index) ? code.source[code.tokens[index].range] : ""
    }
    var count = 0
    for index in range {
      let current = word(index)
      let against =
        ["nil", "false"].contains(word(index + 1)) || ["nil", "false"].contains(word(index - 1))
      switch current {
      case "!=": count += against ? 0 : 1
      case "==": count += against ? 1 : 0
      case "!":
        let previous = word(index - 1)
        let isUnwrap =
          !code.tokens[index].followsSpace
          && (previous.last.map { $0.isLetter || $0.isNumber || $0 == "_" } == true
            || [")", "]"].contains(previous))
        count += isUnwrap ? 0 : 1
      default: break
      }
    }
    return count % 2 == 1
  }

  /// The words of a condition with what says "not" taken out (`!`, `!=` as `==`, `== false`,
  /// `!= nil`), the author's names as one word and `renaming`'s member as the other: equal for
  /// conditions that differ at most in saying "not".
  static func conditionWords(
    _ node: CodeNode, in code: ParsedCode, renaming: (from: String, to: String)?
  ) -> [Substring] {
    guard let range = conditionTokens(of: node, in: code) else { return [] }
    var words: [Substring] = []
    var afterDot = false
    for index in range {
      let token = code.tokens[index]
      var word = code.source[token.range]
      defer { afterDot = word == "." }
      if ["!", "(", ")"].contains(word) { continue }
      if word == "!=" { word = "==" }
      if let renaming, afterDot, word == renaming.from { word = Substring(renaming.to) }
      if token.kind == .dollar
        || token.kind == .identifier && !afterDot && !SDKIndex.shipped.types.contains(String(word))
      {
        word = "_"
      }
      words.append(word)
    }
    // `x == false`, `x != nil`: the comparison says only "not" or "is".
    var index = 0
    while index + 1 < words.count {
      if words[index] == "==", ["false", "true", "nil"].contains(words[index + 1]) {
        words.removeSubrange(index...(index + 1))
      } else {
        index += 1
      }
    }
    return words
  }

  /// The tokens of the condition of `node`: from its keyword to its block, or in a ternary
  /// from its start to its `?`.
  static func conditionTokens(of node: CodeNode, in code: ParsedCode) -> Range<Int>? {
    guard let keyword = node.token, keyword < code.tokens.count else { return nil }
    if code.source[code.tokens[keyword].range] == "?" { return node.tokens.lowerBound..<keyword }
    let end =
      (keyword + 1..<code.tokens.count).first { code.source[code.tokens[$0].range] == "{" }
      ?? code.tokens.count
    return keyword + 1..<end
  }

  /// What tells a branch from another: its members and API (``memberNames(_:)``), then its
  /// literals.
  static func branchWords(_ nodes: [CodeNode]) -> [String] {
    memberNames(nodes) + allNodes(nodes).filter { $0.kind == .literal }.map(\.name)
  }

  /// The members and API that `nodes` use, item by item and all they hold, in order.
  static func memberNames(_ nodes: [CodeNode]) -> [String] {
    func names(_ node: CodeNode) -> [String] {
      ([.modifier, .member, .keyPath].contains(node.kind) || node.isAPI ? [node.name] : [])
        + node.arguments.flatMap { $0.value.flatMap(names) }
        + node.blocks.joined().flatMap(names) + node.clause.flatMap(names)
        + node.value.flatMap(names)
    }
    return nodes.flatMap(names)
  }
}
