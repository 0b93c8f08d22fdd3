import CardDeck

/// How much the parts of the card's code count: major for the point of the card, minor for a
/// detail (see docs/judging.md for the table).
struct Weight {
  var major = 0.0
  var minor = 0.0

  static func + (lhs: Weight, rhs: Weight) -> Weight {
    Weight(major: lhs.major + rhs.major, minor: lhs.minor + rhs.minor)
  }

  static func += (lhs: inout Weight, rhs: Weight) { lhs = lhs + rhs }
}

extension CodeNode {
  /// What the node's own name weighs: an API call or modifier 2, another API part 1, a minor
  /// part ½; a candidate of `ViewThatFits` 1 even where any view will do.
  static func ownWeight(_ node: CodeNode) -> Weight {
    switch node.importance {
    case .free: return node.isCandidate ? Weight(major: 1) : Weight()
    case .minor: return Weight(minor: 0.5)
    case .major:
      return [.call, .modifier].contains(node.kind) ? Weight(major: 2) : Weight(major: 1)
    }
  }

  /// What an argument's label weighs.
  static func labelWeight(_ argument: CodeNode.Argument) -> Weight {
    switch argument.importance {
    case .free: Weight()
    case .minor: Weight(minor: 0.5)
    case .major: Weight(major: 1)
    }
  }

  /// What the node and all it holds weigh: the stored figure when there is one.
  static func weight(of node: CodeNode) -> Weight {
    if let weight = node.weight { return weight }
    var total = ownWeight(node)
    for argument in node.arguments {
      total += labelWeight(argument)
      for value in argument.value { total += weight(of: value) }
    }
    for block in node.blocks { for item in block { total += weight(of: item) } }
    for part in node.attributes + node.clause + node.value { total += weight(of: part) }
    return total
  }
}
