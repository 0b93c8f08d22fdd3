import FoundationEssentials

extension ReviewQueue {
  /// What waits after a sitting: the cards still due today, the next day on which more fall
  /// due, and the cards left in a learning step.
  public struct Outlook: Equatable, Sendable {
    /// The cards left in an FSRS learning or relearning step, and the one whose step ends
    /// first.
    public struct Learning: Equatable, Sendable {
      /// How many cards are in a step.
      public var count: Int
      /// The card whose step ends first (the first in the list, among equal moments).
      public var next: String
      /// When its step ends.
      public var due: Date
    }

    /// Cards (not suspended) due today or earlier.
    public var dueToday: Int
    /// The next day that opens with cards due, and how many: tomorrow when cards are still due
    /// today (they will be due tomorrow too), else the first day on which a card falls due; the
    /// count includes the cards still due from before.
    public var next: (day: Day, due: Int)?
    /// The cards (not suspended) in a learning step of minutes, which FSRS gives; nil when none
    /// is, and always under SM-2.
    public var learning: Learning?

    /// Whether every figure of the two outlooks is the same.
    public static func == (lhs: Outlook, rhs: Outlook) -> Bool {
      lhs.dueToday == rhs.dueToday && lhs.next?.day == rhs.next?.day
        && lhs.next?.due == rhs.next?.due && lhs.learning == rhs.learning
    }
  }

  /// The outlook of `cards` in `state` on `today`.
  public static func outlook(of cards: [String], in state: ReviewState, today: Day) -> Outlook {
    // Looked up once, not once a pass.
    var dues: [Day] = []
    var learning: Outlook.Learning?
    for id in cards where !state.suspended.contains(id) {
      guard let card = state.cards[id] else { continue }
      dues.append(card.due)
      guard let end = card.learningStepEnd else { continue }
      if var soonest = learning {
        soonest.count += 1
        if end < soonest.due { (soonest.next, soonest.due) = (id, end) }
        learning = soonest
      } else {
        learning = Outlook.Learning(count: 1, next: id, due: end)
      }
    }
    let dueToday = dues.count { $0 <= today }
    guard let next = dueToday > 0 ? today + 1 : dues.lazy.filter({ $0 > today }).min() else {
      return Outlook(dueToday: dueToday, next: nil, learning: learning)
    }
    return Outlook(dueToday: dueToday, next: (next, dues.count { $0 <= next }), learning: learning)
  }
}
