import CardDeck

/// What a reviewer would say about one attempt at a syntax card: a grade, why, and what in the
/// expected code was wrong or missing.
public struct Judgement: Hashable, Sendable {
  /// How much a finding weighs.
  public enum Severity: Int, Comparable, Sendable {
    /// Accepted, worth saying: a renamed placeholder.
    case note
    /// A slip that does not matter: a typo, a missing `$`, an optional detail left out.
    case slip
    /// A part of the card's point is missing.
    case missing
    /// Another API, label, member or key path; deprecated API.
    case error

    /// Whether `lhs` weighs less than `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One thing the comparison noticed.
  public struct Finding: Hashable, Sendable {
    /// How much it weighs.
    public var severity: Severity
    /// What it is, in a few words with code in backticks: "`.popover` where the card has
    /// `.sheet`".
    public var message: String
    /// The expected code's significant token it is about, so that findings read in order.
    public var token: Int
    /// For a deprecated API the attempt writes: its name, bare (`presentationMode`, `tabItem`).
    var deprecated: String?
    /// What replaces it, another API to learn (`Tab`); nil for another overload of its name.
    var replacement: String?

    /// The message as the reason gives it: a sentence.
    public var sentence: String { Judgement.sentence(message) }
  }

  /// `message` as a sentence: its first letter capital, a full stop after it.
  static func sentence(_ message: String) -> String {
    message.prefix(1).uppercased() + message.dropFirst() + "."
  }

  /// How a token of the expected code fared.
  public enum Mark: Hashable, Sendable {
    /// Not in the attempt.
    case missing
    /// The attempt has something else here: its text.
    case wrong(String)
    /// The attempt has a misspelling of it: its text.
    case typo(String)
    /// The attempt has it, elsewhere.
    case misplaced
  }

  /// A placeholder of the card written with another name: accepted.
  public struct Renaming: Hashable, Sendable {
    /// The card's name.
    public var expected: String
    /// The attempt's.
    public var attempt: String
  }

  /// The suggested grade, 0 to 5; nil when the attempt is empty, so that the user grades.
  public var grade: Int?
  /// One short line saying why.
  public var reason: String
  /// Everything noticed, the most severe first.
  public var findings: [Finding]
  /// The code the attempt was compared with: the card's, or the `also:` answer it is closest
  /// to.
  public var code: String
  /// Marks on that code's significant tokens (indices into `SwiftLexer.significantTokens(in:)`).
  public var marks: [Int: Mark]
  /// The placeholders the attempt renamed.
  public var renamings: [Renaming]
  /// The card's argument the question asks for that the attempt leaves out (`step:`), which
  /// caps the grade at 2 once the SDK has had its say (``AnswerJudge/checked(_:attempt:)``).
  var missedAsked: String?

  /// Whether the attempt says the same as the card.
  public var isEquivalent: Bool { grade == 5 }
}
