import CardDeck
import Foundation
import ReviewStorage
import Scheduler
import SchedulerTestSupport
import Testing

@testable import QuizApp

/// The new cards a review queues: only the first of them are put in order, against the
/// simple way of ordering every new card and queueing the whole list.
@Suite("The new cards a review queues")
struct NewCardQueueTests {
  /// A queue, and the ids of the cards its session shows, in order.
  typealias Queued = (queue: ReviewQueue, shown: [String])

  /// The queue as review makes it: only the new cards the queue has room for put in order.
  static func queue(
    _ cards: [CardHeading], store: ReviewStore, today: Day, interviewPerDay: Int,
    filter: CardFilter, limits: ReviewQueue.Limits
  ) -> Queued {
    let queue = ReviewQueue(
      cards: cards.map(\.id), state: store.state, today: today, limits: limits
    ) { new, room in
      ReviewCommand.arrangingNewCards(
        new, of: cards, store: store, today: today, interviewPerDay: interviewPerDay,
        filter: filter, first: room)
    }
    return (queue, queue.positions.map { cards[$0].id })
  }

  /// The queue made the simple way: every new card put in order (``NewCardMixModel``), then
  /// the queue of every card.
  static func model(
    _ cards: [CardHeading], store: ReviewStore, today: Day, interviewPerDay: Int,
    filter: CardFilter, limits: ReviewQueue.Limits
  ) -> Queued {
    let state = store.state
    let kept = cards.filter { !state.suspended.contains($0.id) }
    let seen = kept.filter { state.cards[$0.id] != nil }
    let new = kept.filter { state.cards[$0.id] == nil }
    let capped = filter.ids.isEmpty && !filter.kinds.contains(.interview)
    var allowed = Int.max
    if capped && new.contains(where: { $0.kind == .interview }) {
      // Interview problems whose every grade is of today were introduced today.
      let grades = (try? store.gradesInEffect(from: today)) ?? []
      let introduced = seen.count { card in
        card.kind == .interview
          && grades.count { $0.card == card.id && $0.day == today }
            == store.state(of: card.id)?.reviews
      }
      allowed = max(0, interviewPerDay - introduced)
    }
    let order = NewCardMixModel.arrange(
      new.map {
        .init(
          id: $0.id, kind: $0.kind.rawValue, topic: $0.topic,
          isLong: capped && $0.kind == .interview)
      }, longAllowed: allowed)
    let byID = Dictionary(uniqueKeysWithValues: new.map { ($0.id, $0) })
    let ordered = seen + order.map { byID[$0]! }
    let queue = ReviewQueue(
      cards: ordered.map(\.id), state: state, today: today, limits: limits)
    return (queue, queue.positions.map { ordered[$0].id })
  }

  /// Cards of every kind over a few topics, some graded before today, some today (interview
  /// problems among them), some suspended; a selection of every card, of interview problems
  /// (`--kind interview`) or of cards named by id; and random limits.
  @Test("the queue and the cards shown are the simple model's, on random days", arguments: 0..<60)
  func model(_ seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let topics = Int.random(in: 1...6, using: &generator)
    let kinds = CardKind.allCases.shuffled(using: &generator)
      .prefix(Int.random(in: 1...4, using: &generator))
    var cards = (0..<Int.random(in: 0...40, using: &generator)).map { index in
      CardHeading(
        id: "c\(index)", deck: "deck", topic: "T\(Int.random(in: 0..<topics, using: &generator))",
        location: SourceLocation(path: "deck.md", line: index + 1),
        kind: kinds.randomElement(using: &generator)!)
    }
    let history = try ReviewHistory()
    let earlier = cards.filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
    try history.grade(earlier.map { ($0.id, 4) }, on: "2026-11-20")
    let today = cards.filter { _ in Int.random(in: 0..<5, using: &generator) == 0 }
    try history.grade(today.map { ($0.id, 4) }, on: "2026-11-29")
    let suspended = cards.filter { _ in Int.random(in: 0..<8, using: &generator) == 0 }
    try history.session(on: "2026-11-29") { store in
      for card in suspended { try store.suspend(card.id) }
    }

    var filter = CardFilter()
    var limits = ReviewQueue.Limits(
      newPerDay: Int.random(in: 0...8, using: &generator),
      reviewsPerDay: Int.random(in: 1...30, using: &generator),
      perSession: Bool.random(using: &generator) ? Int.random(in: 0...12, using: &generator) : nil)
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      filter.kinds = [.interview]
      cards = cards.filter { $0.kind == .interview }
    case 1:
      cards = cards.filter { _ in Bool.random(using: &generator) }
      filter.ids = Set(cards.map(\.id))
      limits.newThisSession = .max
    case 2: limits.newThisSession = Int.random(in: 1...10, using: &generator)
    default: break
    }
    let store = try ReviewStore.openReadOnly(folder: history.url)
    let day = try #require(Day("2026-11-29"))
    let interviewPerDay = Int.random(in: 0...3, using: &generator)
    let queued = Self.queue(
      cards, store: store, today: day, interviewPerDay: interviewPerDay, filter: filter,
      limits: limits)
    let model = Self.model(
      cards, store: store, today: day, interviewPerDay: interviewPerDay, filter: filter,
      limits: limits)
    #expect(queued.queue.due == model.queue.due)
    #expect(queued.queue.new == model.queue.new)
    #expect(queued.queue.dueCount == model.queue.dueCount)
    #expect(queued.queue.unseenCount == model.queue.unseenCount)
    #expect(queued.shown == model.shown)
  }
}
