/// A title given as a string or as a view: `NavigationLink(value: book) { Text(book.title) }`
/// says what `NavigationLink(book.title, value: book)` says, where the SDK declares the title's
/// overload too (`init(_:value:)` beside `init(value:label:)`), and a reviewer reads them so.
extension CodeNode {
  /// `nodes` with each call whose trailing closure holds only `Text(title)` written with
  /// `title` first, where the index declares that overload. The tokens stay the code's.
  static func normalizingTitleLabels(_ nodes: [CodeNode]) -> [CodeNode] {
    nodes.map { node in
      var node = node.mappingSequences(normalizingTitleLabels)
      guard node.kind == .call, node.name.first?.isUppercase == true,
        let label = node.arguments.last, label.isTrailing, label.isClosure,
        label.value[0].parameters.isEmpty, label.value[0].anonymousParameters == 0,
        label.value[0].blocks.count == 1, label.value[0].blocks[0].count == 1,
        case let text = label.value[0].blocks[0][0],
        text.kind == .call, text.name == "Text", text.arguments.count == 1,
        text.arguments[0].label == nil, !text.arguments[0].isClosure,
        text.blocks.isEmpty
      else { return node }
      let rest = node.arguments.dropLast()
      // Only labelled values before it: a title given already, or another trailing closure,
      // leaves the call as it is.
      guard rest.allSatisfy({ $0.label != nil && !$0.isTrailing }) else { return node }
      let written = ["_"] + rest.map { $0.label! }
      guard
        SDKIndex.shipped.members(named: "init", of: node.name).contains(where: {
          SDKIndex.accepts($0.labels, written: written)
        })
      else { return node }
      node.arguments = [text.arguments[0]] + rest
      return node
    }
  }
}
