import CardDeck

/// Constants declared in other words that say the same: a value set up in a closure called in
/// place (`let decoder: JSONDecoder = { let d = JSONDecoder(); d.dateDecodingStrategy =
/// .iso8601; return d }()`) says what `let decoder = JSONDecoder()` and the lines that set it
/// up after it say; `let decoder: JSONDecoder = JSONDecoder()` names the type its value makes.
/// A reviewer reads them so.
extension CodeNode {
  /// Whether `tokens` may declare a constant of a type its value makes (`: T = T`).
  static func mayAnnotateOwnType(_ source: String, _ tokens: [SwiftToken]) -> Bool {
    tokens.indices.dropLast(3).contains { index in
      guard tokens[index + 1].kind == .identifier, source[tokens[index].range] == ":" else {
        return false
      }
      let type = source[tokens[index + 1].range]
      return source[tokens[index + 2].range] == "=" && source[tokens[index + 3].range] == type
    }
  }

  /// `nodes` without the type a constant's declaration names where its value makes that type.
  static func droppingOwnTypeAnnotations(_ nodes: [CodeNode]) -> [CodeNode] {
    nodes.map { node in
      var node = node.mappingSequences(droppingOwnTypeAnnotations)
      if node.kind == .declaration, node.name == "var", node.clause.count == 1,
        node.clause[0].kind == .call, node.clause[0].name == node.value.first?.name
      {
        node.clause = []
      }
      return node
    }
  }

  /// `nodes` with each constant whose value is such a closure written as the constant bound to
  /// the closure's own value, then the closure's other lines with its name for the closure's.
  /// The tokens stay the code's.
  static func unwrappingSetUpClosures(_ nodes: [CodeNode]) -> [CodeNode] {
    var items: [CodeNode] = []
    for node in nodes {
      let node = node.mappingSequences(unwrappingSetUpClosures)
      guard let (constant, lines) = unwrapped(node) else {
        items.append(node)
        continue
      }
      items.append(constant)
      items += lines
    }
    return items
  }

  /// The constant and the set-up lines `node` holds, when it is a constant whose value is a
  /// closure called in place that binds a value, sets it up and returns it.
  private static func unwrapped(_ node: CodeNode) -> (CodeNode, [CodeNode])? {
    guard node.kind == .declaration, node.name == "var", node.parameters.count == 1,
      node.attributes.isEmpty, node.blocks.isEmpty, node.value.count == 1,
      case let closure = node.value[0], closure.kind == .closure, closure.hasParentheses,
      closure.arguments.isEmpty, closure.parameters.isEmpty, closure.blocks.count == 1,
      let body = closure.blocks.first, body.count >= 3,
      let local = body.first, local.kind == .declaration, local.name == "var",
      local.parameters.count == 1, local.attributes.isEmpty, local.blocks.isEmpty,
      !local.value.isEmpty, let inner = local.parameters.first,
      let last = body.last, last.kind == .call, last.name == inner,
      CodeParser.isBareReference(last)
    else { return nil }
    // Only lines that set the value up: another value bound in between is other code.
    let lines = body.dropFirst().dropLast()
    guard !lines.contains(where: { $0.kind == .declaration }) else { return nil }
    let name = node.parameters[0]
    var constant = node
    constant.value = local.value
    constant.weight = nil
    return (constant, lines.map { $0.renaming(inner, to: name) })
  }

  /// `nodes` with each constant built by a closure its type's initialiser hands the value being
  /// built (`let line = Path { path in path.move(to: .zero) … }`, as the index says of `Path`)
  /// written as a variable made empty, then the closure's lines with its name for the
  /// closure's parameter: what `var line = Path()` and `line.move(to: .zero)` say. The tokens
  /// stay the code's.
  static func unwrappingBuilderClosures(_ nodes: [CodeNode]) -> [CodeNode] {
    var items: [CodeNode] = []
    for node in nodes {
      let node = node.mappingSequences(unwrappingBuilderClosures)
      guard node.kind == .declaration, node.name == "var", node.parameters.count == 1,
        node.attributes.isEmpty, node.blocks.isEmpty, node.value.count == 1,
        case var type = node.value[0], type.kind == .call, type.arguments.count == 1,
        type.arguments[0].isClosure, type.blocks.isEmpty,
        case let closure = type.arguments[0].value[0], closure.parameters.count == 1,
        closure.blocks.count == 1,
        SDKIndex.shipped.closureParameterTypes(
          call: "init", on: type.name, label: nil, count: 1) == [type.name]
      else {
        items.append(node)
        continue
      }
      type.arguments = []
      type.hasParentheses = true
      var constant = node
      constant.value = [type]
      constant.weight = nil
      let name = node.parameters[0]
      items.append(constant)
      items += closure.blocks[0].map { $0.renaming(closure.parameters[0], to: name) }
    }
    return items
  }

  /// The node with each plain reference to `old`, and each member called on it, naming `new`.
  private func renaming(_ old: String, to new: String) -> CodeNode {
    var node = mappingSequences { $0.map { $0.renaming(old, to: new) } }
    if node.kind == .call, node.name == old, CodeParser.isBareReference(node) { node.name = new }
    if node.kind == .modifier, node.parameters == [old] { node.parameters = [new] }
    return node
  }
}
