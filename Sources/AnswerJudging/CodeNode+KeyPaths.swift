/// A closure that only reads a path from its one parameter is that key path as a function
/// (SE-0249): `grouping: todos) { $0.project }` says what `grouping: todos, by: \.project` says.
extension CodeNode {
  /// The key path `closure` reads from its only parameter, if that is all it does; its names
  /// count as they do in the closure. The tokens stay the closure's.
  static func keyPath(readBy closure: CodeNode) -> CodeNode? {
    guard closure.kind == .closure, closure.blocks.count == 1,
      let parameter = closure.parameters.count == 1
        ? closure.parameters[0]
        : closure.parameters.isEmpty && closure.anonymousParameters == 1 ? "$0" : nil,
      let body = closure.blocks.first, body.count >= 2,
      body[0].kind == .call, body[0].name == parameter, isBare(body[0])
    else { return nil }
    let path = body.dropFirst()
    guard path.allSatisfy({ $0.kind == .modifier && isBare($0) }) else { return nil }
    var node = CodeNode(
      kind: .keyPath, name: path.map(\.name).joined(separator: "."), token: path.first?.token,
      tokens: closure.tokens)
    node.isAPI = path.contains(where: \.isAPI)
    node.importance = path.map(\.importance).max() ?? .free
    return node
  }

  /// The card's value and the attempt's as two key paths, where one is a key path and the
  /// other a closure that reads one.
  static func keyPathForms(_ expected: [CodeNode], _ typed: [CodeNode]) -> (
    [CodeNode], [CodeNode]
  )? {
    guard expected.count == 1, typed.count == 1 else { return nil }
    switch (expected[0].kind, typed[0].kind) {
    case (.keyPath, .closure): return keyPath(readBy: typed[0]).map { (expected, [$0]) }
    case (.closure, .keyPath): return keyPath(readBy: expected[0]).map { ([$0], typed) }
    default: return nil
    }
  }

  /// Whether `node` is a bare name: no parentheses, arguments, blocks or value.
  private static func isBare(_ node: CodeNode) -> Bool {
    !node.hasParentheses && node.arguments.isEmpty && node.blocks.isEmpty && node.value.isEmpty
  }
}
