import Scheduler
import SchedulerTestSupport
import Testing

@Suite("The mix of new cards")
struct NewCardMixTests {
  typealias Card = NewCardMixModel.Card

  /// A course in deck order: eleven interview problems first, then the rest.
  static let course: [Card] =
    (1...11).map { Card(id: "i\($0)", kind: "interview", topic: "T\($0 % 3)", isLong: true) }
    + (1...6).map { Card(id: "s\($0)", kind: "syntax", topic: "T\($0 % 2)", isLong: false) }
    + (1...4).map { Card(id: "t\($0)", kind: "trick", topic: "T\($0 % 2)", isLong: false) }

  /// The ids of `cards` in the mix's order, interview problems long, the first `limit` only.
  static func arrange(_ cards: [Card], longAllowed: Int, first limit: Int = .max) -> [String] {
    NewCardMix.arrange(
      cards.map { NewCardMix.Card(kind: $0.kind, topic: $0.topic) }, longKinds: ["interview"],
      longAllowed: longAllowed, first: limit
    ).first.map { cards[$0].id }
  }

  @Test(
    "a first day opens with a short card, then a card of each kind in turn, and two interview problems at most"
  )
  func firstDay() {
    let order = Self.arrange(Self.course, longAllowed: 2)
    #expect(Array(order.prefix(6)) == ["s1", "t1", "i1", "s2", "t2", "i2"])
    #expect(order.filter { $0.hasPrefix("i") }.count == 2)
    #expect(order.count == 12)
  }

  @Test("within a kind, topics take turns, each in deck order")
  func topics() {
    let cards = ["a1", "a2", "a3", "b1", "b2"].map {
      Card(id: $0, kind: "syntax", topic: String($0.prefix(1)), isLong: false)
    }
    #expect(Self.arrange(cards, longAllowed: 0) == ["a1", "b1", "a2", "b2", "a3"])
  }

  @Test("only long cards: one, since two may not come in a row")
  func onlyLong() {
    let cards = Self.course.filter(\.isLong)
    #expect(Self.arrange(cards, longAllowed: 5) == ["i1"])
  }

  @Test("the first cards asked for are the start of the whole order, which is counted in full")
  func start() {
    let order = NewCardMix.arrange(
      Self.course.map { NewCardMix.Card(kind: $0.kind, topic: $0.topic) },
      longKinds: ["interview"], longAllowed: 2, first: 4)
    #expect(order.first.map { Self.course[$0].id } == ["s1", "t1", "i1", "s2"])
    #expect(order.count == 12)
  }

  /// Random cards of `count` at most, of the first `kinds` of four kinds, over `topics` topics.
  static func randomCards(
    count: Int, kinds: Int = 4, topics: Int, using generator: inout SeededGenerator
  ) -> [Card] {
    (0..<Int.random(in: 0...count, using: &generator)).map { index in
      let kind = ["syntax", "interview", "trick", "edge"]
        .prefix(kinds).randomElement(using: &generator)!
      return Card(
        id: "c\(index)", kind: kind,
        topic: "T\(Int.random(in: 0..<topics, using: &generator))", isLong: kind == "interview")
    }
  }

  /// What the mix promises, said simply: which cards, how many long ones, none side by side,
  /// deck order within a kind and topic.
  @Test("keeps every promise on random decks", arguments: 0..<200)
  func promises(_ seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let cards = Self.randomCards(count: 30, topics: 4, using: &generator)
    let allowed = Int.random(in: 0...4, using: &generator)
    let order = Self.arrange(cards, longAllowed: allowed)
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
    #expect(Self.arrange(cards, longAllowed: allowed) == order)
  }

  /// The start of the order, worked out alone, against the whole order the simple way: with
  /// few topics and many, long cards capped or not, any number asked for.
  @Test("the first cards and the count are the simple model's, on random decks", arguments: 0..<300)
  func model(_ seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var cards = Self.randomCards(
      count: 120, kinds: Int.random(in: 1...4, using: &generator),
      topics: [1, 2, 3, 8, 40].randomElement(using: &generator)!, using: &generator)
    let capped = Bool.random(using: &generator)
    if !capped {
      cards = cards.map { Card(id: $0.id, kind: $0.kind, topic: $0.topic, isLong: false) }
    }
    let allowed = Int.random(in: -1...6, using: &generator)
    let limit = [0, 1, 2, 5, 20, 200, Int.max].randomElement(using: &generator)!
    let whole = NewCardMixModel.arrange(cards, longAllowed: allowed)
    let order = NewCardMix.arrange(
      cards.map { NewCardMix.Card(kind: $0.kind, topic: $0.topic) },
      longKinds: capped ? ["interview"] : [], longAllowed: allowed, first: limit)
    #expect(order.first.map { cards[$0].id } == Array(whole.prefix(limit)))
    #expect(order.count == whole.count)
  }
}
