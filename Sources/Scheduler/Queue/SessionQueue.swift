import FoundationEssentials

/// The order of one sitting's cards: which is shown next, which come back later the same day,
/// and what taking back a grade puts back.
///
/// The cards are ids; a card is never in the queue twice. A card graded in a review whose new
/// due day is still today (SM-2 asks for another look after a grade below 4) goes to the end of
/// the queue. A card in a learning step of minutes (FSRS's learning and relearning) is held
/// apart, in ``learning``, until its step ends: ``next(at:learningAhead:)`` then shows it before
/// the other cards; with nothing else left, it is shown early when its step ends within the
/// learn-ahead limit, as Anki does. ``undoLastGrade()`` returns the queue to what it was before
/// that grade, as far as skips and suspensions since then allow: the card is next again, and
/// waits nowhere else.
public struct SessionQueue: Equatable, Sendable {
  /// A card held until its learning step ends.
  public struct Learning: Equatable, Sendable {
    /// The card's id.
    public var id: String
    /// When its step ends: the moment it is due.
    public var due: Date
  }

  /// How long before its step ends a learning card may be shown when nothing else is left to
  /// show: Anki's learn-ahead limit, 20 minutes, in seconds. A sitting never waits for a step.
  public static let learnAheadLimit: TimeInterval = 20 * 60

  /// The ids still to show in queue order, the next first; the learning cards are apart.
  public private(set) var upcoming: [String]
  /// The cards held until their learning step ends, the soonest first (in the order they were
  /// held, among equal moments).
  public private(set) var learning: [Learning] = []
  /// Whether graded cards still due today come back in this sitting (a review); a drill asks
  /// each question once.
  public let bringsBackDueCards: Bool
  /// The cards graded, in order.
  private var graded: [String] = []
  /// The card whose grade was just taken back, the first of ``upcoming`` until it is graded
  /// again or taken out: shown next, whatever learning card is due.
  private var retaken: String?

  /// A queue of `ids` in this order; a repeated id is shown once, where it first appears.
  public init(_ ids: [String], bringsBackDueCards: Bool) {
    var seen: Set<String> = []
    upcoming = ids.filter { seen.insert($0).inserted }
    self.bringsBackDueCards = bringsBackDueCards
  }

  /// The next card in queue order, learning cards aside; nil when none is left there.
  public var next: String? { upcoming.first }

  /// The card to show next at `moment`; nil when the sitting is over.
  ///
  /// The card whose grade was just taken back, first; then the learning card whose step has
  /// ended soonest; then the next in queue order; with none left, the learning card whose step
  /// ends soonest, if it ends within `limit` seconds of `moment`.
  public func next(at moment: Date, learningAhead limit: TimeInterval = learnAheadLimit)
    -> String?
  {
    if let retaken { return retaken }
    if let first = learning.first, first.due <= moment { return first.id }
    if let first = upcoming.first { return first }
    if let first = learning.first, first.due <= moment.addingTimeInterval(limit) {
      return first.id
    }
    return nil
  }

  /// How many cards are left to show, learning cards included.
  public var remaining: Int { upcoming.count + learning.count }

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

  /// Takes the grade given to `id`, which put it in a learning step ending at `due`: in a
  /// review, the card is held until then. Returns whether it is (a drill holds nothing).
  @discardableResult
  public mutating func grade(_ id: String, learningUntil due: Date) -> Bool {
    remove(id)
    if bringsBackDueCards { hold(id, until: due) }
    graded.append(id)
    return bringsBackDueCards
  }

  /// Holds `id`, not yet graded in this sitting, until its learning step ends at `due`, instead
  /// of showing it in queue order.
  public mutating func hold(_ id: String, until due: Date) {
    remove(id)
    let index = learning.firstIndex { $0.due > due } ?? learning.endIndex
    learning.insert(Learning(id: id, due: due), at: index)
  }

  /// Takes `id` out of the sitting (skipped, suspended, or gone from its deck).
  public mutating func remove(_ id: String) {
    upcoming.removeAll { $0 == id }
    learning.removeAll { $0.id == id }
    if retaken == id { retaken = nil }
  }

  /// Takes back the last grade: its card is shown next, and no longer waits at the end of the
  /// queue or in learning if that grade had sent it there. Returns the card's id; nil without a
  /// grade.
  public mutating func undoLastGrade() -> String? {
    guard let last = graded.popLast() else { return nil }
    remove(last)
    upcoming.insert(last, at: 0)
    retaken = last
    return last
  }
}
