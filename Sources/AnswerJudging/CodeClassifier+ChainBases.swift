import CardDeck

/// The views modifiers are applied to: context where a modifier is the point.
extension CodeClassifier {
  /// The views that modifiers are applied to, in a list of items, are context when one of the
  /// modifiers is the point: `Slider(…)` in `Slider(…).onChange(…)`; but not a view whose
  /// arguments hold API the question asks about (`Text(value, format: .percent…)` for
  /// "formatted … as a percentage"), which is the point, and the modifiers the question does
  /// not ask about (`.monospacedDigit()`) details.
  func demotingChainBases(_ items: [CodeNode]) -> [CodeNode] {
    var items = items
    var index = 0
    while index < items.count {
      guard items[index].kind == .call else {
        index += 1
        continue
      }
      var end = index + 1
      while end < items.count, items[end].kind == .modifier, items[end].parameters.isEmpty {
        end += 1
      }
      let modifiers = (index + 1)..<end
      if !modifiers.isEmpty, items[modifiers].contains(where: { $0.importance == .major }) {
        if hints.essential.isEmpty,
          question.asks(aboutArgumentsOf: items[index]) || passesStatedNumber(items[index])
        {
          // The modifiers the question does not ask about are the example's finish.
          for modifier in modifiers where !question.asks(items[modifier].name) {
            items[modifier] = Self.minored(items[modifier])
          }
        } else {
          items[index] = Self.demoted(items[index])
        }
      }
      index = end
    }
    return items
  }

  /// Whether an argument of `node`, an API call, is a number the question states: the
  /// `0...40` of `Gauge(value:in:)` for "from 0 to 40" is asked for; not one deeper in
  /// (`ForEach(items.prefix(10))` for "the first 10").
  private func passesStatedNumber(_ node: CodeNode) -> Bool {
    node.isAPI
      && node.arguments.contains { argument in
        !argument.isClosure && argument.label != nil
          && argument.value.allSatisfy { $0.kind == .literal }
          && argument.value.contains { fixedNumbers.contains($0.name) }
      }
  }

  /// `node` with what it holds that counts as the point counted as a detail.
  private static func minored(_ node: CodeNode) -> CodeNode {
    var node = node.mappingChildren(minored)
    node.weight = nil
    if node.importance == .major { node.importance = .minor }
    for index in node.arguments.indices where node.arguments[index].importance == .major {
      node.arguments[index].importance = .minor
    }
    return node
  }

  private static func demoted(_ node: CodeNode) -> CodeNode {
    var node = node
    node.weight = nil
    node.importance = .free
    node.isTransparent = true
    node.arguments = node.arguments.map { argument in
      var argument = argument
      guard !argument.isClosure else { return argument }
      argument.importance = .free
      argument.value = argument.value.map { freed($0) }
      return argument
    }
    return node
  }
}
