/// Operations whose two operands may be written either way round: `.opacity.combined(with:
/// .move(edge: .bottom))` is the transition `.move(edge: .bottom).combined(with: .opacity)` is,
/// and `new.union(old)` the set `old.union(new)` is; a reviewer reads them so.
extension CodeNode {
  /// The methods that give the same whichever operand they are called on.
  static let commutativeMethods: Set<String> = [
    "combined", "union", "intersection", "symmetricDifference", "isDisjoint", "simultaneously",
  ]

  /// Whether `source` may call one of ``commutativeMethods``.
  static func mayCallCommutativeMethods(_ source: String) -> Bool {
    source.holdsBytes("combined(") || source.holdsBytes("union(")
      || source.holdsBytes("intersection(") || source.holdsBytes("ymmetricDifference(")
      || source.holdsBytes("isDisjoint(") || source.holdsBytes("simultaneously(")
  }

  /// The names of the operands `nodes` call such a method on (`move` of `.move(edge:
  /// .bottom).combined(with: .opacity)`).
  static func commutedReceivers(in nodes: [CodeNode]) -> Set<String> {
    var names: Set<String> = []
    func walk(_ sequence: [CodeNode]) {
      if let (receiver, _) = operands(sequence) { names.insert(receiver.name) }
      for node in sequence { node.forEachSequence(walk) }
    }
    walk(nodes)
    return names
  }

  /// `nodes` with each expression that is one operand and such a method given the other
  /// written the other way round where the operand given is one the card calls the method on
  /// (`receivers`) and the one it is called on is not. The tokens stay the code's.
  static func orderingOperands(_ nodes: [CodeNode], like receivers: Set<String>) -> [CodeNode] {
    var items = nodes.map { $0.mappingSequences { orderingOperands($0, like: receivers) } }
    guard let (receiver, other) = operands(items), receivers.contains(other.name),
      !receivers.contains(receiver.name)
    else { return items }
    items[1].arguments[0].value = [receiver]
    items[1].parameters = CodeParser.isBareReference(other) ? [other.name] : []
    items[1].chainRoot = nil
    items[0] = other
    return items
  }

  /// The two operands of `sequence` when it is one operand, a value or a name, and a
  /// commutative method given the other.
  private static func operands(_ sequence: [CodeNode]) -> (CodeNode, CodeNode)? {
    guard sequence.count == 2, sequence[1].kind == .modifier,
      commutativeMethods.contains(sequence[1].name), sequence[1].arguments.count == 1,
      !sequence[1].arguments[0].isTrailing, sequence[1].arguments[0].value.count == 1,
      [.member, .call].contains(sequence[0].kind),
      [.member, .call].contains(sequence[1].arguments[0].value[0].kind)
    else { return nil }
    return (sequence[0], sequence[1].arguments[0].value[0])
  }
}
