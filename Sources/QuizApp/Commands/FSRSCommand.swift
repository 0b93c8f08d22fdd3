import Basics
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz fsrs fit|evaluate`: FSRS's weights fitted to the user's own reviews, and how well
/// FSRS predicts them.
struct FSRSCommand: Command {
  /// What the command does.
  enum Action: String, CaseIterable {
    case fit, evaluate
  }

  /// `fit or evaluate`.
  private static let actions = Action.allCases.map(\.rawValue)

  /// `--json`.
  static let jsonKey = OptionKey.json(
    "Print one JSON object: the figures (and with fit, the 21 weights and the outcome).")
  /// `--save`.
  static let saveKey = OptionKey.flag(
    "--save",
    help: "With fit: keep the weights in the state folder, for --scheduler fsrs to schedule "
      + "with, unless they predict the history worse than the weights in use.")

  static let declaration = CommandDeclaration(
    name: "fsrs",
    summary: "Fit FSRS's weights to your reviews, or see how well FSRS predicts them.",
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
      """,
    arguments: [
      ArgumentDeclaration(
        name: "ACTION", help: "\(actions.listed(joinedBy: "or")).", completion: .values(actions))
    ],
    options: [jsonKey, saveKey] + StateOptions.options,
    examples: [
      ("quiz fsrs evaluate", "How well FSRS predicts your reviews."),
      ("quiz fsrs fit --save", "Fit the weights, and schedule with them under --scheduler fsrs."),
    ])

  var action: Action
  var json: Bool
  var save: Bool
  var state: StateOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    state = try StateOptions(arguments)
    json = arguments[Self.jsonKey]
    save = arguments[Self.saveKey]
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
    self.action = action
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
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
