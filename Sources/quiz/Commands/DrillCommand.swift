import CardDeck
import Foundation
import Scheduler

/// `quiz drill`: a mock interview of trick, edge and interview questions, in a seeded random
/// order, scored per topic.
struct DrillCommand {
  var environment: Environment
  var console: Console
  var input: LineInput?

  static let help = """
    Usage: quiz drill [options]

    Asks N questions (default 10) from the trick, edge and interview cards of the chosen topics,
    in a random order, and ends with a score per topic and the cards missed. It leaves the
    schedule alone unless --record is given.

    Options:
      --count N          How many questions (default 10).
      --seed N           The order's seed, to repeat a drill (default: a new one, printed).
      --time-limit S     Seconds per question, with a countdown on a terminal.
      --record           Record the grades in the schedule, as a review would.
    \(DeckOptions.help)
    \(DeckOptions.filterHelp)
      --force            Drill the cards that loaded even if some decks have errors.
      --no-color         No colour.
    \(StateOptions.help)
      -h, --help         Show this help.
    """

  static let kinds: Set<CardKind> = [.trick, .edge, .interview]

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    var deckOptions = try DeckOptions(&arguments, filters: true)
    let stateOptions = try StateOptions(&arguments)
    let count = try arguments.number("--count", in: 1...10_000) ?? 10
    let seed = try arguments.number("--seed", in: 0...Int.max) ?? Int.random(in: 0...999_999)
    let timeLimit = try arguments.number("--time-limit", in: 1...86_400)
    let record = arguments.flag("--record")
    let force = arguments.flag("--force")
    let noColor = arguments.flag("--no-color")
    try arguments.finish()
    let command = arguments.command

    let asked = deckOptions.filter.kinds
    if !asked.isEmpty && asked.isDisjoint(with: Self.kinds) {
      throw UsageError(
        "a drill asks trick, edge and interview cards, not syntax ones", command: command)
    }
    deckOptions.filter.kinds = asked.isEmpty ? Self.kinds : asked.intersection(Self.kinds)
    guard
      let loaded = try SessionSetup.loadCards(
        deckOptions, force: force, environment, console, command)
    else { return .failure }

    var generator = SeededGenerator(seed: UInt64(seed))
    let questions = Array(loaded.shuffled(using: &generator).prefix(count))
    let now = try environment.clock(command: command)
    let dayClock = try stateOptions.dayClock(in: environment, command: command)
    var store: ReviewStore?
    if record {
      do {
        store = try ReviewStore.open(
          folder: stateOptions.folderURL(in: environment), dayClock: dayClock, now: now)
      } catch {
        console.failure(error)
        return .failure
      }
    }
    defer { try? store?.close() }

    let style = Style(usesColor: SessionSetup.usesColor(environment, noColor: noColor))
    let scope = SessionSetup.describe(
      CardFilter(topics: deckOptions.filter.topics, decks: deckOptions.filter.decks))
    console.print(
      style.apply(
        .heading,
        "Drill: \(questions.count) \(questions.count == 1 ? "question" : "questions")"
          + (scope.isEmpty ? "" : " — \(scope)") + " (seed \(seed)"
          + (timeLimit.map { ", \($0) s each" } ?? "") + (record ? ", recorded" : "") + ")"))
    console.print()
    let input =
      self.input
      ?? SessionSetup.standardInput(
        history: stateOptions.folderURL(in: environment).appending(path: "history"))
    Signals.install()
    let session = ReviewSession(
      cards: questions, store: store, input: input, console: console,
      presenter: CardPresenter(style: style, width: environment.width), now: now,
      today: dayClock.day(for: now()), mode: .drill(record: record, timeLimit: timeLimit))
    session.edit = SessionSetup.editor(deckOptions, environment, console)
    let result = session.run()
    console.print()
    console.print(SummaryPresenter(style: style).drill(result, asked: questions.count))
    if case .failed(let message) = result.ending {
      console.failure(message)
      return .failure
    }
    return .success
  }
}
