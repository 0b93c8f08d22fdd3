/// A wrapped property given its first value in `init` by assignment, read as Swift reads it:
/// `self.draft = song`, for `@State private var draft: Song` declared without a value, is
/// `_draft = State(wrappedValue: song)` (SE-0258), so that it meets the card's spelling.
extension CodeNode {
  /// `nodes` with each assignment in an `init` to a property of `wrapped` (its name and its
  /// wrapper's) written as the assignment of its storage. The tokens stay the code's.
  static func normalizingWrapperInits(_ nodes: [CodeNode], wrapped: [String: String])
    -> [CodeNode]
  {
    guard !wrapped.isEmpty else { return nodes }
    return nodes.map { node in
      guard node.kind == .declaration, node.name == "init", node.blocks.count == 1 else {
        return node.mappingSequences { normalizingWrapperInits($0, wrapped: wrapped) }
      }
      var node = node
      node.blocks = [storageAssignments(node.blocks[0], wrapped: wrapped)]
      return node
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
        item.blocks.isEmpty, index + 1 < items.count, items[index + 1].kind == .call
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

  /// The properties `nodes` declare with a wrapper and no value, by name, each with its
  /// wrapper, where the wrapper can be built from the value alone (`init(wrappedValue:)`).
  static func wrappedProperties(in nodes: [CodeNode], index: SDKIndex) -> [String: String] {
    var wrapped: [String: String] = [:]
    func collect(_ nodes: [CodeNode]) {
      for node in nodes {
        if node.kind == .declaration, node.name == "var", node.parameters.count == 1,
          node.value.isEmpty, node.attributes.count == 1,
          index.members(named: "init", of: node.attributes[0].name).contains(where: {
            $0.labels == ["wrappedValue"]
          })
        {
          wrapped[node.parameters[0]] = node.attributes[0].name
        }
        node.blocks.forEach(collect)
      }
    }
    collect(nodes)
    return wrapped
  }
}
