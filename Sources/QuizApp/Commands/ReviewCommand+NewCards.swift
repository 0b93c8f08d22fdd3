import CardDeck
import ReviewStorage
import Scheduler

extension ReviewCommand {
  /// What a review of `cards` (in deck order) queues, as places in `cards`: the cards seen
  /// before, in deck order, then the first `limit` new ones in the order to introduce them
  /// (``NewCardMix``): interleaved by kind and topic, with at most the day's interview problems
  /// left, never two in a row. Cards named by id, or a session of `--kind interview`, take every
  /// interview problem asked for, in turn with the others. `newLeftOut` is how many new cards of
  /// that order come after the first `limit`.
  ///
  /// A session shows only the first few new cards: the order of the thousands after them is not
  /// worked out, only counted.
  static func arrangingNewCards(
    _ cards: [CardHeading], store: ReviewStore, today: Day, interviewPerDay: Int,
    filter: CardFilter, first limit: Int
  ) -> (places: [Int], newLeftOut: Int) {
    let state = store.state
    var places: [Int] = []
    var newPlaces: [Int] = []
    var new: [NewCardMix.Card] = []
    var hasInterview = false
    for (place, card) in cards.enumerated() where !state.suspended.contains(card.id) {
      if state.cards[card.id] == nil {
        newPlaces.append(place)
        new.append(NewCardMix.Card(kind: card.kind.rawValue, topic: card.topic))
        hasInterview = hasInterview || card.kind == .interview
      } else {
        places.append(place)
      }
    }
    let capped = filter.ids.isEmpty && !filter.kinds.contains(.interview)
    var allowed = Int.max
    if capped && hasInterview {
      let seen = places.lazy.map { cards[$0] }
      allowed = max(0, interviewPerDay - interviewsIntroduced(among: seen, store: store, on: today))
    }
    let order = NewCardMix.arrange(
      new, longKinds: capped ? [CardKind.interview.rawValue] : [], longAllowed: allowed,
      first: limit)
    places += order.first.map { newPlaces[$0] }
    return (places, order.count - order.first.count)
  }

  /// How many interview problems of `cards` had their first review on `day`: every grade they
  /// have is of that day.
  private static func interviewsIntroduced(
    among cards: some Sequence<CardHeading>, store: ReviewStore, on day: Day
  ) -> Int {
    let interviews = cards.filter { $0.kind == .interview }
    guard !interviews.isEmpty, let grades = try? store.gradesInEffect(from: day) else { return 0 }
    var today: [String: Int] = [:]
    for grade in grades where grade.day == day { today[grade.card, default: 0] += 1 }
    return interviews.count { card in
      today[card.id].map { $0 == store.state(of: card.id)?.reviews } ?? false
    }
  }
}
