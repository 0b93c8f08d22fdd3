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

  /// The queue for `cards` (ids in deck order, already filtered) on `today`.
  ///
  /// Suspended cards are skipped; a card whose id has no state is new. `unseenNotListed` new
  /// cards that are not in `cards` are counted in ``unseenCount``: a list of cards that holds
  /// only the first ``newCardRoom(state:today:limits:)`` of its new ones, which are all a
  /// session can show, says how many it left out.
  public init(
    cards: [String], state: ReviewState, today: Day, limits: Limits = Limits(),
    unseenNotListed: Int = 0
  ) {
    let room = Self.room(state: state, today: today, limits: limits)
    let newToday = Self.newToday(state: state, today: today, limits: limits)
    let dueBy = today + max(0, limits.daysAhead)
    // No more new cards can be shown than either limit leaves room for: only those are kept
    // (the others are counted), not every unseen card of a large collection.
    let newRoom = min(room, newToday)

    var due: [(due: Day, order: Int)] = []
    var new: [Int] = []
    new.reserveCapacity(min(newRoom, cards.count))
    var unseen = 0
    for (order, id) in cards.enumerated() where !state.suspended.contains(id) {
      if let card = state.cards[id] {
        if card.due <= dueBy { due.append((card.due, order)) }
      } else {
        if unseen < newRoom { new.append(order) }
        unseen += 1
      }
    }
    due.sort { ($0.due, $0.order) < ($1.due, $1.order) }
    dueCount = due.count
    unseenCount = unseen + max(0, unseenNotListed)

    let shownDue = due.prefix(room).map(\.order)
    let shownNew = new.prefix(min(room - shownDue.count, newToday))
    self.due = shownDue.map { cards[$0] }
    self.new = shownNew.map { cards[$0] }
    positions = shownDue + shownNew
  }

  /// How many cards `limits` leave room for in a session on `today`.
  private static func room(state: ReviewState, today: Day, limits: Limits) -> Int {
    let room = max(0, limits.reviewsPerDay - state.reviews(on: today))
    return limits.perSession.map { min(room, max(0, $0)) } ?? room
  }

  /// How many new cards `limits` leave for a session on `today`.
  private static func newToday(state: ReviewState, today: Day, limits: Limits) -> Int {
    max(0, limits.newThisSession ?? (limits.newPerDay - state.newCards(on: today)))
  }

  /// The most new cards a queue on `today` can show: no more than the session has room for,
  /// nor than the day's (or the session's) new cards.
  public static func newCardRoom(state: ReviewState, today: Day, limits: Limits) -> Int {
    min(
      room(state: state, today: today, limits: limits),
      newToday(state: state, today: today, limits: limits))
  }

  /// The first day after `today` on which one of `cards` is due, if any.
  public static func nextDue(of cards: [String], in state: ReviewState, after today: Day) -> Day? {
    cards.lazy.filter { !state.suspended.contains($0) }.compactMap { state.cards[$0]?.due }
      .filter { $0 > today }.min()
  }
}
