/// An early exit read as the branch it is: `if c { return a }; return b` says what
/// `if c { return a } else { return b }` says, and a `guard` likewise, so that the branches
/// are compared whichever way round the condition is written.
extension CodeNode {
  /// `nodes` with each `if` or `guard` of `exiting` (by its keyword's token) that code follows
  /// holding that code as its other block. The tokens stay the code's.
  static func normalizingEarlyExits(_ nodes: [CodeNode], exiting: Set<Int>) -> [CodeNode] {
    guard !exiting.isEmpty else { return nodes }
    var items = nodes.map { $0.mappingSequences { normalizingEarlyExits($0, exiting: exiting) } }
    var index = items.count - 2
    while index >= 0 {
      defer { index -= 1 }
      let node = items[index]
      guard node.kind == .statement, let token = node.token, exiting.contains(token),
        node.blocks.count == 1
      else { continue }
      var folded = node
      let rest = Array(items[(index + 1)...])
      folded.blocks.append(rest)
      if let last = rest.last { folded.tokens = node.tokens.lowerBound..<last.tokens.upperBound }
      items.replaceSubrange(index..., with: [folded])
    }
    return items
  }
}
