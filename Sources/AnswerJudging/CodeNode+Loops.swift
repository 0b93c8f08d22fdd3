/// A loop written as a call: `names.forEach { name in … }` says what `for name in names { … }`
/// says, and a reviewer reads them so.
extension CodeNode {
  /// `nodes` with each `forEach` whose only argument is a closure, at the end of a chain,
  /// written as the `for` statement over what the chain before it gives (`zip(a, b)`, `names`),
  /// the closure's body its block. The tokens stay the attempt's.
  static func normalizingLoops(_ nodes: [CodeNode]) -> [CodeNode] {
    var items = nodes.map { $0.mappingSequences(normalizingLoops) }
    var index = 0
    while index < items.count {
      defer { index += 1 }
      let node = items[index]
      guard node.kind == .modifier, node.name == "forEach", node.arguments.count == 1,
        node.arguments[0].isClosure, node.parameters.count <= 1,
        index + 1 == items.count || items[index + 1].kind != .modifier
          || !items[index + 1].parameters.isEmpty
      else { continue }
      let closure = node.arguments[0].value[0]
      var start = index
      var clause: [CodeNode]
      if let receiver = node.parameters.first {
        // `names.forEach`: the receiver, the item before, is the sequence.
        guard index > 0, items[index - 1].kind == .call, items[index - 1].name == receiver,
          !items[index - 1].hasParentheses
        else { continue }
        start = index - 1
        clause = [items[start]]
      } else {
        // `zip(a, b).forEach`: the chain back to its first link.
        while start > 0, items[start].kind == .modifier, items[start].parameters.isEmpty {
          start -= 1
        }
        guard start < index, items[start].kind == .call else { continue }
        clause = Array(items[start..<index])
      }
      var loop = CodeNode(
        kind: .statement, name: "for", token: node.token,
        tokens: items[start].tokens.lowerBound..<node.tokens.upperBound)
      loop.clause = clause
      loop.blocks = [closure.blocks.first ?? []]
      items.replaceSubrange(start...index, with: [loop])
      index = start
    }
    return items
  }
}
