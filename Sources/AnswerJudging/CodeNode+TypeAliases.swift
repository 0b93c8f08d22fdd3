/// A type named through an alias the code declares: `typealias Value = CGFloat` then `Value`
/// says `CGFloat`, and a reviewer reads it so.
extension CodeNode {
  /// `nodes` with each bare use of an alias in `aliases` (a name, not called) named as the type
  /// it stands for. The tokens stay the code's.
  static func replacingTypeAliases(_ nodes: [CodeNode], _ aliases: [String: String]) -> [CodeNode] {
    guard !aliases.isEmpty else { return nodes }
    return nodes.map { node in
      var node = node.mappingSequences { replacingTypeAliases($0, aliases) }
      if node.isTypeReference, let type = aliases[node.name] { node.name = type }
      return node
    }
  }
}
