/// The order of one sitting's cards: which is shown next, which come back later the same day,
/// and what taking back a grade puts back.
///
/// The cards are ids; a card is never in the queue twice. A card graded in a review whose new
/// due day is still today (SM-2 asks for another look after a grade below 4) goes to the end of
/// the queue. ``undoLastGrade()`` returns the queue to what it was before that grade, as far as
/// skips and suspensions since then allow: the card is next again, and waits nowhere else.
public struct SessionQueue: Equatable, Sendable {
  /// The ids still to show, the next first.
  public private(set) var upcoming: [String]
  /// Whether graded cards still due today come back in this sitting (a review); a drill asks
  /// each question once.
  public let bringsBackDueCards: Bool
  /// The cards graded, in order.
  private var graded: [String] = []

  /// A queue of `ids` in this order; a repeated id is shown once, where it first appears.
  public init(_ ids: [String], bringsBackDueCards: Bool) {
    var seen: Set<String> = []
    upcoming = ids.filter { seen.insert($0).inserted }
    self.bringsBackDueCards = bringsBackDueCards
  }

  /// The card to show next; nil when the sitting is over.
  public var next: String? { upcoming.first }

  /// How many grades could be taken back.
  public var gradeCount: Int { graded.count }

  /// Takes the grade given to the next card, `id`, whose state now says it is due on `due`
  /// (nil when the grade is not recorded). Returns whether the card comes back later today.
  @discardableResult
  public mutating func grade(_ id: String, nowDue due: Day?, today: Day) -> Bool {
    remove(id)
    let comesBack = bringsBackDueCards && due.map { $0 <= today } == true
    if comesBack { upcoming.append(id) }
    graded.append(id)
    return comesBack
  }

  /// Takes `id` out of the sitting (skipped, suspended, or gone from its deck).
  public mutating func remove(_ id: String) {
    upcoming.removeAll { $0 == id }
  }

  /// Takes back the last grade: its card is shown next, and no longer waits at the end of the
  /// queue if that grade had sent it there. Returns the card's id; nil without a grade.
  public mutating func undoLastGrade() -> String? {
    guard let last = graded.popLast() else { return nil }
    remove(last)
    upcoming.insert(last, at: 0)
    return last
  }
}
