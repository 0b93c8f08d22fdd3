import CardDeck
import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

/// A review through the command line on a clock that moves: each scripted line takes its time
/// to arrive, and the date clock (that of grades and learning steps) moves with it.
struct MovingClockHarness {
  let session: SessionHarness
  let clock = ManualClock()
  let start = Date(timeIntervalSince1970: 1_795_939_200)  // 2026-11-29T08:00:00Z
  let dates: @Sendable () -> Date

  init() throws {
    session = try SessionHarness()
    dates = clock.dates(startingAt: start)
  }

  /// Runs `quiz` with `arguments` under `scheduler` on the lines, each `delay` seconds after
  /// the one before; the clock goes on from where the last run left it.
  func run(
    _ arguments: [String], lines: [(String, delay: Double)], scheduler: String = "fsrs"
  ) -> (status: ExitCode, out: String, error: String) {
    runQuiz(
      ["--scheduler", scheduler, "--day-start", "0"] + arguments,
      variables: ["QUIZ_STATE": session.state.path, "NO_COLOR": "", "QUIZ_FSRS_FUZZ": "0"],
      shipped: [("steps.md", LearningStepTests.deck)],
      input: ScriptedInput(timed: lines, interactive: false, clock: clock)
    ) {
      $0.now = dates
      $0.monotonic = clock.clock
      $0.timeZone = .gmt
    }
  }

  /// The review state on disk, read under FSRS.
  func saved() throws -> ReviewState {
    try ReviewStore.openReadOnly(
      folder: URL(fileURLWithPath: session.state.path), scheduler: FSRSReviewScheduler()
    ).state
  }

  /// The journal's reviews: card, grade and moment.
  func reviews() throws -> [(card: String, grade: Int, at: Date)] {
    try ReviewStore.openReadOnly(
      folder: URL(fileURLWithPath: session.state.path), scheduler: FSRSReviewScheduler()
    ).journalEvents().compactMap {
      guard case .review(let review) = $0 else { return nil }
      return (review.card, review.grade.rawValue, review.at)
    }
  }
}

/// The cards shown, in order, read from the headers (`[1/3] ░░ Topic · trick · alpha`).
func shownCards(_ out: String) -> [String] {
  out.split(separator: "\n").filter { $0.hasPrefix("[") }.compactMap {
    $0.components(separatedBy: " · ").last
  }
}

/// An attempt and a grade for one card, each line `delay` seconds after the one before.
func answer(_ grade: Int, after delay: Double = 5) -> [(String, delay: Double)] {
  [("", delay), (String(grade), delay)]
}

@Suite("Learning steps within a sitting")
struct LearningStepTests {
  static let deck = """
    # Steps

    ## Trick · Steps · alpha
    First?

    ---

    A.

    ## Trick · Steps · beta
    Second?

    ---

    B.

    ## Trick · Steps · gamma
    Third?

    ---

    C.
    """

  @Test(
    "a new card graded Again under FSRS comes back after a minute of other cards, once the clock has passed its step"
  )
  func againComesBackAfterItsStep() throws {
    let harness = try MovingClockHarness()
    // alpha: Again at 0:10, due at 1:10. beta takes a minute: graded Good at 1:12, when
    // alpha's step has ended, so alpha comes before gamma. Then gamma is Easy, and beta and
    // alpha, in their 10-minute steps, are shown early, the sooner first.
    let result = harness.run(
      [],
      lines: answer(1) + answer(4, after: 31) + answer(4) + answer(5) + answer(4) + answer(4))
    #expect(result.status == .success, "\(result.error)")
    #expect(shownCards(result.out) == ["alpha", "beta", "alpha", "gamma", "beta", "alpha"])
    #expect(result.out.contains("Learning step: this card is due again in 1 min."))
    #expect(result.out.contains("Learning step: this card is due again in 10 min."))
    #expect(result.out.contains("[3/5]"))
    #expect(!result.out.contains("still learning"))
    let reviews = try harness.reviews()
    #expect(reviews.map(\.card) == ["alpha", "beta", "alpha", "gamma", "beta", "alpha"])
    #expect(reviews.map(\.grade) == [1, 4, 4, 5, 4, 4])
  }

