import CardDeck
import ReviewStorage
import Scheduler

extension ReviewCommand {
  /// `cards` (in deck order) with their new ones in the order to introduce them
  /// (``NewCardMix``): interleaved by kind and topic, with at most the day's interview problems
  /// left, never two in a row. Cards named by id, or a session of `--kind interview`, take
  /// every interview problem asked for, in turn with the others.
  static func arrangingNewCards(
    _ cards: [CardHeading], store: ReviewStore, today: Day, interviewPerDay: Int,
    filter: CardFilter
  ) -> [CardHeading] {
    let state = store.state
    var seen: [CardHeading] = []
    var new: [CardHeading] = []
    for card in cards where !state.suspended.contains(card.id) {
      if state.cards[card.id] == nil { new.append(card) } else { seen.append(card) }
    }
    let capped = filter.ids.isEmpty && !filter.kinds.contains(.interview)
    var allowed = Int.max
    if capped && new.contains(where: { $0.kind == .interview }) {
      allowed = max(0, interviewPerDay - interviewsIntroduced(among: seen, store: store, on: today))
    }
    let order = NewCardMix.arrange(
      new.map {
        NewCardMix.Card(
          id: $0.id, kind: $0.kind.rawValue, topic: $0.topic,
          isLong: capped && $0.kind == .interview)
      }, longAllowed: allowed)
    let byID = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return seen + order.compactMap { byID[$0] }
  }

  /// How many interview problems of `cards` had their first review on `day`: every grade they
  /// have is of that day.
  private static func interviewsIntroduced(
    among cards: [CardHeading], store: ReviewStore, on day: Day
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
