import CardDeck
import ReviewStorage
import Scheduler

extension ReviewCommand {
  /// The first `limit` of the new cards of `cards` at the places `new` (in deck order), in the
  /// order to introduce them (``NewCardMix``), as places in `cards`, and how many that order
  /// holds: interleaved by kind and topic, with at most the day's interview problems left, never
  /// two in a row. Cards named by id, or a session of `--kind interview`, take every interview
  /// problem asked for, in turn with the others.
  ///
  /// A session shows only the first few new cards: the order of the thousands after them is not
  /// worked out, only counted.
  static func arrangingNewCards(
    _ new: [Int], of cards: [CardHeading], store: ReviewStore, today: Day, interviewPerDay: Int,
    filter: CardFilter, first limit: Int
  ) -> NewCardMix.Order {
    let capped = filter.ids.isEmpty && !filter.kinds.contains(.interview)
    var allowed = Int.max
    if capped && new.contains(where: { cards[$0].kind == .interview }) {
      allowed = max(
        0, interviewPerDay - interviewsIntroduced(among: cards, store: store, on: today))
    }
    let order = NewCardMix.arrange(
      new.map { NewCardMix.Card(kind: cards[$0].kind.rawValue, topic: cards[$0].topic) },
      longKinds: capped ? [CardKind.interview.rawValue] : [], longAllowed: allowed, first: limit)
    return NewCardMix.Order(first: order.first.map { new[$0] }, count: order.count)
  }

  /// How many interview problems of `cards`, seen and not suspended, had their first review on
  /// `day`: every grade they have is of that day.
  private static func interviewsIntroduced(
    among cards: [CardHeading], store: ReviewStore, on day: Day
  ) -> Int {
    let state = store.state
    // A card introduced on `day` has a grade of that day: without one, neither the cards nor
    // the journal need be read.
    guard state.reviews(on: day) > 0 else { return 0 }
    let interviews = cards.filter {
      $0.kind == .interview && state.cards[$0.id] != nil && !state.suspended.contains($0.id)
    }
    guard !interviews.isEmpty, let grades = try? store.gradesInEffect(from: day) else { return 0 }
    var today: [String: Int] = [:]
    for grade in grades where grade.day == day { today[grade.card, default: 0] += 1 }
    return interviews.count { card in
      today[card.id].map { $0 == store.state(of: card.id)?.reviews } ?? false
    }
  }
}
