/// The values the code reads from the environment with `@Environment`.
extension CodeClassifier {
  /// The names the code declares with `@Environment`.
  static func environmentNames(in nodes: [CodeNode]) -> Set<String> {
    environmentDeclarations(in: nodes).reduce(into: []) { $0.formUnion($1.parameters) }
  }

  /// Those of them whose value the SDK puts there, not one the code adds itself.
  func sdkEnvironmentNames(in nodes: [CodeNode]) -> Set<String> {
    let known = SDKIndex.shipped.memberNames(of: "EnvironmentValues")
    // Values the code adds itself: in an `extension EnvironmentValues`, or with `@Entry`.
    var added: Set<String> = []
    for node in Matching.allNodes(nodes) where node.kind == .declaration {
      if node.name == "extension", node.parameters.first == "EnvironmentValues" {
        added.formUnion((node.blocks.first ?? []).compactMap(\.parameters.first))
      } else if node.attributes.contains(where: { $0.name == "Entry" }) {
        added.formUnion(node.parameters)
      }
    }
    var names: Set<String> = []
    for node in Self.environmentDeclarations(in: nodes) {
      let key = node.attributes.first { $0.name == "Environment" }?.arguments.first?.value.first
      guard let key, key.kind == .keyPath, known.contains(key.name), !added.contains(key.name)
      else { continue }
      names.formUnion(node.parameters)
    }
    return names
  }

  /// The declarations marked `@Environment`, however deep.
  static func environmentDeclarations(in nodes: [CodeNode]) -> [CodeNode] {
    var found: [CodeNode] = []
    func walk(_ node: CodeNode) {
      if node.kind == .declaration, node.attributes.contains(where: { $0.name == "Environment" }) {
        found.append(node)
      }
      node.blocks.joined().forEach(walk)
    }
    nodes.forEach(walk)
    return found
  }
}
