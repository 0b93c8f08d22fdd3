import Basics
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz fsrs fit|evaluate|simulate`: FSRS's weights fitted to the user's own reviews, how well
/// FSRS predicts them, and the reviews FSRS and SM-2 would ask for in the days to come.
struct FSRSCommand: Command {
  /// What the command does.
  enum Action: String, CaseIterable {
    case fit, evaluate, simulate
  }

  /// `fit, evaluate or simulate`.
  private static let actions = Action.allCases.map(\.rawValue)

  /// `--json`.
  static let jsonKey = OptionKey.json(
    "Print one JSON object: the figures (with fit, also the 21 weights and the outcome; with "
      + "simulate, the reviews a day).")
  /// `--save`.
  static let saveKey = OptionKey.flag(
    "--save",
    help: "With fit: keep the weights in the state folder, for --scheduler fsrs to schedule "
      + "with, unless they predict the history worse than the weights in use.")
  /// `--days N`.
  static let daysKey = OptionKey.number(
    "--days", "N", 1...3650,
    help: "With simulate: the days to simulate, today first (default \(defaultDays)).")
  /// `--seed N`.
  static let seedKey = OptionKey.number(
    "--seed", "N", 0...Int.max,
    help: "With fit: the seed of the order of the optimizer's batches (default \(fitSeed), "
      + "fsrs-rs's); with simulate: the seed of the recalls drawn (default \(defaultSeed)). The "
      + "same seed gives the same figures.")
  /// `--retention R`.
  static let retentionKey = OptionKey.option(
    "--retention", "R",
    help:
      "With simulate: FSRS's desired retention, from \(retentionText(SimulationRetention.range.lowerBound)) to "
      + "\(retentionText(SimulationRetention.range.upperBound)) (default: the share of reviews SM-2 "
      + "recalls when due in the same simulation, kept within that range).")
  /// `--new N`, a day.
  static let newKey = Settings.Keys.newPerDay.with(
    help: "With simulate: new cards a day, at most (default 20, or new-per-day in the config "
      + "file).")

  /// `--decks DIR` and `--shipped-decks WHEN`, for simulate.
  static let deckOptions: [any AnyOptionKey] = [
    Settings.Keys.decks.with(
      help: "With simulate: read the decks in DIR (repeatable; default: $QUIZ_DECKS, else "
        + "'decks' in the config file, else the decks shipped with quiz)."),
    Settings.Keys.shippedDecks.with(
      help: "With simulate: read the decks shipped with quiz: yes (beside the folders; the "
        + "default), no, or auto (only when no folder is named)."),
  ]

  /// The days simulated without --days: a year.
  static let defaultDays = 365
  /// The seed without --seed, fixed so that the figures are the same from one run to the next.
  static let defaultSeed = 2026

  static let declaration = CommandDeclaration(
    name: "fsrs",
    summary: "Fit FSRS's weights, evaluate it beside SM-2, or simulate the reviews to come.",
    discussion: """
      'quiz fsrs evaluate' shows how well FSRS-6 predicts your reviews: the log loss and the \
      RMSE (bins) of its predicted recall, as Anki shows them, for FSRS's default weights and \
      for the weights saved by 'quiz fsrs fit --save', if any, beside SM-2's: SM-2 replayed on \
      your grades, its interval I read as a recall of 0.9^(t/I) t days after the review \
      before, as FSRS's benchmark does. Lower is better.

      'quiz fsrs fit' fits FSRS's 21 weights to your reviews as FSRS's optimizer (fsrs-rs, \
      which Anki runs) does, the same way every time, and prints them with the figures before \
      and after. With --save, it keeps them in the state folder (fsrs-parameters.json), and \
      --scheduler fsrs schedules every review with them from then on; it refuses when they \
      predict your reviews worse than the weights in use, as Anki does. Moving the file away \
      brings back FSRS's defaults.

      Both read the journal without the lock, while a session runs. The reviews in effect \
      count (undone ones do not); FSRS predicts a review that comes at least a day after the \
      card's previous one, and such reviews are the items both are computed on.

      'quiz fsrs simulate' simulates the next --days days (365 by default) of your decks' \
      cards from today's state, twice: scheduled by FSRS (with the saved weights, else its \
      defaults) and by SM-2, on the same random draws. Each day the cards due are reviewed, \
      each recalled with the chance FSRS's forgetting curve gives it (under both: FSRS models \
      the memory) and graded Good when recalled, Again when not; new cards come at the day's \
      limit (--new, or new-per-day). FSRS schedules for the retention SM-2 gives in the same \
      simulation (the share of its due reviews recalled), so that both are compared at one \
      retention, or for --retention. It prints the reviews under each, their total, the \
      retention each ran at, and a plot of the reviews a day; --json gives the series a day. \
      The same --seed gives the same figures.
      """,
    arguments: [
      ArgumentDeclaration(
        name: "ACTION", help: "\(actions.listed(joinedBy: "or")).", completion: .values(actions))
    ],
    options: [jsonKey, saveKey, daysKey, seedKey, newKey, retentionKey] + deckOptions
      + StateOptions.options
      + [OptionKey.noColor],
    examples: [
      ("quiz fsrs evaluate", "How well FSRS predicts your reviews."),
      ("quiz fsrs fit --save", "Fit the weights, and schedule with them under --scheduler fsrs."),
      ("quiz fsrs simulate --days 90", "The next 90 days of reviews, under FSRS and under SM-2."),
      ("quiz fsrs simulate --retention 0.85", "The next year, FSRS aiming at 85% recall."),
    ])

  var action: Action
  var json: Bool
  var save: Bool
  var state: StateOptions
  /// The decks whose cards `simulate` simulates.
  var decks: DeckOptions
  /// `--days`, `--seed` and `--new`, if given.
  var days: Int?
  var seed: Int?
  var newPerDay: Int?
  /// `--retention`, if given: FSRS's desired retention, within the simulation's range.
  var retention: Double?
  /// Whether `--no-color` was given.
  var noColor: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    state = try StateOptions(arguments)
    decks = try DeckOptions(arguments, filters: false)
    json = arguments[Self.jsonKey]
    save = arguments[Self.saveKey]
    days = arguments[Self.daysKey]
    seed = arguments[Self.seedKey]
    newPerDay = Settings.newPerDay.given(arguments)
    retention = try Self.retention(arguments[Self.retentionKey], command: arguments.command)
    noColor = arguments[.noColor]
    let name = try arguments.onlyPositional(
      missing: "name what to do: \(Self.actions.listed(joinedBy: "or"))",
      tooMany: { "name one action, not \($0)" })
    guard let action = Action(rawValue: name) else {
      let close = Spelling.suggestions(for: name, among: Self.actions).first
      throw UsageError(
        "no action '\(name)'; the actions are \(Self.actions.listed(joinedBy: "and"))",
        command: arguments.command, hint: close.map { "Did you mean 'quiz fsrs \($0)'?" })
    }
    if save && action != .fit {
      throw UsageError("--save goes with 'quiz fsrs fit' only", command: arguments.command)
    }
    if action == .evaluate && seed != nil {
      throw UsageError(
        "--seed goes with 'quiz fsrs fit' and 'quiz fsrs simulate' only",
        command: arguments.command)
    }
    let simulating: [(given: Bool, name: String)] = [
      (days != nil, "--days"), (newPerDay != nil, "--new"), (retention != nil, "--retention"),
      (decks.folders != nil, "--decks"), (decks.shipped != nil, "--shipped-decks"),
    ]
    if action != .simulate, let option = simulating.first(where: \.given) {
      throw UsageError(
        "\(option.name) goes with 'quiz fsrs simulate' only", command: arguments.command)
    }
    self.action = action
  }

  /// The desired retention `text` gives, if any: a number within the simulation's range.
  static func retention(_ text: String?, command: String) throws(UsageError) -> Double? {
    guard let text else { return nil }
    // Double() also reads "nan" and "inf", which the range refuses.
    guard let value = Double(text), SimulationRetention.range.contains(value) else {
      let range = SimulationRetention.range
      throw UsageError(
        "--retention takes a number from \(retentionText(range.lowerBound)) to "
          + "\(retentionText(range.upperBound)) (a share: 0.85 for 85%), not '\(text)'",
        command: command)
    }
    return value
  }

  /// A retention as the help and the messages write it: `0.70`.
  static func retentionText(_ retention: Double) -> String {
    decimal(retention, places: 2)
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    if action == .simulate { return try simulate(in: context) }
    guard let store = try context.openForReading(state) else { return .failure }
    let history: FSRSHistoryData
    do {
      history = try FSRSHistoryData(store: store)
    } catch {
      context.console.failure("\(error)")
      return .failure
    }
    switch action {
    case .evaluate: evaluate(history, in: context)
    case .fit: return fit(history, in: context, clock: try context.clock())
    case .simulate: break
    }
    return .success
  }
}

/// What both actions read: the history, its training set, and the saved weights.
struct FSRSHistoryData {
  /// The reviews in effect, per card.
  let history: FSRSJournalHistory
  /// Its items, as FSRS's optimizer makes them.
  let set: FSRSTrainingSet
  /// The weights of `quiz fsrs fit --save`, if any.
  let saved: SavedFSRSParameters?
  /// The state folder.
  let folder: URL

  /// Reads the journal and the saved weights of `store`'s folder.
  init(store: ReviewStore) throws {
    folder = store.folder
    saved = try SavedFSRSParameters.load(in: store.folder)
    history = try store.fsrsHistory()
    // Days counted as FSRSScheduler counts them, so that the weights predict what it does.
    set = try FSRSTrainingSet(cards: history.cards, days: .elapsed)
  }

  /// The evaluation of `weights` (21 values within FSRS's bounds); nil without items.
  func evaluate(_ weights: [Double]) -> FSRSEvaluation? {
    // The weights come from FSRS's own defaults, the optimizer, or a file checked when read.
    set.evaluate(try! FSRSParameters(weights: weights))
  }
}
