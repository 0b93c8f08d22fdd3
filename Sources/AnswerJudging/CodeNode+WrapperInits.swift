/// A wrapped property given its first value in `init`, read as Swift reads it: `self.draft =
/// song`, for `@State private var draft: Song` declared without a value, is `_draft =
/// State(wrappedValue: song)` (SE-0258); and `State(initialValue:)` is `State(wrappedValue:)`,
/// its other name. So the three spellings meet.
extension CodeNode {
  /// `nodes` with each assignment in an `init` to a wrapped property of the type that holds it
  /// (or of the code's top level) written as the assignment of its storage, and each wrapper
  /// built with `initialValue:` built with `wrappedValue:`. The tokens stay the code's.
  static func normalizingWrapperInits(_ nodes: [CodeNode], index: SDKIndex) -> [CodeNode] {
    normalizing(nodes, wrapped: wrappedProperties(in: nodes, index: index), index: index)
  }

  private static func normalizing(_ nodes: [CodeNode], wrapped: [String: String], index: SDKIndex)
    -> [CodeNode]
  {
    nodes.map { node in
      var node = node
      if node.kind == .declaration, node.name == "init", node.blocks.count == 1 {
        node.blocks = [storageAssignments(node.blocks[0], wrapped: wrapped)]
      } else if node.kind == .declaration, node.blocks.count == 1, node.name != "func",
        node.name != "var"
      {
        // A type: its own properties, not those of the code around it.
        node.blocks = [
          normalizing(
            node.blocks[0], wrapped: wrappedProperties(in: node.blocks[0], index: index),
            index: index)
        ]
        return node
      }
      if node.kind == .call, ["State", "StateObject"].contains(node.name),
        node.arguments.count == 1, node.arguments[0].label == "initialValue"
      {
        node.arguments[0].label = "wrappedValue"
      }
      return node.mappingSequences { normalizing($0, wrapped: wrapped, index: index) }
    }
  }

  /// The items of an `init`'s body with `name` followed by a value, where `name` is wrapped,
  /// written as `_name` followed by the wrapper built from the value.
  private static func storageAssignments(_ items: [CodeNode], wrapped: [String: String])
    -> [CodeNode]
  {
    var result: [CodeNode] = []
    var index = 0
    while index < items.count {
      let item = items[index]
      guard item.kind == .call, let wrapper = wrapped[item.name], item.arguments.isEmpty,
        item.blocks.isEmpty, index + 1 < items.count, items[index + 1].kind == .call,
        // A wrapper assigned to the wrapped value does not compile: left as written.
        items[index + 1].name != wrapper
      else {
        result.append(item)
        index += 1
        continue
      }
      // The value: a call and the members read or called on it.
      var end = index + 2
      while end < items.count, items[end].kind == .modifier, !items[end].parameters.isEmpty {
        end += 1
      }
      let value = Array(items[(index + 1)..<end])
      var storage = item
      storage.name = "_" + item.name
      var built = CodeNode(
        kind: .call, name: wrapper, token: nil,
        tokens: value[0].tokens.lowerBound..<value[value.count - 1].tokens.upperBound)
      built.hasParentheses = true
      built.arguments = [Argument(label: "wrappedValue", labelToken: nil, value: value)]
      result += [storage, built]
      index = end
    }
    return result
  }

  /// The properties `items` declare, at their own level, with a wrapper and no value, by name,
  /// each with its wrapper, where the wrapper can be built from the value alone
  /// (`init(wrappedValue:)`).
  static func wrappedProperties(in items: [CodeNode], index: SDKIndex) -> [String: String] {
    var wrapped: [String: String] = [:]
    for node in items
    where node.kind == .declaration && node.name == "var" && node.parameters.count == 1
      && node.value.isEmpty && node.attributes.count == 1
      && index.members(named: "init", of: node.attributes[0].name).contains(where: {
        $0.labels == ["wrappedValue"]
      })
    {
      wrapped[node.parameters[0]] = node.attributes[0].name
    }
    return wrapped
  }
}