  @Test(
    "with no other card left, a card in learning is shown early, within the learn-ahead window, and its review is recorded at the real moment"
  )
  func shownEarlyAtTheRealMoment() throws {
    let harness = try MovingClockHarness()
    let result = harness.run(["--card", "alpha"], lines: answer(1) + answer(4))
    #expect(result.status == .success, "\(result.error)")
    // Good puts it in its 10-minute step: shown early once more, when the input ends.
    #expect(shownCards(result.out) == ["alpha", "alpha", "alpha"])
    #expect(result.out.contains("1 card still learning: next in 10 min (alpha)."))
    let reviews = try harness.reviews()
    #expect(reviews.map(\.grade) == [1, 4])
    // Graded at 0:10, due at 1:10, shown again at once and graded at 0:20: that moment is the
    // review's, not the step's end.
    #expect(reviews.map(\.at) == [harness.start + 10, harness.start + 20])
    let state = try harness.saved()
    #expect(state.cards["alpha"]?.learningStepEnd == harness.start + 20 + 600)
    #expect(state.cards["alpha"]?.fsrs?.lastReview == harness.start + 20)
  }

  @Test(
    "a card in learning when the sitting ends is left for the next one, which shows it once its step has ended"
  )
  func leftForTheNextSitting() throws {
    let harness = try MovingClockHarness()
    // alpha: Again at 0:10; the input ends at beta's question.
    let first = harness.run([], lines: answer(1))
    #expect(first.status == .success, "\(first.error)")
    #expect(shownCards(first.out) == ["alpha", "beta"])
    #expect(first.out.contains("1 card still learning: next in 1 min (alpha)."))
    #expect(first.out.contains("Still due today: 1 card"))
    let saved = try harness.saved()
    #expect(saved.cards["alpha"]?.learningStepEnd == harness.start + 70)
    // Thirty seconds on: alpha waits for its step while beta is answered, then comes first.
    harness.clock.now += 30
    let second = harness.run([], lines: answer(5, after: 20) + answer(5) + answer(5))
    #expect(second.status == .success, "\(second.error)")
    #expect(second.out.hasPrefix("1 due, 2 new"))
    #expect(shownCards(second.out) == ["beta", "alpha", "gamma"])
    #expect(try harness.reviews().map(\.card) == ["alpha", "beta", "alpha", "gamma"])
  }

  @Test(
    "a card whose step ends past the learn-ahead window, with no other card left, ends the session, and the summary names it"
  )
  func stepPastTheWindow() throws {
    let folder = try TemporaryFolder()
    let clock = ManualClock()
    let start = Date(timeIntervalSince1970: 1_795_939_200)
    let dates = clock.dates(startingAt: start)
    let parameters = try FSRSParameters(learningSteps: [.seconds(1800)], fuzzing: false)
    let store = try ReviewStore.open(
      folder: URL(fileURLWithPath: folder.path),
      dayClock: DayClock(timeZone: .gmt, dayStartHour: 0), now: dates,
      scheduler: FSRSReviewScheduler(parameters: parameters))
    let collection = DeckCollection([
      NativeDeckParser(deckName: "steps").parse(SourceText(Self.deck, path: "steps.md")).deck
    ])
    let cards = collection.cards.filter { $0.id != "gamma" }
    // Both Again: alpha at 0:10, beta at 0:20, each for 30 minutes. Lines are left over.
    let input = ScriptedInput(
      timed: answer(1) + answer(1) + answer(4), interactive: false, clock: clock)
    let captured = CapturedConsole()
    let today = Day(year: 2026, month: 11, day: 29)!
    let session = ReviewSession(
      cards: cards, from: collection, store: store, input: input, console: captured.console,
      presenter: CardPresenter(style: Style(usesColor: false), width: 80), now: dates,
      clock: clock.clock, today: today)
    let result = session.run()
    #expect(result.ending == .finished)
    #expect(input.prompts.count == 4)
    #expect(captured.out.contains("Learning step: this card is due again in 30 min."))
    let summary = SummaryPresenter(style: Style(usesColor: false)).review(
      result, streak: 1,
      outlook: ReviewQueue.outlook(
        of: ["alpha", "beta"], in: store.state,
        today: today), today: today, now: dates())
    #expect(summary.contains("2 cards still learning: next in 30 min (alpha)."))
    #expect(store.state.cards["beta"]?.learningStepEnd == start + 20 + 1800)
  }

  @Test(
    "under SM-2, a card graded 2 comes back at the end of the queue, however long the others take")
  func sm2Unchanged() throws {
    let harness = try MovingClockHarness()
    let result = harness.run(
      [], lines: answer(2) + answer(4, after: 120) + answer(4, after: 120) + answer(5),
      scheduler: "sm2")
    #expect(result.status == .success, "\(result.error)")
    #expect(shownCards(result.out) == ["alpha", "beta", "gamma", "alpha"])
    #expect(result.out.contains("This card comes back later in this session."))
    #expect(!result.out.contains("still learning"))
    #expect(!result.out.contains("Learning step"))
  }
}
