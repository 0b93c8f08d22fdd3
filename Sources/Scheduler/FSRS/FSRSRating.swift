/// How well a card was recalled, on FSRS's scale of four.
public enum FSRSRating: Int, CaseIterable, Hashable, Sendable, Comparable {
  /// Forgotten.
  case again = 1
  /// Recalled with serious difficulty.
  case hard = 2
  /// Recalled after some hesitation.
  case good = 3
  /// Recalled at once.
  case easy = 4

  /// The rating for a grade on SM-2's scale: 0, 1 and 2 are Again, 3 Hard, 4 Good, 5 Easy.
  ///
  /// Every grade below 3 is a card not recalled, which FSRS has one rating for; Anki's export
  /// maps quiz's grades the same way.
  public init(_ grade: Grade) {
    switch grade.rawValue {
    case 5: self = .easy
    case 4: self = .good
    case 3: self = .hard
    default: self = .again
    }
  }

  /// Whether `lhs` is the worse rating.
  public static func < (lhs: FSRSRating, rhs: FSRSRating) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
