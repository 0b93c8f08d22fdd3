import CardDeck
import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("Learning steps against a model")
struct LearningPropertyTests {
  /// Which rule chose a card, as the model sees it.
  enum Choice: Hashable {
    case learningDue, queue, early
  }

  /// What the session should show at `moment`, after `reviews`, of `cards` (in queue order):
  /// the card in learning whose step has ended soonest, else the next card not yet seen, else
  /// the card in learning whose step ends soonest if that is within the learn-ahead limit.
  static func expected(
    at moment: Date, after reviews: [ReviewEvent], of cards: [String]
  ) -> (card: String, choice: Choice)? {
    var latest: [String: CardState] = [:]
    for review in reviews { latest[review.card] = review.after }
    let learning = cards.compactMap { id in latest[id]?.learningStepEnd.map { (id, $0) } }
      .sorted { $0.1 < $1.1 }
    if let first = learning.first, first.1 <= moment { return (first.0, .learningDue) }
    if let unseen = cards.first(where: { latest[$0] == nil }) { return (unseen, .queue) }
    if let first = learning.first, first.1 <= moment + SessionQueue.learnAheadLimit {
      return (first.0, .early)
    }
    return nil
  }

  /// FSRS parameters with steps short and long beside the learn-ahead limit.
  static func parameters(using generator: inout SeededGenerator) throws -> FSRSParameters {
    let learning: [[Int64]] = [[60, 600], [60, 1800], [300], [60, 600, 3600]]
    let relearning: [[Int64]] = [[600], [2400], []]
    return try FSRSParameters(
      learningSteps: learning.randomElement(using: &generator)!.map { .seconds($0) },
      relearningSteps: relearning.randomElement(using: &generator)!.map { .seconds($0) },
      fuzzing: false)
  }

  /// A script of random grades, each attempt and grade line some seconds after the last.
  static func script(using generator: inout SeededGenerator) -> [(String, delay: Double)] {
    let delays: [Double] = [1, 5, 30, 90, 400, 1500]
    return (0..<Int.random(in: 1...30, using: &generator)).flatMap { _ in
      let grade = [0, 1, 2, 3, 3, 4, 4, 5].randomElement(using: &generator)!
      return [
        ("", delays.randomElement(using: &generator)!),
        (String(grade), delays.randomElement(using: &generator)!),
      ]
    }
  }

  /// One sitting run on its own clock and folder, and what came of it.
  struct Sitting {
    let script: [(String, delay: Double)]
    let shown: [String]
    let reviews: [ReviewEvent]
    let ending: SessionResult.Ending
    /// Whether a card was still in a learning step at the end.
    let leftLearning: Bool
  }

  static let start = Date(timeIntervalSince1970: 1_795_939_200)
  static let collection = DeckCollection([
    NativeDeckParser(deckName: "steps").parse(SourceText(LearningStepTests.deck, path: "steps.md"))
      .deck
  ])

  /// A sitting of random grades under random FSRS steps, from `seed`.
  static func sitting(seed: UInt64) throws -> Sitting {
    var generator = SeededGenerator(seed: seed)
    let folder = try TemporaryFolder()
    let clock = ManualClock()
    let dates = clock.dates(startingAt: start)
    let store = try ReviewStore.open(
      folder: URL(fileURLWithPath: folder.path),
      dayClock: DayClock(timeZone: .gmt, dayStartHour: 0), now: dates,
      scheduler: FSRSReviewScheduler(parameters: try parameters(using: &generator)))
    let script = script(using: &generator)
    let captured = CapturedConsole()
    let session = ReviewSession(
      cards: collection.cards, from: collection, store: store,
      input: ScriptedInput(timed: script, interactive: false, clock: clock),
      console: captured.console,
      presenter: CardPresenter(style: Style(usesColor: false), width: 80), now: dates,
      clock: clock.clock, today: Day(year: 2026, month: 11, day: 29)!)
    let result = session.run()
    let reviews = try store.journalEvents().compactMap { event -> ReviewEvent? in
      if case .review(let review) = event { review } else { nil }
    }
    return Sitting(
      script: script, shown: shownCards(captured.out), reviews: reviews, ending: result.ending,
      leftLearning: store.state.cards.values.contains { $0.learningStepEnd != nil })
  }

  /// What is wrong with `sitting`, and the rule that chose each card shown.
  static func check(_ sitting: Sitting) -> (failures: [String], choices: [Choice]) {
    let (shown, reviews, script) = (sitting.shown, sitting.reviews, sitting.script)
    let ids = collection.cards.map(\.id)
    var failures: [String] = []
    var choices: [Choice] = []
    // Once each, in order: the card shown, the grade scripted, the moment the grade came.
    guard reviews.count == shown.count || reviews.count == shown.count - 1 else {
      return (["\(shown.count) shown, \(reviews.count) reviews"], [])
    }
    var moment = start
    for (index, review) in reviews.enumerated() {
      moment += script[2 * index].delay + script[2 * index + 1].delay
      if review.card != shown[index] {
        failures.append("review \(index) of \(review.card), shown \(shown[index])")
      }
      if review.grade.rawValue != Int(script[2 * index + 1].0) {
        failures.append("review \(index): grade")
      }
      if review.at != moment { failures.append("review \(index) at \(review.at), not \(moment)") }
    }
    // Each card shown is the one the model chooses when it is shown: after the review before.
    for (index, card) in shown.enumerated() {
      let at = index == 0 ? start : reviews[index - 1].at
      let before = Array(reviews[..<index])
      guard let choice = expected(at: at, after: before, of: ids) else {
        failures.append("shown \(card) at step \(index), when nothing was left")
        continue
      }
      choices.append(choice.choice)
      if card != choice.card {
        failures.append("shown \(card) at step \(index), the model \(choice.card)")
      }
      // The property itself, stated apart from the model's order: a card shown before its
      // step ends is shown when no other is due or new, within the window.
      if let end = before.last(where: { $0.card == card })?.after.learningStepEnd, end > at {
        let others = expected(at: at, after: before, of: ids.filter { $0 != card })
        if end > at + SessionQueue.learnAheadLimit || others.map({ $0.choice != .early }) == true {
          failures.append("\(card) shown at step \(index), before its step ends")
        }
      }
    }
    // A session that ended without asking for more had nothing left within the window.
    if reviews.count == shown.count {
      if sitting.ending != .finished { failures.append("ended \(sitting.ending)") }
      if let next = expected(at: moment, after: reviews, of: ids) {
        failures.append("ended with \(next.card) to show")
      }
    }
    return (failures, choices)
  }

  @Test(
    "for random grades under FSRS on a moving clock, every review is journaled once, in order, at its moment, and no card is shown before its step ends unless nothing else is left and it ends within the window"
  )
  func randomGrades() throws {
    var failures: [String] = []
    var choices: [Choice: Int] = [:]
    var endedInLearning = 0
    for seed in 0..<200 as Range<UInt64> {
      let sitting = try Self.sitting(seed: seed)
      let checked = Self.check(sitting)
      failures += checked.failures.map { "seed \(seed): \($0)" }
      for choice in checked.choices { choices[choice, default: 0] += 1 }
      if sitting.reviews.count == sitting.shown.count, sitting.leftLearning {
        endedInLearning += 1
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    // Every rule was exercised, and sessions ended with a step past the window.
    #expect(choices[.learningDue, default: 0] > 50)
    #expect(choices[.queue, default: 0] > 50)
    #expect(choices[.early, default: 0] > 50)
    #expect(endedInLearning > 5)
  }
}
