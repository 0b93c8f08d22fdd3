import Scheduler

/// The order of new cards as ``NewCardMix`` first worked it out, the simple way: every card
/// grouped by its kind and topic, and the whole order arranged. The model that the mix's
/// arrangement of only the start of the order is tested against.
public enum NewCardMixModel {
  /// A new card, as the mix sees it.
  public struct Card: Equatable, Sendable {
    /// The card's id, as ``NewCardMixModel/arrange(_:longAllowed:)`` returns it.
    public var id: String
    /// The card's kind: each kind gives one card in its turn.
    public var kind: String
    /// The card's topic: a kind's cards go round its topics.
    public var topic: String
    /// Whether the card counts against the day's long cards and may not follow another.
    public var isLong: Bool

    /// The card `id` of `kind` on `topic`, long if `isLong`.
    public init(id: String, kind: String, topic: String, isLong: Bool) {
      self.id = id
      self.kind = kind
      self.topic = topic
      self.isLong = isLong
    }
  }

  /// The ids of `cards` (new, in deck order) in the order to introduce them, with at most
  /// `longAllowed` long ones; the long ones left out wait for another day.
  public static func arrange(_ cards: [Card], longAllowed: Int) -> [String] {
    let kinds = grouped(cards, by: \.kind).map { interleaved(grouped($0, by: \.topic)) }
    // The next card of each kind; a kind is done when its next is past its end.
    var next = [Int](repeating: 0, count: kinds.count)
    var arranged: [String] = []
    var longLeft = max(0, longAllowed)
    var shortCount = cards.count { !$0.isLong }
    var longCount = cards.count - shortCount
    // The day opens with a short card where there is one: a long one first is no warm-up.
    var lastWasLong = shortCount > 0
    var turn = 0
    while true {
      // A long card must come now if the short ones left could not keep apart those still to
      // come: after a short card, k short cards leave room for k + 1 long ones (at the start,
      // for k: one of them opens the day).
      let longMayCome = longLeft > 0 && !lastWasLong
      let longMustCome = longMayCome && min(longLeft, longCount) > shortCount
      // The first kind, from this turn on, whose next card may come now (a short one, if no
      // kind has a long card next).
      func first(shortAllowed: Bool) -> Int? {
        (0..<kinds.count).lazy.map { (turn + $0) % kinds.count }.first {
          guard next[$0] < kinds[$0].count else { return false }
          return kinds[$0][next[$0]].isLong ? longMayCome : shortAllowed
        }
      }
      guard let index = first(shortAllowed: !longMustCome) ?? first(shortAllowed: true) else {
        break
      }
      let card = kinds[index][next[index]]
      next[index] += 1
      arranged.append(card.id)
      if card.isLong {
        longLeft -= 1
        longCount -= 1
      } else {
        shortCount -= 1
      }
      lastWasLong = card.isLong
      turn = (index + 1) % kinds.count
    }
    return arranged
  }

  /// `cards` in groups of equal `key`, in order of first appearance.
  private static func grouped(_ cards: [Card], by key: KeyPath<Card, String>) -> [[Card]] {
    var order: [String] = []
    var groups: [String: [Card]] = [:]
    for card in cards {
      let value = card[keyPath: key]
      if groups[value] == nil { order.append(value) }
      groups[value, default: []].append(card)
    }
    return order.compactMap { groups[$0] }
  }

  /// The first of each group, then the second of each, and so on.
  private static func interleaved(_ groups: [[Card]]) -> [Card] {
    var cards: [Card] = []
    for round in 0..<(groups.map(\.count).max() ?? 0) {
      for group in groups where round < group.count { cards.append(group[round]) }
    }
    return cards
  }
}
