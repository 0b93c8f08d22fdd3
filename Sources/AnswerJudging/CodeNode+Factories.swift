/// A value built by its type's initialiser or by a static member that gives it:
/// `Angle(degrees: 90)` says what `.degrees(90)` says, `Rectangle()` what `.rect` says where a
/// shape is asked for, and a reviewer reads them so.
extension CodeNode {
  /// `nodes` with each `Type(label: value)` whose type has a static method `label(_:)` (as
  /// the index says) written as the implicit member `.label(value)`. The tokens stay the
  /// code's.
  static func normalizingFactories(_ nodes: [CodeNode]) -> [CodeNode] {
    nodes.map { node in
      var node = node.mappingSequences(normalizingFactories)
      // An argument that is a type's plain instance (`contentShape(Rectangle())`) is the
      // protocol's static value of that type (`.rect`).
      for index in node.arguments.indices {
        guard node.arguments[index].value.count == 1 else { continue }
        let value = node.arguments[index].value[0]
        guard value.kind == .call, value.hasParentheses, value.arguments.isEmpty,
          value.blocks.isEmpty, value.name.first?.isUppercase == true,
          let name = SDKIndex.shipped.staticValueName(of: value.name)
        else { continue }
        var member = value
        member.kind = .member
        member.name = name
        member.hasParentheses = false
        node.arguments[index].value = [member]
      }
      guard node.kind == .call, node.hasParentheses, node.blocks.isEmpty,
        node.name.first?.isUppercase == true, node.arguments.count == 1,
        let label = node.arguments[0].label, !node.arguments[0].isTrailing,
        SDKIndex.shipped.members(named: label, of: node.name).contains(where: {
          $0.isStatic && $0.isCall && $0.labels == ["_"]
        })
      else { return node }
      node.kind = .member
      node.name = label
      node.arguments[0].label = nil
      node.arguments[0].labelToken = nil
      return node
    }
  }
}
