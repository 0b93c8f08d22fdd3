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
      if let unwrapped = forwarded(node) { node = unwrapped }
      // A value passed where a protocol's is asked for (`TimelineView(PeriodicTimelineSchedule(
      // from: d, by: 1))`) is the implicit member; a view of its own is its type's.
      for index in node.arguments.indices where node.arguments[index].value.count == 1 {
        if let factory = factorySpelling(node.arguments[index].value[0]) {
          node.arguments[index].value = [factory]
        }
      }
      if node.kind == .declaration, node.value.count == 1,
        let factory = factorySpelling(node.value[0])
      {
        node.value = [factory]
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

  /// A value built by its type's initialiser or by a protocol's static member, in the one
  /// spelling both are read as: the implicit member where it makes that type alone
  /// (`PeriodicTimelineSchedule(from: d, by: 1)` as `.periodic(from: d, by: 1)`), the type's
  /// initialiser where the member's name makes other types too
  /// (``SDKIndex/ambiguousFactoryType(named:labels:)``: `.rect(cornerRadius: 16)` as
  /// `RoundedRectangle(cornerRadius: 16)`, not the `.rect` that `Rectangle()` is read as); nil
  /// where neither is.
  private static func factorySpelling(_ node: CodeNode) -> CodeNode? {
    guard node.hasParentheses, node.blocks.isEmpty, !node.arguments.isEmpty,
      node.arguments.allSatisfy({ !$0.isTrailing }),
      node.arguments.contains(where: { $0.label != nil })
    else { return nil }
    let labels = node.arguments.map { $0.label ?? "_" }
    var spelled = node
    if node.kind == .call, node.name.first?.isUppercase == true,
      let name = SDKIndex.shipped.staticFactoryName(of: node.name, labels: labels)
    {
      spelled.kind = .member
      spelled.name = name
    } else if node.kind == .member,
      let type = SDKIndex.shipped.ambiguousFactoryType(named: node.name, labels: labels)
    {
      spelled.kind = .call
      spelled.name = type
    } else {
      return nil
    }
    return spelled
  }

  /// A call given one value built by its type's initialiser where an overload takes that
  /// initialiser's arguments itself (`.keyboardShortcut(KeyboardShortcut("s", modifiers:
  /// .shift))` as `.keyboardShortcut("s", modifiers: .shift)`); nil where there is none.
  private static func forwarded(_ node: CodeNode) -> CodeNode? {
    guard node.kind == .modifier || node.kind == .call, node.hasParentheses,
      let first = node.arguments.first, first.label == nil, first.value.count == 1,
      node.arguments.dropFirst().allSatisfy(\.isTrailing)
    else { return nil }
    let inner = first.value[0]
    guard inner.kind == .call, inner.hasParentheses, inner.blocks.isEmpty,
      inner.name.first?.isUppercase == true, !inner.arguments.isEmpty,
      inner.arguments.allSatisfy({ !$0.isTrailing })
    else { return nil }
    let index = SDKIndex.shipped
    let members =
      node.kind == .modifier
      ? index.members(named: node.name, of: "View")
      : index.members(named: "init", of: node.name)
    let written = inner.arguments.map { $0.label ?? "_" }
    // Labels say which arguments the overload takes (`Int(Double(s)!)` is no `Int(s)`).
    guard written.contains(where: { $0 != "_" }),
      members.contains(where: { $0.labels == ["_"] && $0.parameterTypes?.first == inner.name }),
      members.contains(where: { $0.labels.count > 1 && $0.accepts(written: written) })
    else { return nil }
    var node = node
    node.arguments = inner.arguments + node.arguments.dropFirst()
    return node
  }
}
