import Foundation
import Testing

@testable import Scheduler

@Suite("The review queue")
struct ReviewQueueTests {
  let today = Day(year: 2026, month: 11, day: 29)!

  /// A state with the given cards due on the given days, reviewed `reviewsToday` times today.
  func state(
    due: [String: Int], suspended: Set<String> = [], newToday: Int = 0, reviewsToday: Int = 0
  )
    -> ReviewState
  {
    var state = ReviewState()
    for (id, offset) in due {
      var card = CardState.new(due: today + offset)
      card.repetitions = 1
      state.cards[id] = card
    }
    state.suspended = suspended
    state.newCardsByDay[today] = newToday
    state.reviewsByDay[today] = reviewsToday
    return state
  }

  @Test("shows due cards first, most overdue first, then in deck order, then new cards")
  func order() {
    let queue = ReviewQueue(
      cards: ["a", "b", "c", "d", "new1", "e", "new2"],
      state: state(due: ["a": 0, "b": -3, "c": 0, "d": 2, "e": -3]), today: today)
    #expect(queue.due == ["b", "e", "a", "c"])
    #expect(queue.new == ["new1", "new2"])
    #expect(queue.cards == ["b", "e", "a", "c", "new1", "new2"])
  }

  @Test("skips suspended cards, due or new")
  func suspended() {
    let queue = ReviewQueue(
      cards: ["a", "b", "n"], state: state(due: ["a": 0, "b": 0], suspended: ["a", "n"]),
      today: today)
    #expect(queue.cards == ["b"])
  }

  @Test("counts today's new cards from the journal, so a second session brings no more")
  func newLimit() {
    let ids = (1...30).map { "n\($0)" }
    #expect(ReviewQueue(cards: ids, state: state(due: [:]), today: today).new.count == 20)
    #expect(
      ReviewQueue(cards: ids, state: state(due: [:], newToday: 15), today: today).new.count == 5)
    #expect(ReviewQueue(cards: ids, state: state(due: [:], newToday: 25), today: today).new.isEmpty)
  }

  @Test("caps the day's reviews and the session's cards")
  func caps() {
    let due = Dictionary(uniqueKeysWithValues: (1...10).map { ("d\($0)", 0) })
    let ids = (1...10).map { "d\($0)" } + ["n1", "n2"]
    let capped = ReviewQueue(
      cards: ids, state: state(due: due, reviewsToday: 195), today: today)
    #expect(capped.cards.count == 5)
    #expect(capped.dueCount == 10)
    let session = ReviewQueue(
      cards: ids, state: state(due: due), today: today, limits: .init(perSession: 11))
    #expect(session.due.count == 10)
    #expect(session.new == ["n1"])
  }

  @Test(
    "gives each queued card's position in the ids, and counts every unseen card, kept or not",
    arguments: [nil, 3, 25] as [Int?])
  func positions(perSession: Int?) {
    let ids = (0..<60).map { $0 % 3 == 0 ? "d\($0)" : "n\($0)" }
    let due = Dictionary(
      uniqueKeysWithValues: ids.enumerated().filter { $0.element.hasPrefix("d") }.map {
        ($0.element, -($0.offset % 4))
      })
    let queue = ReviewQueue(
      cards: ids, state: state(due: due, newToday: 2), today: today,
      limits: .init(perSession: perSession))
    #expect(queue.positions.map { ids[$0] } == queue.cards)
    #expect(queue.unseenCount == 40)
    #expect(queue.dueCount == 20)
    #expect(queue.new.count == min(18, max(0, (perSession ?? 200) - queue.due.count)))
    #expect(queue.new == Array(ids.filter { $0.hasPrefix("n") }.prefix(queue.new.count)))
  }

  @Test("finds the next day a card is due")
  func nextDue() {
    let state = state(due: ["a": 3, "b": 1, "c": 0], suspended: ["b"])
    #expect(ReviewQueue.nextDue(of: ["a", "b", "c"], in: state, after: today) == today + 3)
    #expect(ReviewQueue.nextDue(of: ["c"], in: state, after: today) == nil)
  }

  @Test("the outlook counts due cards by day, suspended ones left out")
  func outlook() {
    var state = ReviewState()
    for (id, offset) in [("a", -2), ("b", 0), ("c", 1), ("d", 3), ("e", 1)] {
      state.cards[id] = CardState(repetitions: 1, interval: 1, due: today + offset)
    }
    state.suspended = ["e"]
    let outlook = ReviewQueue.outlook(
      of: ["a", "b", "c", "d", "e", "new"], in: state, today: today)
    #expect(outlook.dueToday == 2)
    #expect(outlook.next?.day == today + 1)
    #expect(outlook.next?.due == 3)
    // Nothing due today: the first day something falls due.
    let later = ReviewQueue.outlook(of: ["d"], in: state, today: today)
    #expect(later.dueToday == 0 && later.next?.day == today + 3 && later.next?.due == 1)
    // Still due today, nothing else: tomorrow opens with them.
    let failed = ReviewQueue.outlook(of: ["a"], in: state, today: today)
    #expect(failed.next?.day == today + 1 && failed.next?.due == 1)
  }

  @Test("the outlook counts the cards in a learning step and names the one whose step ends first")
  func learningOutlook() {
    let noon = Date(timeIntervalSince1970: 1_795_953_600)
    var state = ReviewState()
    for (id, minutes) in [("a", 10), ("b", 1), ("c", 5), ("d", 0)] {
      state.cards[id] = CardState(due: today, fsrs: FSRSCard(due: noon + Double(minutes) * 60))
    }
    state.cards["e"] = CardState(due: today)
    state.suspended = ["d"]
    let outlook = ReviewQueue.outlook(of: ["a", "b", "c", "d", "e"], in: state, today: today)
    #expect(outlook.learning == .init(count: 3, next: "b", due: noon + 60))
    #expect(outlook.dueToday == 4)
    #expect(ReviewQueue.outlook(of: ["e"], in: state, today: today).learning == nil)
  }

  /// Cards of a large collection, few of them seen (so that the queue screens the ids before
  /// looking them up), some suspended, ids of every shape, and random limits.
  @Test("with few cards seen, the queue is the one the plain look-ups give", arguments: 0..<100)
  func screened(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let shapes = ["card-", "é", "a much longer id than a small string holds ", "🙂"]
    let cards = (0..<Int.random(in: 0...400, using: &random)).map {
      shapes[$0 % shapes.count] + String($0)
    }
    var state = ReviewState()
    for id in cards where Int.random(in: 0..<5, using: &random) == 0 {
      var card = CardState.new(due: today + Int.random(in: -5...5, using: &random))
      card.repetitions = 1
      state.cards[id] = card
    }
    state.suspended = Set(cards.filter { _ in Int.random(in: 0..<20, using: &random) == 0 })
    state.newCardsByDay[today] = Int.random(in: 0...10, using: &random)
    let limits = ReviewQueue.Limits(
      newPerDay: Int.random(in: 0...30, using: &random),
      reviewsPerDay: Int.random(in: 0...300, using: &random),
      perSession: Bool.random(using: &random) ? Int.random(in: 0...100, using: &random) : nil,
      daysAhead: Int.random(in: 0...3, using: &random))
    // As many states again of ids not among the cards: the queue then looks every id up.
    var plain = state
    for index in 0...cards.count { plain.cards["other \(index)"] = CardState.new(due: today) }
    let queue = ReviewQueue(cards: cards, state: state, today: today, limits: limits)
    #expect(queue == ReviewQueue(cards: cards, state: plain, today: today, limits: limits))
  }
}
