import CardDeck

/// Local constants used once, read as the value written in their place: `let url = URL(…)` and
/// `data(from: url)` say what `data(from: URL(…))` says, and a reviewer reads them so.
extension CodeNode {
  /// The names a constant's value starts with (`FetchDescriptor` for `let d =
  /// FetchDescriptor<Trip>(…)`), for every local constant in `nodes`, used or not; with
  /// `plain`, only those whose value is that one item: a chain that starts with it
  /// (`ContinuousClock().measure { … }`) is what another's constant of the first link, used
  /// on, stands for.
  static func constantHeads(in nodes: [CodeNode], plain: Bool = false) -> Set<String> {
    var heads: Set<String> = []
    func walk(_ node: CodeNode) {
      if let head = constantHead(node), !plain || constantValue(node)?.count == 1 {
        heads.insert(head)
      }
      node.forEachSequence { $0.forEach(walk) }
    }
    nodes.forEach(walk)
    return heads
  }

  /// `nodes` with each local constant that is used once, and whose value does not start with a
  /// name in `kept`, written in its place; and those constants' names, each with its head.
  static func inliningConstants(
    _ nodes: [CodeNode], keeping kept: Set<String>
  ) -> (nodes: [CodeNode], inlined: [String: String]) {
    var inlined: [String: String] = [:]
    func inline(_ sequence: [CodeNode]) -> [CodeNode] {
      var items = sequence.map { $0.mappingSequences(inline) }
      var index = 0
      while index < items.count {
        if let head = constantHead(items[index]), !kept.contains(head),
          let name = items[index].parameters.first, let value = constantValue(items[index]),
          let rest = replacing(name, with: value, in: Array(items[(index + 1)...]))
        {
          items = Array(items[..<index]) + rest
          inlined[name] = head
        } else {
          index += 1
        }
      }
      return items
    }
    return (inline(nodes), inlined)
  }

  /// The first name of the value of `node` when it is a constant: one name bound to a value,
  /// without attributes (`@State var`) or accessors.
  private static func constantHead(_ node: CodeNode) -> String? {
    constantValue(node)?.first?.name
  }

  /// What a constant stands for: its value, or the one expression a computed property returns
  /// (`var drag: some Gesture { DragGesture()… }`), which reads the same where it is used once.
  private static func constantValue(_ node: CodeNode) -> [CodeNode]? {
    guard node.kind == .declaration, node.name == "var", node.parameters.count == 1,
      node.attributes.isEmpty
    else { return nil }
    if node.blocks.isEmpty { return node.value.isEmpty ? nil : node.value }
    guard node.value.isEmpty, !node.clause.isEmpty, node.blocks.count == 1,
      let body = node.blocks.first, !body.isEmpty,
      !body.contains(where: { $0.kind == .declaration || $0.kind == .statement })
    else { return nil }
    return body
  }

  /// Whether a string literal's interpolations read `name` (`"\(model.count) taps"`).
  static func interpolates(_ name: String, in literal: String) -> Bool {
    SDKCheck.Code.interpolations(in: literal[...]).contains { segment in
      let code = String(literal[segment])
      return SwiftLexer.significantTokens(in: code).contains {
        $0.kind == .identifier && code[$0.range] == name
      }
    }
  }

  /// `items` with the one plain use of `name` in them replaced by `value`; nil when `name` is
  /// used other than once, or other than as a plain value (`name(…)`, `$name`, `\name.x`).
  private static func replacing(
    _ name: String, with value: [CodeNode], in items: [CodeNode]
  ) -> [CodeNode]? {
    var uses = 0
    func count(_ node: CodeNode) {
      switch node.kind {
      case .call where node.name == name:
        uses += node.arguments.isEmpty && !node.hasParentheses && node.blocks.isEmpty ? 1 : 2
      case .binding where node.name == name || node.name == "$" + name: uses += 2
      case .keyPath where node.parameters.first == name: uses += 2
      case .declaration where node.parameters.contains(name): uses += 2
      case .closure where node.parameters.contains(name): uses += 2
      // Read in a string's interpolation (`"\(model.count)"`): a use the tree does not hold,
      // so the constant is not used once.
      case .literal where interpolates(name, in: node.name):
        uses += 2
      default: break
      }
      node.forEachSequence { $0.forEach(count) }
    }
    items.forEach(count)
    guard uses == 1 else { return nil }
    func replace(_ sequence: [CodeNode]) -> [CodeNode] {
      var result: [CodeNode] = []
      for node in sequence {
        if node.kind == .call, node.name == name {
          result += value
        } else if node.kind == .modifier, node.parameters == [name], let last = value.last {
          // A method called on the constant is called on its value: after a call, a link of the
          // chain it starts (`ContinuousClock().measure`), else on the name it ends with.
          var node = node.mappingSequences(replace)
          if last.kind == .call && last.hasParentheses {
            node.parameters = []
          } else {
            node.parameters = [last.name]
          }
          result.append(node)
        } else {
          result.append(node.mappingSequences(replace))
        }
      }
      return result
    }
    return replace(items)
  }

  /// Calls `body` with each sequence the node holds: argument values, blocks, attributes,
  /// clause and value.
  func forEachSequence(_ body: ([CodeNode]) -> Void) {
    for argument in arguments { body(argument.value) }
    blocks.forEach(body)
    body(attributes)
    body(clause)
    body(value)
  }

  /// The node with `transform` applied to each sequence it holds.
  func mappingSequences(_ transform: ([CodeNode]) -> [CodeNode]) -> CodeNode {
    var node = self
    node.arguments = arguments.map { argument in
      var argument = argument
      argument.value = transform(argument.value)
      return argument
    }
    node.blocks = blocks.map(transform)
    node.attributes = transform(attributes)
    node.clause = transform(clause)
    node.value = transform(value)
    return node
  }
}
