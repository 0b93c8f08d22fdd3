import CardDeck
import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

/// A session's input that, at every prompt, first checks the journal and state on disk and the
/// card on the screen against a simple model, then chooses the next step at random.
final class ModelCheckingInput: LineInput {
  let isInteractive = false
  private(set) var linesRead = 0
  private(set) var steps = 0
  private var generator: SeededGenerator
  private let folder: URL
  private let console: CapturedConsole
  private let today: Day
  private let now: Date
  private let stepLimit: Int
  var failures: [String] = []

  // The model: what is left to show, in order; the grades in effect per card; the journal as a
  // list of (kind, card, grade); the suspended cards.
  private var queue: [String]
  private var grades: [(card: String, grade: Int)] = []
  private var journal: [String] = []
  private var suspended: Set<String> = []
  /// Set at the attempt prompt when the step is a grade: the grade line to give next.
  private var pendingGrade: Int?

  init(
    cards: [String], folder: URL, console: CapturedConsole, today: Day, now: Date, seed: UInt64,
    steps: Int
  ) {
    queue = cards
    self.folder = folder
    self.console = console
    self.today = today
    self.now = now
    generator = SeededGenerator(seed: seed)
    stepLimit = steps
  }

  func read(prompt: String, deadline: Double?, tick: ((Int) -> String)?) -> InputEvent {
    linesRead += 1
    if let grade = pendingGrade {
      pendingGrade = nil
      return .line(String(grade))
    }
    check()
    guard steps < stepLimit, let front = queue.first else { return .end }
    steps += 1
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<6:
      let grade = Int.random(in: 0...5, using: &generator)
      pendingGrade = grade
      grades.append((front, grade))
      journal.append("review \(front) \(grade)")
      queue.removeFirst()
      if due(of: front).map({ $0 <= today }) == true { queue.append(front) }
      return .line("")
    case 6:
      queue.removeFirst()
      return .line(":skip")
    case 7:
      queue.removeFirst()
      suspended.insert(front)
      journal.append("suspend \(front)")
      return .line(":suspend")
    default:
      if let last = grades.popLast() {
        journal.append("undo \(last.card)")
        queue.removeAll { $0 == last.card }
        if !suspended.contains(last.card) { queue.insert(last.card, at: 0) }
      }
      return .line(":undo")
    }
  }

  /// The state of `card` after the grades in effect, replayed with SM-2; nil when it has none.
  private func state(of card: String) -> CardState? {
    var state: CardState?
    for entry in grades where entry.card == card {
      state = SM2.review(
        state ?? .new(due: today), grade: Grade(rawValue: entry.grade)!, on: today, at: now)
    }
    return state
  }

  private func due(of card: String) -> Day? { state(of: card)?.due }

  private func check() {
    do {
      let store = try ReviewStore.openReadOnly(folder: folder)
      let events = try store.journalEvents().map { event -> String in
        switch event {
        case .review(let review): "review \(review.card) \(review.grade)"
        case .undo(let undo): "undo \(undo.card)"
        case .suspension(let suspension):
          "\(suspension.isSuspended ? "suspend" : "unsuspend") \(suspension.card)"
        case .tornLine: "torn"
        case .imported(let imported): "import \(imported.card)"
        case .history(let history): "history \(history.card)"
        }
      }
      if events != journal { failures.append("step \(steps): journal \(events) ≠ \(journal)") }
      let cards = Set(grades.map(\.card))
      var expected: [String: CardState] = [:]
      for card in cards { expected[card] = state(of: card) }
      if store.state.cards != expected { failures.append("step \(steps): states differ") }
      if store.state.suspended != suspended { failures.append("step \(steps): suspensions differ") }
    } catch {
      failures.append("step \(steps): \(error)")
    }
    // The card on the screen is the model's next one.
    if let front = queue.first {
      let header = console.out.components(separatedBy: "\n").last { $0.hasPrefix("[") }
      if header?.hasSuffix(" · \(front)") != true {
        failures.append("step \(steps): shows \(header ?? "nothing"), the model \(front)")
      }
      // `[position/total]`: the cards left, this one included, are the model's.
      let counter = header?.dropFirst().prefix { $0 != "]" }.split(separator: "/").compactMap {
        Int($0)
      }
      if let counter, counter.count == 2, counter[1] - counter[0] + 1 != queue.count {
        failures.append(
          "step \(steps): \(header ?? "") leaves \(counter[1] - counter[0] + 1), the model \(queue.count)"
        )
      }
    }
  }
}

@Suite("Sessions against a model")
struct SessionPropertyTests {
  static let deck = """
    # P

    ## Trick · T · p1
    One?

    ---

    A.

    ## Trick · T · p2
    Two?

    ---

    B.

    ## Trick · T · p3
    Three?

    ---

    C.

    ## Trick · T · p4
    Four?

    ---

    D.

    ## Trick · T · p5
    Five?

    ---

    E.
    """

  @Test("random grades, undos, skips and suspensions leave the journal and state as the model says")
  func randomSessions() throws {
    var total = 0
    var failures: [String] = []
    let now = try #require(Timestamp.parse("2026-11-29T08:00:00Z"))
    for seed in 0..<750 as Range<UInt64> {
      let state = try TemporaryFolder()
      let captured = CapturedConsole()
      var environment = Environment(
        variables: ["QUIZ_STATE": state.path, "QUIZ_NOW": "2026-11-29T08:00:00Z"],
        shippedDecks: [("p.md", Self.deck)], timeZone: .gmt)
      let input = ModelCheckingInput(
        cards: ["p1", "p2", "p3", "p4", "p5"], folder: URL(fileURLWithPath: state.path),
        console: captured,
        today: Day(year: 2026, month: 11, day: 29)!, now: now, seed: seed, steps: 30)
      environment.input = input
      let status = Quiz(environment: environment, console: captured.console).run([
        "--day-start", "0",
      ])
      if status != .success { failures.append("seed \(seed): exit \(status): \(captured.error)") }
      total += input.steps
      failures += input.failures.map { "seed \(seed): \($0)" }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    #expect(total >= 10_000)
  }
}
