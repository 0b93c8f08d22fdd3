import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

/// `ReviewStatistics`, which groups cards and grades by place in arrays, against the simple
/// model: each group's cards filtered by name, counted one by one.
@Suite("Review statistics")
struct ReviewStatisticsTests {
  private static let today = day("2026-11-29")

  /// Cards in decks and topics that come and go in any order, in states of every stage, some
  /// suspended, and grades of every day around the retention window, some of cards in no deck.
  static func random(seed: UInt64) -> (
    cards: [TrackedCard], decks: [TrackedDeck], state: ReviewState, grades: [CountedGrade]
  ) {
    var random = SeededGenerator(seed: seed)
    let deckNames = ["one", "two", "three", "Two"]
    // Names that differ only in case, and names of one length and first letter ("Basil" and
    // "Basin"), which the statistics' cache of topics tells apart by comparing them.
    let topicNames = ["Basil", "basil", "Basin", "Thyme", "soil", "Soil", "Ännchen", ""]
    var state = ReviewState()
    var cards: [TrackedCard] = []
    for number in 0..<Int.random(in: 1...60, using: &random) {
      let id = "card-\(number)"
      cards.append(
        TrackedCard(
          id: id, deck: deckNames.randomElement(using: &random)!,
          topic: topicNames.randomElement(using: &random)!, kind: "syntax"))
      if Bool.random(using: &random) {
        state.cards[id] = CardState(
          repetitions: Int.random(in: 0...4, using: &random),
          interval: [0, 3, 20, 21, 60].randomElement(using: &random)!,
          due: today + Int.random(in: -5...20, using: &random),
          needsExtraReview: Int.random(in: 0..<5, using: &random) == 0, reviews: 1)
      }
      if Int.random(in: 0..<6, using: &random) == 0 { state.suspended.insert(id) }
    }
    // Runs of one deck now and then, as decks give their cards.
    if Bool.random(using: &random) { cards.sort { $0.deck < $1.deck } }
    let decks = deckNames.dropLast(Int.random(in: 0...1, using: &random)).map {
      TrackedDeck(name: $0, title: $0.uppercased(), location: $0)
    }
    let grades = (0..<Int.random(in: 0...80, using: &random)).map { _ in
      CountedGrade(
        card: "card-\(Int.random(in: 0...70, using: &random))",
        day: today + Int.random(in: -35...2, using: &random),
        isOfLearntCard: Bool.random(using: &random), isRecalled: Bool.random(using: &random))
    }
    return (cards, decks, state, grades)
  }

  /// The group of `cards` named `name`, as the simple model counts it.
  static func model(
    _ name: String, _ cards: [TrackedCard], state: ReviewState, grades: [CountedGrade]
  ) -> ReviewStatistics.Group {
    var group = ReviewStatistics.Group(name: name)
    group.counts = StageCounts(cards.map(\.id), in: state, today: today)
    let ids = Set(cards.map(\.id))
    let firstDay = ReviewStatistics.firstRetentionDay(endingOn: today)
    for grade in grades where ids.contains(grade.card) && (firstDay...today).contains(grade.day) {
      group.retention.add(grade)
    }
    return group
  }

  @Test("counts every deck, topic and the total as the simple model does", arguments: 0..<40)
  func againstTheModel(seed: UInt64) {
    let (cards, decks, state, grades) = Self.random(seed: seed)
    let statistics = ReviewStatistics(
      cards: cards, decks: decks, state: state, grades: grades, today: Self.today)
    func same(_ group: ReviewStatistics.Group, _ expected: ReviewStatistics.Group) -> Bool {
      group.name == expected.name && group.counts == expected.counts
        && group.retention == expected.retention
    }
    #expect(same(statistics.total, Self.model("all decks", cards, state: state, grades: grades)))
    let decksWithCards = decks.filter { deck in cards.contains { $0.deck == deck.name } }
    #expect(statistics.decks.map(\.name) == decksWithCards.map(\.name))
    #expect(statistics.decks.map(\.title) == decksWithCards.map(\.title))
    for (group, deck) in zip(statistics.decks, decksWithCards) {
      let expected = Self.model(
        deck.name, cards.filter { $0.deck == deck.name }, state: state, grades: grades)
      #expect(same(group, expected), "seed \(seed), deck \(deck.name)")
    }
    let topics = Set(cards.map(\.topic)).sorted {
      ($0.lowercased(), $0) < ($1.lowercased(), $1)
    }
    #expect(statistics.topics.map(\.name) == topics)
    for (group, topic) in zip(statistics.topics, topics) {
      let expected = Self.model(
        topic, cards.filter { $0.topic == topic }, state: state, grades: grades)
      #expect(same(group, expected), "seed \(seed), topic \(topic)")
    }
  }
}
