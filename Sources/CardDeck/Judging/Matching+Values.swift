/// What the values in the attempt's code say, beyond their names: the condition a call is
/// given, the arguments that pick a method, the environment action a name calls.
extension Matching {
  /// A condition the card passes to an API call (`.interactiveDismissDisabled(name.isEmpty)`):
  /// the names in it are the author's, but leaving it out, or passing a constant, turns the
  /// behaviour on for good (an API detail missing), and negating it asks for the opposite (an
  /// error).
  mutating func compareConditions(_ e: CodeNode, _ a: CodeNode, expectedUsed: [Bool]) {
    guard e.isAPI, e.importance == .major else { return }
    let conditions = e.arguments.indices.filter { index in
      let argument = e.arguments[index]
      return !expectedUsed[index] && argument.label == nil && !argument.isClosure
        && Self.isCondition(argument.value)
    }
    guard conditions.count == 1, let condition = e.arguments[conditions[0]].value.first
    else { return }
    let value = e.arguments[conditions[0]].value
    let typed = a.arguments.filter { $0.label == nil && !$0.isClosure }
    let expectedText = text(of: value, in: expected)
    position = condition.tokens.lowerBound
    guard typed.count == 1, !typed[0].value.allSatisfy({ $0.kind == .literal }) else {
      lost.major += 1
      note(.missing, "no condition: the card passes `\(expectedText.joined())`")
      for token in condition.tokens.lowerBound..<(value.last?.tokens.upperBound ?? 0) {
        marks[token] = .missing
      }
      return
    }
    let typedText = text(of: typed[0].value, in: attempt)
    let stripped = { (words: [String]) -> [String] in
      var words = words
      if words.first == "!" { words.removeFirst() }
      if words.first == "(", words.last == ")" { words = Array(words.dropFirst().dropLast()) }
      return words
    }
    if (expectedText.first == "!") != (typedText.first == "!"),
      stripped(expectedText).count == stripped(typedText).count
    {
      lost.major += 1
      lostToErrors += 1
      note(
        .error,
        "`\(typedText.joined())` is the opposite of the card's `\(expectedText.joined())`")
      marks[condition.tokens.lowerBound] = .wrong(typedText.joined())
    }
  }

  /// A method on a value called without the arguments the card gives it
  /// (`path.removeLast()` for `path.removeLast(path.count)`) is another method, not the same
  /// one with a default: an error, as another number of closure parameters is.
  mutating func compareOverloads(_ e: CodeNode, _ a: CodeNode) {
    guard e.kind == .modifier, a.kind == .modifier, e.isAPI, e.importance == .major,
      !e.parameters.isEmpty, !a.parameters.isEmpty, a.arguments.isEmpty,
      e.arguments.contains(where: { $0.label == nil && !$0.isClosure })
    else { return }
    // The arguments left out are lost with them (``loseArgument``): that loss is the error.
    var cost = 0.0
    for argument in e.arguments where argument.label == nil && !argument.isClosure {
      cost += argument.value.reduce(0) { $0 + CodeNode.weight(of: $1).major }
    }
    lost.major += max(0, 1 - cost)
    lostToErrors += max(1, cost)
    note(
      .error,
      "`.\(a.name)()` without an argument is another method than the card's `.\(e.name)(_:)`")
    mark(e, .wrong(a.name + "()"))
  }

  /// Whether a value is an expression over the author's names (`name.isEmpty`, `!isValid`),
  /// not a literal, member, binding, key path, closure or call of API.
  private static func isCondition(_ value: [CodeNode]) -> Bool {
    guard let first = value.first, value.allSatisfy({ CodeNode.weight(of: $0).major == 0 })
    else { return false }
    if value.count == 1 && first.kind != .call { return false }
    return value.allSatisfy { node in
      switch node.kind {
      case .call: !node.isAPI && !node.hasParentheses && node.arguments.isEmpty
      case .modifier: !node.parameters.isEmpty || node.arguments.isEmpty
      case .operator: true
      default: false
      }
    } && !(value.count == 1 && first.name.first?.isUppercase == true)
  }

  /// The significant tokens' texts that `value` spans, with a `!` before it (the parse drops
  /// operators).
  private func text(of value: [CodeNode], in code: ParsedCode) -> [String] {
    guard let first = value.first, let last = value.last,
      first.tokens.lowerBound < last.tokens.upperBound, last.tokens.upperBound <= code.tokens.count
    else { return value.map(\.name) }
    var start = first.tokens.lowerBound
    if start > 0, code.source[code.tokens[start - 1].range] == "!" { start -= 1 }
    return (start..<last.tokens.upperBound).map { String(code.source[code.tokens[$0].range]) }
  }

  /// An environment action called by its own name (`dismissSearch()` for the card's
  /// `@Environment(\.dismissSearch)`) names the API the card reads: its key path is there,
  /// the declaration that reads it is what is missing.
  mutating func creditEnvironmentCalls() {
    var called: Set<String> = []
    func collectCalls(_ node: CodeNode) {
      if node.kind == .call, node.hasParentheses, !attempt.declared.contains(node.name) {
        called.insert(node.name)
      }
      for argument in node.arguments { argument.value.forEach(collectCalls) }
      node.blocks.joined().forEach(collectCalls)
      node.value.forEach(collectCalls)
    }
    attempt.nodes.forEach(collectCalls)
    guard !called.isEmpty else { return }
    func walk(_ node: CodeNode) {
      if node.kind == .keyPath, node.importance == .major, let token = node.token,
        marks[token] == .missing, called.contains(node.name),
        vocabulary.environment.contains(node.name)
      {
        lost.major -= CodeNode.ownWeight(node).major
        marks[token] = nil
      }
      for argument in node.arguments { argument.value.forEach(walk) }
      node.blocks.joined().forEach(walk)
      (node.attributes + node.clause + node.value).forEach(walk)
    }
    expected.nodes.forEach(walk)
  }
}
