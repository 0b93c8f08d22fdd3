import Basics

/// What a session shows, in order: the cards that are due, then new cards, within the day's
/// limits.
public struct ReviewQueue: Equatable, Sendable {
  /// How many cards a day, and a session, may bring.
  public struct Limits: Equatable, Sendable {
    /// New cards introduced per day, counted from the journal, so that a second session on the
    /// same day does not bring as many again.
    public var newPerDay: Int
    /// Reviews per day, new cards included.
    public var reviewsPerDay: Int
    /// Cards in this session, if limited.
    public var perSession: Int?
    /// New cards in this session whatever the day has had, if set (cards asked for, or "N more
    /// today"); else ``newPerDay`` less the day's.
    public var newThisSession: Int?
    /// Days ahead whose due cards are reviewed now: 0 is today's.
    public var daysAhead: Int

    /// Creates limits; the defaults are 20 new cards and 200 reviews a day.
    public init(
      newPerDay: Int = 20, reviewsPerDay: Int = 200, perSession: Int? = nil,
      newThisSession: Int? = nil, daysAhead: Int = 0
    ) {
      self.newPerDay = newPerDay
      self.reviewsPerDay = reviewsPerDay
      self.perSession = perSession
      self.newThisSession = newThisSession
      self.daysAhead = daysAhead
    }
  }

  /// The due cards to show (with ``Limits/daysAhead``, those due by then), most overdue first,
  /// then in deck order.
  public var due: [String]
  /// The new cards to show, in deck order.
  public var new: [String]
  /// How many cards were due before the limits cut the list.
  public var dueCount: Int
  /// How many cards were never reviewed, before the limits cut the list.
  public var unseenCount: Int

  /// Where each of ``cards`` is in the ids the queue was made from, in the same order: the
  /// session takes its cards from there without looking each id up again.
  public var positions: [Int]

  /// Every card to show, due cards first.
  public var cards: [String] { due + new }

  /// The order in which new cards come: given where each new card is in the queue's ids (in
  /// deck order) and how many a session can show at most, the places of the first to show, in
  /// order, and how many the whole order holds; a card it leaves out waits for another day.
  public typealias NewCardOrder = (_ new: [Int], _ room: Int) -> NewCardMix.Order

  /// New cards in deck order.
  public static func deckOrder(_ new: [Int], _ room: Int) -> NewCardMix.Order {
    NewCardMix.Order(first: Array(new.prefix(room)), count: new.count)
  }

  /// The queue for `cards` (ids in deck order, already filtered) on `today`, new cards in the
  /// order `newCardOrder` gives.
  ///
  /// Suspended cards are skipped; a card whose id has no state is new.
  public init(
    cards: [String], state: ReviewState, today: Day, limits: Limits = Limits(),
    newCardOrder: NewCardOrder = deckOrder
  ) {
    var room = max(0, limits.reviewsPerDay - state.reviews(on: today))
    if let perSession = limits.perSession { room = min(room, max(0, perSession)) }
    let newToday = max(0, limits.newThisSession ?? (limits.newPerDay - state.newCards(on: today)))
    let dueBy = today + max(0, limits.daysAhead)

    var due: [(due: Day, order: Int)] = []
    var unseen: [Int] = []
    // When most cards were never seen (a large collection, early on), a screen of the seen ids
    // turns most of the others away for less than a look-up in the states costs.
    let screens = state.cards.count * 2 < cards.count
    let seen =
      screens
      ? StringScreen(state.cards.keys, count: state.cards.count) : StringScreen([], count: 0)
    for (order, id) in cards.enumerated() where !state.suspended.contains(id) {
      if !screens || seen.mayContain(id), let card = state.cards[id] {
        if card.due <= dueBy { due.append((card.due, order)) }
      } else {
        unseen.append(order)
      }
    }
    due.sort { ($0.due, $0.order) < ($1.due, $1.order) }
    // No more new cards can be shown than either limit leaves room for: only those are put in
    // order (the others are counted), not every unseen card of a large collection.
    let new = newCardOrder(unseen, min(room, newToday))
    dueCount = due.count
    unseenCount = new.count

    let shownDue = due.prefix(room).map(\.order)
    let shownNew = new.first.prefix(min(room - shownDue.count, newToday))
    self.due = shownDue.map { cards[$0] }
    self.new = shownNew.map { cards[$0] }
    positions = shownDue + shownNew
  }

  /// The first day after `today` on which one of `cards` is due, if any.
  public static func nextDue(of cards: [String], in state: ReviewState, after today: Day) -> Day? {
    cards.lazy.filter { !state.suspended.contains($0) }.compactMap { state.cards[$0]?.due }
      .filter { $0 > today }.min()
  }
}
