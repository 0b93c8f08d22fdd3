import CardDeck

/// Deprecated API in the attempt, as the vocabulary lists it.
extension Matching {
  mutating func reportDeprecated(_ nodes: [CodeNode]) {
    // Most attempts name nothing deprecated: a look at their names saves the walk.
    guard
      attempt.tokens.indices.contains(where: { index in
        let token = attempt.tokens[index]
        guard token.kind == .identifier else { return false }
        let name = String(attempt.source[token.range])
        return vocabulary.deprecationSignals.contains(name)
          || vocabulary.deprecatedLabelSignals.contains(name) && index + 1 < attempt.tokens.count
            && attempt.source[attempt.tokens[index + 1].range] == ":"
      })
    else { return }
    let expectedNames = expected.names
    var expectedOverloads: Set<String>?
    for node in Self.allNodes(nodes) {
      if let token = node.token, !reportedAttemptTokens.contains(token) {
        if let replacement = replacement(forDeprecated: node.name),
          !expectedNames.contains(node.name),
          [.call, .modifier, .member, .attribute, .keyPath].contains(node.kind)
        {
          reportedAttemptTokens.insert(token)
          noteDeprecated(
            node, "`\(display(node, in: attempt))` is deprecated: use `\(replacement)`",
            replacement)
        } else if let (spelling, replacement) = Self.overload(node, vocabulary: vocabulary),
          !{
            // The card's own overloads, looked for once an attempt has a deprecated one.
            let known =
              expectedOverloads
              ?? Set(
                Self.allNodes(expected.nodes).compactMap {
                  Self.overload($0, vocabulary: vocabulary)?.spelling
                })
            expectedOverloads = known
            return known.contains(spelling)
          }()
        {
          reportedAttemptTokens.insert(token)
          noteDeprecated(node, "`\(spelling)` is deprecated: use `\(replacement)`", replacement)
        }
      }
    }
  }

  /// What replaces the deprecated `name`: of the vocabulary's replacements, the one the card
  /// writes and the attempt does not (`NavigationSplitView` for `NavigationView`, where the
  /// card has columns and a `NavigationStack` too), else one the card writes, else the first.
  func replacement(forDeprecated name: String) -> String? {
    guard let listed = vocabulary.deprecated[name] else { return nil }
    let choices = listed.split(separator: " ").map(String.init)
    let written = choices.filter { expected.names.contains(String($0.prefix { $0 != "(" })) }
    return written.first { !attempt.writtenNames.contains($0.prefix { $0 != "(" }) }
      ?? written.first ?? choices.first
  }

  /// Notes a deprecated name of the attempt: an error, but for decoration (`.foregroundColor`)
  /// and for what the card has nothing for (`.edgesIgnoringSafeArea` or a `NavigationView`
  /// added to the right answer: paired with none of the card's parts, its replacement none of
  /// the card's names), which a reviewer reads past while the point is right
  /// (``settleDeprecatedDecoration``).
  mutating func noteDeprecated(_ node: CodeNode, _ message: String, _ replacement: String) {
    let current = String(replacement.prefix { $0 != "(" })
    let other = Self.bare(current) == node.name ? nil : Self.bare(current)
    let isExtra =
      node.token.map { !pairedAttemptTokens.contains($0) } ?? false
      && !expected.names.contains(current)
    if (node.kind == .modifier && APIVocabulary.decoration.contains(node.name) || isExtra)
      && !expected.hints.essential.contains(node.name)
    {
      deprecatedDecoration.append(findings.count)
      note(.slip, message, deprecated: node.name, replacement: other)
    } else {
      note(.error, message, deprecated: node.name, replacement: other)
      // The card's own API in its older form (`Alert` in `.alert(isPresented:)`, where the card
      // writes `.alert` with buttons): the attempt knew the API, not its current spelling.
      if expected.names.contains(current),
        attempt.writtenNames.contains(Substring(current))
      {
        olderFormOfCardsAPI = true
      }
    }
  }

  /// Whether `name` is what replaces `deprecated`, as the vocabulary or the index says.
  static func replaces(_ name: String, deprecated: String, vocabulary: APIVocabulary) -> Bool {
    let index = SDKIndex.shipped
    guard name != deprecated,
      vocabulary.deprecated[deprecated] != nil || index.hasDeprecated(deprecated)
    else { return false }
    let listed = (vocabulary.deprecated[deprecated] ?? "").split(separator: " ").map(String.init)
    let declared = index.membersOfAnyType(named: deprecated).compactMap { $0.member.replacement }
    return (listed + declared).contains { bare(String($0.prefix { $0 != "(" })) == name }
  }

  /// `name` without the `.` or `@` it is written with: `Tab` of `Tab`, `onChange` of `.onChange`.
  static func bare(_ name: String) -> String {
    String(name.drop { $0 == "." || $0 == "@" || $0 == "\\" })
  }

  /// Deprecated decoration on an attempt that misses part of the point stands where that part
  /// should be (`.foregroundColor(.red)` for a button's `role: .destructive`): an error then.
  mutating func settleDeprecatedDecoration() {
    guard lost.major > 0.01 else { return }
    for index in deprecatedDecoration {
      findings[index].severity = .error
      errorCount += 1
    }
  }

  /// The deprecated overload a call takes, by a label or its closure's parameters
  /// (``APIVocabulary/deprecatedLabels``, ``APIVocabulary/deprecatedArities``): how it is
  /// written (`.onChange(perform:)`) and what replaces it.
  static func overload(
    _ node: CodeNode, vocabulary: APIVocabulary
  ) -> (spelling: String, replacement: String)? {
    guard node.kind == .call || node.kind == .modifier else { return nil }
    let prefix = node.kind == .modifier ? "." : ""
    if let labels = vocabulary.deprecatedLabels[node.name] {
      for argument in node.arguments {
        if let label = argument.label, let replacement = labels[label] {
          return (prefix + node.name + "(" + label + ":)", replacement)
        }
      }
    }
    if let arities = vocabulary.deprecatedArities[node.name],
      let closure = node.arguments.last(where: \.isClosure)?.value.first
    {
      // Named parameters only: `$1` may sit in a string's interpolation.
      let count = closure.parameters.count
      if count > 0, let replacement = arities[count] {
        return (
          prefix + node.name + " { \(count == 1 ? "value" : "\(count) values") in }", replacement
        )
      }
    }
    return nil
  }

  /// Every node of a tree, depth first.
  static func allNodes(_ nodes: [CodeNode]) -> [CodeNode] {
    var all: [CodeNode] = []
    func walk(_ node: CodeNode) {
      all.append(node)
      for argument in node.arguments { argument.value.forEach(walk) }
      for block in node.blocks { block.forEach(walk) }
      node.attributes.forEach(walk)
      node.clause.forEach(walk)
      node.value.forEach(walk)
    }
    nodes.forEach(walk)
    return all
  }
}
