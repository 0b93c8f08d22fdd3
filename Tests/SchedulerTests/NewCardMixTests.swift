import Scheduler
import Testing

@Suite("The mix of new cards")
struct NewCardMixTests {
  typealias Card = NewCardMix.Card

  /// A course in deck order: eleven interview problems first, then the rest.
  static let course: [Card] =
    (1...11).map { Card(id: "i\($0)", kind: "interview", topic: "T\($0 % 3)", isLong: true) }
    + (1...6).map { Card(id: "s\($0)", kind: "syntax", topic: "T\($0 % 2)", isLong: false) }
    + (1...4).map { Card(id: "t\($0)", kind: "trick", topic: "T\($0 % 2)", isLong: false) }

  @Test(
    "a first day opens with a short card, then a card of each kind in turn, and two interview problems at most"
  )
  func firstDay() {
    let order = NewCardMix.arrange(Self.course, longAllowed: 2)
    #expect(Array(order.prefix(6)) == ["s1", "t1", "i1", "s2", "t2", "i2"])
    #expect(order.filter { $0.hasPrefix("i") }.count == 2)
    #expect(order.count == 12)
  }

  @Test("within a kind, topics take turns, each in deck order")
  func topics() {
    let cards = ["a1", "a2", "a3", "b1", "b2"].map {
      Card(id: $0, kind: "syntax", topic: String($0.prefix(1)), isLong: false)
    }
    #expect(NewCardMix.arrange(cards, longAllowed: 0) == ["a1", "b1", "a2", "b2", "a3"])
  }

  @Test("only long cards: one, since two may not come in a row")
  func onlyLong() {
    let cards = Self.course.filter(\.isLong)
    #expect(NewCardMix.arrange(cards, longAllowed: 5) == ["i1"])
  }

  /// What the mix promises, said simply: which cards, how many long ones, none side by side,
  /// deck order within a kind and topic.
  @Test("keeps every promise on random decks", arguments: 0..<200)
  func model(_ seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let count = Int.random(in: 0...30, using: &generator)
    let cards = (0..<count).map { index in
      let kind = ["syntax", "trick", "edge", "interview"].randomElement(using: &generator)!
      return Card(
        id: "c\(index)", kind: kind, topic: "T\(Int.random(in: 0...3, using: &generator))",
        isLong: kind == "interview")
    }
    let allowed = Int.random(in: 0...4, using: &generator)
    let order = NewCardMix.arrange(cards, longAllowed: allowed)
    let byID = Dictionary(uniqueKeysWithValues: cards.map { ($0.id, $0) })
    let short = cards.filter { !$0.isLong }
    let long = order.filter { byID[$0]!.isLong }

    #expect(Set(order).count == order.count)
    #expect(Set(short.map(\.id)).isSubset(of: Set(order)))
    #expect(long.count == min(allowed, cards.count - short.count, max(short.count, 1)))
    if let first = order.first, !short.isEmpty { #expect(!byID[first]!.isLong) }
    for (first, second) in zip(order, order.dropFirst()) {
      #expect(!(byID[first]!.isLong && byID[second]!.isLong))
    }
    let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    for (index, a) in cards.enumerated() {
      for b in cards[(index + 1)...] where a.kind == b.kind && a.topic == b.topic {
        if let first = position[a.id], let second = position[b.id] { #expect(first < second) }
      }
    }
    #expect(NewCardMix.arrange(cards, longAllowed: allowed) == order)
  }
}
