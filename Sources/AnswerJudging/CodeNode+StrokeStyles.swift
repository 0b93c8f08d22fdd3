/// A stroke's width given as a style: `.stroke(.blue, style: StrokeStyle(lineWidth: 3))` says
/// what `.stroke(.blue, lineWidth: 3)` says (the overloads of `Shape`'s, `strokeBorder`'s and a
/// canvas context's `stroke`), and a reviewer reads them so.
extension CodeNode {
  /// The methods that take a stroke either as `lineWidth:` or as `style:`.
  static let strokeMethods: Set<String> = ["stroke", "strokeBorder"]

  /// `nodes` with each stroke whose `style:` is a `StrokeStyle` with a line width alone
  /// written as that width, `lineWidth:`. The tokens stay the code's.
  static func normalizingStrokeStyles(_ nodes: [CodeNode]) -> [CodeNode] {
    nodes.map { node in
      var node = node.mappingSequences(normalizingStrokeStyles)
      guard node.kind == .modifier, strokeMethods.contains(node.name),
        let index = node.arguments.firstIndex(where: { $0.label == "style" }),
        case let value = node.arguments[index].value, value.count == 1,
        value[0].kind == .call, value[0].name == "StrokeStyle", value[0].blocks.isEmpty,
        value[0].arguments.count == 1, value[0].arguments[0].label == "lineWidth"
      else { return node }
      node.arguments[index] = value[0].arguments[0]
      return node
    }
  }
}
