/// A value shown formatted: `Text(distance.formatted(style))` says what `Text(distance,
/// format: style)` says (the text formats the value with the style itself), and a reviewer
/// reads them so.
extension CodeNode {
  /// `nodes` with each `Text(value.formatted(style))` written as `Text(value, format: style)`.
  /// The tokens stay the code's.
  static func normalizingFormatting(_ nodes: [CodeNode]) -> [CodeNode] {
    nodes.map { node in
      var node = node.mappingSequences(normalizingFormatting)
      guard node.kind == .call, node.name == "Text", node.arguments.count == 1,
        node.arguments[0].label == nil, !node.arguments[0].isClosure,
        let formatted = node.arguments[0].value.last, node.arguments[0].value.count >= 2,
        formatted.kind == .modifier, formatted.name == "formatted",
        formatted.arguments.count == 1, formatted.arguments[0].label == nil,
        !formatted.arguments[0].isClosure
      else { return node }
      var style = formatted.arguments[0]
      style.label = "format"
      style.labelToken = formatted.token
      var value = node.arguments[0]
      value.value.removeLast()
      node.arguments = [value, style]
      return node
    }
  }
}
