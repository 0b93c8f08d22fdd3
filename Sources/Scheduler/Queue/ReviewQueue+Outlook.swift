extension ReviewQueue {
  /// What waits after a sitting: the cards still due today, and the next day on which more fall
  /// due.
  public struct Outlook: Equatable, Sendable {
    /// Cards (not suspended) due today or earlier.
    public var dueToday: Int
    /// The next day that opens with cards due, and how many: tomorrow when cards are still due
    /// today (they will be due tomorrow too), else the first day on which a card falls due; the
    /// count includes the cards still due from before.
    public var next: (day: Day, due: Int)?

    public static func == (lhs: Outlook, rhs: Outlook) -> Bool {
      lhs.dueToday == rhs.dueToday && lhs.next?.day == rhs.next?.day
        && lhs.next?.due == rhs.next?.due
    }
  }

  /// The outlook of `cards` in `state` on `today`.
  public static func outlook(of cards: [String], in state: ReviewState, today: Day) -> Outlook {
    // Looked up once, not once a pass.
    let dues = cards.compactMap { state.suspended.contains($0) ? nil : state.cards[$0]?.due }
    let dueToday = dues.count { $0 <= today }
    guard let next = dueToday > 0 ? today + 1 : dues.lazy.filter({ $0 > today }).min() else {
      return Outlook(dueToday: dueToday, next: nil)
    }
    return Outlook(dueToday: dueToday, next: (next, dues.count { $0 <= next }))
  }
}
