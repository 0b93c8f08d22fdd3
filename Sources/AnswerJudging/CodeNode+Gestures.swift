/// A gesture SwiftUI has a modifier for, attached by hand: `.gesture(TapGesture(count: 2)
/// .onEnded { … })` says what `.onTapGesture(count: 2) { … }` says, and a reviewer reads them
/// so.
extension CodeNode {
  /// The modifiers that attach a gesture with an action for its end, by the gesture's name.
  static let gestureModifiers = [
    "TapGesture": "onTapGesture", "LongPressGesture": "onLongPressGesture",
  ]

  /// `nodes` with each `.gesture(G(…).onEnded { … })`, `G` a gesture of ``gestureModifiers``
  /// with nothing else chained to it, written as the modifier with `G`'s arguments and the
  /// action (its parameter dropped: the modifier's action takes none). The tokens stay the
  /// code's.
  static func normalizingGestures(_ nodes: [CodeNode]) -> [CodeNode] {
    nodes.map { node in
      var node = node.mappingSequences(normalizingGestures)
      guard node.kind == .modifier, node.name == "gesture", node.arguments.count == 1,
        node.arguments[0].label == nil, case let value = node.arguments[0].value,
        value.count == 2, value[0].kind == .call,
        let modifier = gestureModifiers[value[0].name], value[1].kind == .modifier,
        value[1].name == "onEnded", value[1].arguments.count == 1,
        value[1].arguments[0].isClosure
      else { return node }
      var action = value[1].arguments[0]
      action.value[0].parameters = []
      action.label = nil
      node.name = modifier
      node.arguments = value[0].arguments + [action]
      return node
    }
  }
}
