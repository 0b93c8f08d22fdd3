import CardDeck

extension CardKind {
  /// Cards of the kind as a sentence names them: `syntax`, `trick questions`, `edge cases`,
  /// `interview problems`.
  var plural: String {
    switch self {
    case .syntax: "syntax"
    case .trick: "trick questions"
    case .edge: "edge cases"
    case .interview: "interview problems"
    }
  }

  /// The kinds' names, in order, as a sentence lists them: `syntax, trick, edge or interview`.
  static func names(_ kinds: some Sequence<CardKind> = allCases, joinedBy conjunction: String)
    -> String
  {
    kinds.sorted().map(\.rawValue).listed(joinedBy: conjunction)
  }
}
