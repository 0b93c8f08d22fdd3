/// The order in which new cards are introduced: kinds and topics in turn, and few long ones,
/// never two in a row.
///
/// Deck order puts a course's interview problems together, each a 40–60-line answer; a first day
/// of them in a row is no daily review. Here each kind gives one card in its turn, each kind's
/// cards going round its topics, and a card of a long kind (interview problems) is placed only
/// after a card that is not long, up to a number a day; so a day opens with a short card where it
/// has one. The order depends only on the cards given.
///
/// A session shows a few new cards of thousands: ``arrange(_:longKinds:longAllowed:first:)``
/// works out only the start of the order it asks for, and says how long the whole order is.
public enum NewCardMix {
  /// A new card, as the mix sees it.
  public struct Card: Equatable, Sendable {
    /// The card's kind: each kind gives one card in its turn.
    public var kind: String
    /// The card's topic: a kind's cards go round its topics.
    public var topic: String

    /// A card of `kind` on `topic`.
    public init(kind: String, topic: String) {
      self.kind = kind
      self.topic = topic
    }
  }

  /// The start of the order of some new cards, and the length of the whole.
  public struct Order: Equatable, Sendable {
    /// Where each of the first cards to introduce is in the cards given, in order.
    public var first: [Int]
    /// How many cards the whole order holds: every short card, and as many long ones as the day
    /// allows and the short ones can keep apart. The long ones left out wait for another day.
    public var count: Int

    /// The start `first` of an order of `count` cards.
    public init(first: [Int], count: Int) {
      self.first = first
      self.count = count
    }
  }

  /// The first `limit` cards of `cards` (new, in deck order) in the order to introduce them, as
  /// places in `cards`, with at most `longAllowed` cards of `longKinds` in the whole order.
  ///
  /// Each card's place in the order depends only on those before it: the first `limit` are the
  /// start of the whole order whatever `limit` is.
  public static func arrange(
    _ cards: [Card], longKinds: Set<String>, longAllowed: Int, first limit: Int = .max
  ) -> Order {
    let limit = max(0, limit)
    let kinds = KindTurns.of(cards, longKinds: longKinds, keeping: limit)
    var shortCount = kinds.reduce(0) { $0 + ($1.isLong ? 0 : $1.count) }
    var longCount = kinds.reduce(0) { $0 + ($1.isLong ? $1.count : 0) }
    var longLeft = max(0, longAllowed)
    // Every short card comes; a long one only after a short one, but one may open a day of
    // only long ones.
    let count = shortCount + min(longLeft, longCount, max(shortCount, 1))
    let turns = kinds.map { $0.interleaved(keeping: limit) }
    // The next card of each kind; a kind is done when its next is past its end.
    var next = [Int](repeating: 0, count: kinds.count)
    var first: [Int] = []
    // The day opens with a short card where there is one: a long one first is no warm-up.
    var lastWasLong = shortCount > 0
    var turn = 0
    while first.count < limit {
      // A long card must come now if the short ones left could not keep apart those still to
      // come: after a short card, k short cards leave room for k + 1 long ones (at the start,
      // for k: one of them opens the day).
      let longMayCome = longLeft > 0 && !lastWasLong
      let longMustCome = longMayCome && min(longLeft, longCount) > shortCount
      // The first kind, from this turn on, whose next card may come now (a short one, if no
      // kind has a long card next).
      func firstKind(shortAllowed: Bool) -> Int? {
        (0..<kinds.count).lazy.map { (turn + $0) % kinds.count }.first {
          guard next[$0] < turns[$0].count else { return false }
          return kinds[$0].isLong ? longMayCome : shortAllowed
        }
      }
      guard let index = firstKind(shortAllowed: !longMustCome) ?? firstKind(shortAllowed: true)
      else { break }
      first.append(turns[index][next[index]])
      next[index] += 1
      if kinds[index].isLong {
        longLeft -= 1
        longCount -= 1
      } else {
        shortCount -= 1
      }
      lastWasLong = kinds[index].isLong
      turn = (index + 1) % kinds.count
    }
    return Order(first: first, count: count)
  }
}

extension NewCardMix {
  /// The cards of one kind, in the order that kind gives them in its turns: the first card of
  /// each topic, then the second of each, and so on, topics in order of first appearance.
  struct KindTurns {
    var kind: String
    var isLong: Bool
    /// How many cards of the kind there are.
    var count = 0
    /// Each topic's places in the cards, in order of first appearance; only as many of them as
    /// the order asked for can reach.
    var topics: [[Int]] = []
    var topicIndices: [String: Int] = [:]

    /// The kinds of `cards`, in order of first appearance, keeping of each the places that the
    /// first `limit` of its turns take.
    static func of(_ cards: [Card], longKinds: Set<String>, keeping limit: Int) -> [KindTurns] {
      var kinds: [KindTurns] = []
      for (place, card) in cards.enumerated() {
        // A few kinds: looked for in a list, not hashed for every card.
        let index =
          kinds.firstIndex { $0.kind == card.kind }
          ?? {
            kinds.append(KindTurns(kind: card.kind, isLong: longKinds.contains(card.kind)))
            return kinds.count - 1
          }()
        kinds[index].add(place, topic: card.topic, keeping: limit)
      }
      return kinds
    }

    /// Counts the card at `place` and keeps it if the first `limit` turns can reach it.
    mutating func add(_ place: Int, topic: String, keeping limit: Int) {
      count += 1
      // With `limit` topics, the first turns take the first card of each: no later card is
      // reached, and the topics need not be looked up.
      guard topics.count < limit else { return }
      if let index = topicIndices[topic] {
        // A topic's card past its `limit`th comes after `limit` turns.
        if topics[index].count < limit { topics[index].append(place) }
      } else {
        topicIndices[topic] = topics.count
        topics.append([place])
      }
    }

    /// The first `limit` places in the order of the kind's turns.
    func interleaved(keeping limit: Int) -> [Int] {
      var places: [Int] = []
      for round in 0..<(topics.map(\.count).max() ?? 0) {
        for topic in topics where round < topic.count {
          guard places.count < limit else { return places }
          places.append(topic[round])
        }
      }
      return places
    }
  }
}
