import CardDeck
import Foundation
import Scheduler

/// `quiz review` (and plain `quiz`): a review session on what is due, then new cards.
struct ReviewCommand {
  var environment: Environment
  var console: Console
  /// Where the session reads; nil picks readline on a terminal, else standard input.
  var input: LineInput?

  static let help = """
    Usage: quiz [review] [options]

    Reviews the cards that are due, most overdue first, then new cards up to the day's limit.
    Each card: the question; your attempt (or just Enter); the answer; a grade from 0 to 5.
    At any prompt: :undo :skip :suspend :edit :help :quit (Ctrl-D quits too).
    Piped input: for each card, one line is the attempt (may be empty), the next the grade.

    Options:
    \(DeckOptions.help)
    \(DeckOptions.filterHelp)
      --new N          New cards today, at most (default 20).
      --limit N        Cards in this session, at most.
      --force          Review the cards that loaded even if some decks have errors.
      --no-color       No colour (also when NO_COLOR is set or output is not a terminal).
    \(StateOptions.help)
      -h, --help       Show this help.
    """

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    let deckOptions = try DeckOptions(&arguments, filters: true)
    let stateOptions = try StateOptions(&arguments)
    let newPerDay = try arguments.number("--new", in: 0...10_000)
    let limit = try arguments.number("--limit", in: 1...100_000)
    let force = arguments.flag("--force")
    let noColor = arguments.flag("--no-color")
    try arguments.finish()
    let command = arguments.command

    guard
      let loaded = try SessionSetup.loadCards(
        deckOptions, force: force, environment, console, command)
    else { return .failure }
    let now = try environment.clock(command: command)
    let dayClock = try stateOptions.dayClock(in: environment, command: command)
    let folder = stateOptions.folderURL(in: environment)
    let store: ReviewStore
    do {
      store = try ReviewStore.open(folder: folder, dayClock: dayClock, now: now)
    } catch {
      console.failure(error)
      return .failure
    }
    defer {
      // The grades are already in the journal; only the snapshot could not be brought up to date.
      do { try store.close() } catch { console.warning(error) }
    }
    for warning in store.warnings { console.warning(warning) }

    let today = dayClock.day(for: now())
    let ids = loaded.map(\.id)
    // Cards asked for by id (as `quiz drill` suggests for missed ones) are shown even when
    // today's new cards are used up: the user named them.
    let namesCards = !deckOptions.filter.ids.isEmpty
    let queue = ReviewQueue(
      cards: ids, state: store.state, today: today,
      limits: .init(
        newPerDay: newPerDay ?? (namesCards ? ids.count + store.state.newCards(on: today) : 20),
        perSession: limit))
    let style = Style(usesColor: SessionSetup.usesColor(environment, noColor: noColor))
    let scope = SessionSetup.describe(deckOptions.filter)
    guard !queue.cards.isEmpty else {
      console.print("Nothing to review\(scope.isEmpty ? "" : " for \(scope)") today.")
      if let next = ReviewQueue.nextDue(of: ids, in: store.state, after: today) {
        console.print("The next card is due \(ReviewSession.describe(next, from: today)).")
      }
      let limits = ReviewQueue.Limits()
      if store.state.reviews(on: today) >= limits.reviewsPerDay {
        console.print(
          "Today's \(limits.reviewsPerDay) reviews are done; \(queue.dueCount) due and "
            + "\(queue.unseenCount) new cards wait for tomorrow.")
      } else if queue.unseenCount > 0 {
        console.print(
          "\(queue.unseenCount) new \(queue.unseenCount == 1 ? "card waits" : "cards wait"); "
            + "today's new cards are done (--new N allows more).")
      }
      return .success
    }
    console.print(
      style.apply(
        .heading,
        "\(queue.due.count) due, \(queue.new.count) new" + (scope.isEmpty ? "" : " — \(scope)")))
    console.print()

    // Only the queue's cards, not a second copy of every card: the session needs no others.
    let queued = Set(queue.cards)
    let byID = Dictionary(
      loaded.lazy.filter { queued.contains($0.id) }.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    let input = self.input ?? SessionSetup.standardInput(history: folder.appending(path: "history"))
    Signals.install()
    let session = ReviewSession(
      cards: queue.cards.compactMap { byID[$0] }, store: store, input: input, console: console,
      presenter: CardPresenter(style: style, width: environment.width), now: now, today: today)
    session.edit = SessionSetup.editor(deckOptions, environment, console)
    let result = session.run()

    let all = store.state
    let next = ReviewQueue.nextDue(of: ids, in: all, after: today)
    let nextCount = next.map { day in ids.filter { all.cards[$0]?.due == day }.count }
    console.print()
    console.print(
      SummaryPresenter(style: style).review(
        result, streak: all.streak(endingOn: today),
        nextDue: next.map { ($0, nextCount ?? 0) }, today: today))
    if case .failed(let message) = result.ending {
      console.failure(message)
      return .failure
    }
    return .success
  }
}
