/// Operations whose two operands may be written either way round: `.opacity.combined(with:
/// .move(edge: .bottom))` is the transition `.move(edge: .bottom).combined(with: .opacity)` is,
/// and `new.union(old)` the set `old.union(new)` is; a reviewer reads them so.
extension CodeNode {
  /// The methods that give the same whichever operand they are called on. (A simultaneous
  /// gesture's value is the two gestures' in order: not one of them.)
  static let commutativeMethods: Set<String> = [
    "combined", "union", "intersection", "symmetricDifference", "isDisjoint",
  ]

  /// Whether `source` may call one of ``commutativeMethods``.
  static func mayCallCommutativeMethods(_ source: String) -> Bool {
    source.holdsBytes("combined(") || source.holdsBytes("union(")
      || source.holdsBytes("intersection(") || source.holdsBytes("ymmetricDifference(")
      || source.holdsBytes("isDisjoint(")
  }

  /// The names of the operands `nodes` call such a method on (`move` of `.move(edge:
  /// .bottom).combined(with: .opacity)`), and with `given`, those they give it too.
  static func commutedOperands(in nodes: [CodeNode], given: Bool = false) -> Set<String> {
    var names: Set<String> = []
    func walk(_ sequence: [CodeNode]) {
      for index in sequence.indices {
        guard let (receiver, other) = operands(sequence, at: index) else { continue }
        names.insert(receiver.name)
        guard given else { continue }
        // And what they wrap: `mine` of `Set(mine).intersection(theirs)`.
        for operand in [receiver, other] {
          names.insert(operand.name)
          for argument in operand.arguments where argument.value.count == 1 {
            names.insert(argument.value[0].name)
          }
        }
      }
      for node in sequence { node.forEachSequence(walk) }
    }
    walk(nodes)
    return names
  }

  /// `nodes` with each such method and the operand it is called on, the first of a chain,
  /// written the other way round where the operand given is one the card calls the method on
  /// (`receivers`) and the one it is called on is not. The tokens stay the code's.
  static func orderingOperands(_ nodes: [CodeNode], like receivers: Set<String>) -> [CodeNode] {
    var items = nodes.map { $0.mappingSequences { orderingOperands($0, like: receivers) } }
    for index in items.indices {
      guard let (receiver, other) = operands(items, at: index), receivers.contains(other.name),
        !receivers.contains(receiver.name)
      else { continue }
      items[index].arguments[0].value = [receiver]
      items[index].parameters = CodeParser.isBareReference(other) ? [other.name] : []
      items[index].chainRoot = nil
      items[index - 1] = other
    }
    return items
  }

  /// The two operands of the commutative method at `index` of `sequence`, when it is called
  /// on the first link of a chain, a value or a name, and given one such.
  private static func operands(_ sequence: [CodeNode], at index: Int) -> (CodeNode, CodeNode)? {
    guard index > 0, sequence[index].kind == .modifier,
      commutativeMethods.contains(sequence[index].name), sequence[index].arguments.count == 1,
      !sequence[index].arguments[0].isTrailing, sequence[index].arguments[0].value.count == 1,
      [.member, .call].contains(sequence[index - 1].kind),
      [.member, .call].contains(sequence[index].arguments[0].value[0].kind)
    else { return nil }
    return (sequence[index - 1], sequence[index].arguments[0].value[0])
  }
}
