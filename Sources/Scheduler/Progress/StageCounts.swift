/// How many cards are in each stage, and how many are due.
public struct StageCounts: Equatable, Sendable {
  /// All the cards counted.
  public var cards = 0
  /// Cards never reviewed.
  public var new = 0
  /// Cards in ``CardStage/learning``.
  public var learning = 0
  /// Cards in ``CardStage/young``.
  public var young = 0
  /// Cards in ``CardStage/mature``.
  public var mature = 0
  /// Suspended cards.
  public var suspended = 0
  /// Reviewed cards, not suspended, whose due day is today or earlier.
  public var dueToday = 0

  /// No cards.
  public init() {}

  // Inlinable, so that callers in other modules iterate their own sequence without a witness
  // table call an element: a call for every card, where counting one is a few additions.
  /// The counts of `ids`.
  @inlinable
  public init(_ ids: some Sequence<String>, in state: ReviewState, today: Day) {
    for id in ids { add(id, in: state, today: today) }
  }

  /// Counts the card `id`.
  public mutating func add(_ id: String, in state: ReviewState, today: Day) {
    let card = state.cards[id]
    let isSuspended = state.suspended.contains(id)
    add(
      CardStage(state: card, isSuspended: isSuspended),
      isDue: !isSuspended && card?.isDue(on: today) == true)
  }

  /// Counts a card in `stage`, and among the cards due today if `isDue`.
  /// Adds the counts of `other`, as if its cards were added one by one.
  package mutating func add(_ other: StageCounts) {
    cards += other.cards
    new += other.new
    learning += other.learning
    young += other.young
    mature += other.mature
    suspended += other.suspended
    dueToday += other.dueToday
  }

  package mutating func add(_ stage: CardStage, isDue: Bool) {
    cards += 1
    switch stage {
    case .new: new += 1
    case .learning: learning += 1
    case .young: young += 1
    case .mature: mature += 1
    case .suspended: suspended += 1
    }
    if isDue { dueToday += 1 }
  }
}
