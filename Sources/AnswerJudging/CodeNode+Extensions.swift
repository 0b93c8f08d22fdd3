/// A type's members and conformances written in an extension of it: `struct Version { … }`
/// then `extension Version: Comparable { static func < … }` says what the struct declared
/// `Comparable` with the `<` inside says, and a reviewer reads them so.
extension CodeNode {
  /// The keywords that declare a type.
  static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor"]

  /// `nodes` with each extension of a type they declare merged into that declaration: its
  /// conformances after the type's own, its members after the type's. An extension of a type
  /// declared elsewhere (an SDK type) stays. The tokens stay the code's.
  static func mergingExtensions(_ nodes: [CodeNode]) -> [CodeNode] {
    var declarations: [String: Int] = [:]
    for (index, node) in nodes.enumerated()
    where node.kind == .declaration && typeKeywords.contains(node.name) {
      if let name = node.parameters.first, declarations[name] == nil {
        declarations[name] = index
      }
    }
    guard !declarations.isEmpty,
      nodes.contains(where: { $0.kind == .declaration && $0.name == "extension" })
    else { return nodes }
    var items = nodes
    var merged: Set<Int> = []
    for (index, node) in nodes.enumerated()
    where node.kind == .declaration && node.name == "extension" && node.attributes.isEmpty {
      guard let name = node.parameters.first, let target = declarations[name],
        node.blocks.count <= 1
      else { continue }
      items[target].clause += node.clause
      let members = node.blocks.first ?? []
      if items[target].blocks.isEmpty {
        items[target].blocks = [members]
      } else {
        items[target].blocks[0] += members
      }
      merged.insert(index)
    }
    return items.indices.filter { !merged.contains($0) }.map { items[$0] }
  }
}
