import Foundation
import Testing

@testable import Scheduler

@Suite("The queue of one sitting")
struct SessionQueueTests {
  let today = Day(year: 2026, month: 11, day: 29)!

  @Test("brings a card still due today back at the end of a review, once")
  func comesBack() {
    var queue = SessionQueue(["a", "b"], bringsBackDueCards: true)
    let result1 = queue.grade("a", nowDue: today, today: today)
    #expect(result1)
    #expect(queue.upcoming == ["b", "a"])
    let result2 = queue.grade("b", nowDue: today + 1, today: today)
    #expect(!result2)
    let result3 = queue.grade("a", nowDue: today, today: today)
    #expect(result3)
    #expect(queue.upcoming == ["a"])
  }

  @Test("asks each question of a drill once, and a grade that is not recorded brings nothing back")
  func drill() {
    var drill = SessionQueue(["a", "b", "a"], bringsBackDueCards: false)
    #expect(drill.upcoming == ["a", "b"])
    let result4 = drill.grade("a", nowDue: today, today: today)
    #expect(!result4)
    #expect(drill.upcoming == ["b"])
    var review = SessionQueue(["a"], bringsBackDueCards: true)
    let result5 = review.grade("a", nowDue: nil, today: today)
    #expect(!result5)
    #expect(review.upcoming.isEmpty)
  }

  // The defect of the first edition: a card that had come back once, graded below 4 again and
  // then taken back, was in the queue twice.
  @Test("taking back the grade of a card that came back shows it once")
  func undoOfReturnedCard() {
    var queue = SessionQueue(["a", "b"], bringsBackDueCards: true)
    queue.grade("a", nowDue: today, today: today)
    queue.grade("b", nowDue: today + 3, today: today)
    queue.grade("a", nowDue: today, today: today)
    #expect(queue.upcoming == ["a"])
    let result6 = queue.undoLastGrade()
    #expect(result6 == "a")
    #expect(queue.upcoming == ["a"])
    let result7 = queue.undoLastGrade()
    #expect(result7 == "b")
    #expect(queue.upcoming == ["b", "a"])
    let result8 = queue.undoLastGrade()
    #expect(result8 == "a")
    #expect(queue.upcoming == ["a", "b"])
    let result9 = queue.undoLastGrade()
    #expect(result9 == nil)
  }

  let noon = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z

  @Test("holds a card in a learning step until it ends, then shows it before the queue")
  func learningCardWaitsForItsStep() {
    var queue = SessionQueue(["a", "b", "c"], bringsBackDueCards: true)
    let held = queue.grade("a", learningUntil: noon + 60)
    #expect(held)
    #expect(queue.upcoming == ["b", "c"])
    #expect(queue.remaining == 3)
    #expect(queue.next(at: noon + 59) == "b")
    #expect(queue.next(at: noon + 60) == "a")
    #expect(queue.next == "b")
  }

  @Test("with only learning cards left, shows the soonest early within the learn-ahead limit")
  func learnAhead() {
    var queue = SessionQueue(["a", "b"], bringsBackDueCards: true)
    queue.grade("a", learningUntil: noon + 1500)
    queue.grade("b", learningUntil: noon + 600)
    #expect(queue.learning.map(\.id) == ["b", "a"])
    #expect(queue.next(at: noon) == "b")
    queue.grade("b", nowDue: today + 2, today: today)
    #expect(queue.next(at: noon) == nil)
    #expect(queue.next(at: noon + 300) == "a")
    #expect(queue.next(at: noon, learningAhead: 1500) == "a")
  }

  @Test("a drill holds no learning card; skipping and undoing take a card out of learning")
  func learningSkipAndUndo() {
    var drill = SessionQueue(["a"], bringsBackDueCards: false)
    let held = drill.grade("a", learningUntil: noon)
    #expect(!held)
    #expect(drill.next(at: noon + 3600) == nil)
    var queue = SessionQueue(["a", "b", "c"], bringsBackDueCards: true)
    queue.hold("c", until: noon - 60)
    #expect(queue.next(at: noon) == "c")
    queue.remove("c")
    #expect(queue.learning.isEmpty)
    queue.grade("a", learningUntil: noon - 30)
    #expect(queue.next(at: noon) == "a")
    queue.grade("a", learningUntil: noon + 60)
    // The card taken back is shown next, even with a learning card due.
    queue.hold("c", until: noon - 60)
    #expect(queue.undoLastGrade() == "a")
    #expect(queue.learning.map(\.id) == ["c"])
    #expect(queue.next(at: noon) == "a")
    queue.grade("a", nowDue: today + 1, today: today)
    #expect(queue.next(at: noon) == "c")
  }

  /// One step of a sitting, chosen at random.
  enum Step {
    case grade(dueInDays: Int)
    case skip
    case undo
  }

  @Test(
    "in any sitting, no card is queued twice, every card is accounted for, and undo inverts a grade"
  )
  func property() {
    var generator = SeededGenerator(seed: 2026)
    for _ in 0..<2_000 {
      let ids = (0..<Int.random(in: 1...6, using: &generator)).map { "c\($0)" }
      var queue = SessionQueue(ids, bringsBackDueCards: Bool.random(using: &generator))
      // The model: which cards are finished (graded for another day, or skipped).
      var finished: Set<String> = []
      var gradedOrder: [String] = []
      for _ in 0..<30 {
        let step: Step =
          switch Int.random(in: 0..<10, using: &generator) {
          case 0..<6: .grade(dueInDays: Int.random(in: 0...1, using: &generator))
          case 6: .skip
          default: .undo
          }
        let before = queue
        switch step {
        case .grade(let days):
          guard let id = queue.next else { continue }
          let cameBack = queue.grade(id, nowDue: today + days, today: today)
          #expect(cameBack == (queue.bringsBackDueCards && days == 0))
          var undone = queue
          let undoneID = undone.undoLastGrade()
          #expect(undoneID == id)
          #expect(undone.upcoming == before.upcoming)
          if !cameBack { finished.insert(id) }
          gradedOrder.append(id)
        case .skip:
          guard let id = queue.next else { continue }
          queue.remove(id)
          finished.insert(id)
        case .undo:
          let undone = queue.undoLastGrade()
          guard let id = undone else {
            #expect(gradedOrder.isEmpty)
            continue
          }
          #expect(id == gradedOrder.removeLast())
          #expect(queue.next == id)
          finished.remove(id)
        }
        #expect(Set(queue.upcoming).count == queue.upcoming.count)
        #expect(Set(queue.upcoming).union(finished) == Set(ids))
        #expect(Set(queue.upcoming).isDisjoint(with: finished))
      }
    }
  }
}
