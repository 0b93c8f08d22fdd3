/// The four kinds of card, each with its own shape of question and answer.
public enum CardKind: String, CaseIterable, Codable, Sendable, Comparable {
  /// "How would you write …": the answer is code and an explanation.
  case syntax
  /// A question written to catch a misunderstanding.
  case trick
  /// An edge case: what some code really does, and where that comes from.
  case edge
  /// A longer problem with a model answer and what interviewers listen for.
  case interview

  /// The kind named in a deck heading or on the command line: `Syntax`, `Trick question`,
  /// `edge case`, `Interview problem`, in any case; nil for anything else.
  public init?(name: some StringProtocol) {
    switch name.lowercased() {
    case "syntax": self = .syntax
    case "trick", "trick question": self = .trick
    case "edge", "edge case": self = .edge
    case "interview", "interview problem": self = .interview
    default: return nil
    }
  }

  /// The heading word used when writing a deck: `Syntax`, `Trick`, `Edge`, `Interview`.
  public var headingName: String {
    switch self {
    case .syntax: "Syntax"
    case .trick: "Trick"
    case .edge: "Edge"
    case .interview: "Interview"
    }
  }

  /// Orders kinds as they are listed: syntax, trick, edge, interview.
  public static func < (lhs: CardKind, rhs: CardKind) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
