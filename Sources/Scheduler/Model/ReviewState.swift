/// Everything known about the reviews: each card's state, the suspended cards, and daily counts.
///
/// Cards are kept by id whether or not any deck still has them, so progress survives a card
/// being renamed away and back, or a deck being left out for a while.
public struct ReviewState: Equatable, Sendable {
  /// The state of every card ever reviewed (and not since reset by undoing its only review).
  public package(set) var cards: [String: CardState] = [:]
  /// The ids of the suspended cards.
  public package(set) var suspended: Set<String> = []
  /// How many cards had their first-ever review on each day; days with none are left out.
  public package(set) var newCardsByDay: [Day: Int] = [:]
  /// How many grades were given on each day; days with none are left out.
  public package(set) var reviewsByDay: [Day: Int] = [:]

  /// An empty state: nothing reviewed yet.
  public init() {}
}
