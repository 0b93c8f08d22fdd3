import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz review` (and plain `quiz`): a review session on what is due, then new cards.
struct ReviewCommand: Command {
  /// The options only a review takes, beside the selection's and the settings'.
  enum Keys {
    /// `--limit N`.
    static let limit = OptionKey.number(
      "--limit", "N", 1...100_000, help: "Cards in this session, at most.")
    /// `--more-new N`.
    static let moreNew = OptionKey.number(
      "--more-new", "N", 1...10_000, help: "N new cards in this session, beyond the day's limit.")
    /// `--ahead N`.
    static let ahead = OptionKey.number(
      "--ahead", "N", 1...365,
      help: "Also review the cards due in the next N days (SM-2 counts from today).")
    /// `--force`.
    static let force = OptionKey.flag(
      "--force", help: "Review the cards that loaded even if some decks have errors.")
  }

  static let declaration = CommandDeclaration(
    name: "review",
    summary: "Review what is due, then new cards; the default command.",
    discussion: """
      Reviews the cards that are due, most overdue first, then new cards up to the day's limit. \
      Each card: the question; your attempt (or just Enter); the answer; a grade from 0 to 5. \
      On a terminal, a key from 0 to 5 is the grade at once; Enter takes the suggested grade.

      At any prompt, and on any line of an answer: :undo :skip :suspend :edit :compose :help \
      :quit (Ctrl-D quits too). :compose opens the answer typed so far in $EDITOR.

      Under SM-2, a card graded below 4 comes back at the end of the session. Under \
      --scheduler fsrs, a card in a learning step comes back when its step (1 or 10 minutes) \
      ends, before the other cards; with only such cards left, the soonest is shown up to 20 \
      minutes early. One still in its step when the session ends comes back at the next one, \
      and the summary says how many are still learning.

      A card that lapses (a grade below 3 once recalled) for the 8th time is a leech: it is \
      suspended, and the session says so (leech-lapses and leech-action in the config file; \
      'quiz config --help').

      Piped input: for each card, one line is the attempt (may be empty), the next the grade.
      """,
    options: SelectionOptions.options + [
      Settings.Keys.newPerDay, Keys.limit, Keys.moreNew, Keys.ahead,
      Settings.Keys.interviewPerDay, Keys.force,
    ],
    examples: [
      ("quiz", "Today's review."),
      ("quiz --topic Sheets", "Cram one topic."),
      ("quiz --deck lesson-24-search-toolbars-and-menus --new 5 --limit 15", "A short session."),
    ],
    isDefault: true)

  var options: SelectionOptions
  var newPerDay: Int?
  var limit: Int?
  var interviewPerDay: Int?
  var moreNew: Int?
  var ahead: Int?
  var force: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try SelectionOptions(arguments)
    newPerDay = Settings.newPerDay.given(arguments)
    limit = arguments[Keys.limit]
    interviewPerDay = Settings.interviewPerDay.given(arguments)
    moreNew = arguments[Keys.moreNew]
    ahead = arguments[Keys.ahead]
    force = arguments[Keys.force]
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    guard
      let (loaded, collection) = try SessionSetup.loadCards(options.decks, force: force, context)
    else {
      return .failure
    }
    let now = try context.clock()
    let dayClock = try context.dayClock(options.state)
    let today = dayClock.day(for: now())
    guard let store = try context.openForWriting(options.state, now: now) else { return .failure }
    defer {
      // The grades are already in the journal; only the snapshot could not be brought up to date.
      do { try store.close() } catch { console.warning(error) }
    }

    let environment = context.environment
    let interviews = try environment.value(
      of: Settings.interviewPerDay, option: interviewPerDay, command: context.command)
    let limits = limits(
      for: options.decks.filter,
      newPerDay: try environment.value(
        of: Settings.newPerDay, option: newPerDay, command: context.command))
    let queue = ReviewQueue(
      cards: loaded.map(\.id), state: store.state, today: today, limits: limits
    ) { new, room in
      Self.arrangingNewCards(
        new, of: loaded, store: store, today: today, interviewPerDay: interviews,
        filter: options.decks.filter, first: room)
    }
    let newBefore = store.state.newCards(on: today)
    let early = queue.due.count { (store.state.cards[$0]?.due ?? today) > today }
    let style = context.style(noColor: options.noColor)
    let scope = SessionSetup.describe(options.decks.filter)
    guard !queue.cards.isEmpty else {
      Self.sayNothingToReview(
        queue, limits: limits, cards: loaded, state: store.state,
        days: DayWords(today: today, clock: dayClock, now: now()), scope: scope, console)
      return .success
    }
    console.print(
      style.apply(
        .heading,
        "\(queue.due.count) due, \(queue.new.count) new" + (scope.isEmpty ? "" : " — \(scope)")))
    console.print()

    // Only the queue's cards, not a second copy of every card: the session needs no others. It
    // reads their content from the collection as it shows each.
    let session = SessionSetup.session(
      cards: queue.positions.map { loaded[$0] }, from: collection, store: store, style: style,
      now: now, today: today, mode: .review, deckOptions: options.decks,
      stateOptions: options.state, context)
    // The other cards and their decks are let go after the session, not before its first card
    // is shown: freeing them takes time in proportion to the collection, which the first card
    // need not wait for.
    let result = withExtendedLifetime((loaded, collection)) { session.run() }

    let all = store.state
    var notes: [String] = []
    if early > 0 {
      notes.append(
        "\(ReportText.count(early, "card was", plural: "cards were")) reviewed before its day; "
          + "SM-2 counted the next interval from today.")
    }
    let beyond = (all.newCards(on: today) - newBefore) - max(0, limits.newPerDay - newBefore)
    if beyond > 0 {
      notes.append(
        "\(ReportText.count(beyond, "new card", plural: "new cards")) beyond today's limit of "
          + "\(limits.newPerDay); from tomorrow they come back as SM-2 says.")
    }
    console.print()
    console.print(
      SummaryPresenter(style: style, width: environment.proseWidth).review(
        result, streak: all.streak(endingOn: today),
        outlook: ReviewQueue.outlook(of: loaded.map(\.id), in: all, today: today), today: today,
        now: now(), dayClock: dayClock, notes: notes))
    return SessionSetup.status(of: result, console)
  }

  /// Says that `queue` holds nothing to review today, when the next card is due, and why the
  /// cards that wait do.
  private static func sayNothingToReview(
    _ queue: ReviewQueue, limits: ReviewQueue.Limits, cards: [CardHeading], state: ReviewState,
    days: DayWords, scope: String, _ console: Console
  ) {
    let today = days.today
    console.print("Nothing to review\(scope.isEmpty ? "" : " for \(scope)") today.")
    if let next = ReviewQueue.nextDue(of: cards.map(\.id), in: state, after: today) {
      console.print("The next card is due \(days.describe(next)).")
    }
    if state.reviews(on: today) >= limits.reviewsPerDay {
      console.print(
        "Today's \(limits.reviewsPerDay) reviews are done; \(queue.dueCount) due and "
          + "\(queue.unseenCount) new cards wait for tomorrow.")
    } else if queue.unseenCount > 0 {
      console.print(
        "\(ReportText.count(queue.unseenCount, "new card waits", plural: "new cards wait"))"
          + (limits.newThisSession == nil
            ? "; today's new cards are done (--more-new N gives N more)." : "."))
    }
  }

  /// The day's limits, and what this session may take beyond them: N more new cards with
  /// `--more-new`; every new card asked for by id; with a topic, deck or lesson, the day's number
  /// of new cards whatever the day has had; with `--ahead`, the cards due in the next N days.
  func limits(for filter: CardFilter, newPerDay day: Int) -> ReviewQueue.Limits {
    var limits = ReviewQueue.Limits(newPerDay: day, perSession: limit, daysAhead: ahead ?? 0)
    if let moreNew {
      limits.newThisSession = moreNew
    } else if !filter.ids.isEmpty {
      limits.newThisSession = newPerDay ?? .max
    } else if !filter.topics.isEmpty || !filter.decks.isEmpty || !filter.lessons.isEmpty {
      limits.newThisSession = limits.newPerDay
    }
    return limits
  }
}
