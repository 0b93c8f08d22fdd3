import CommandLineKit
import FoundationEssentials
import Glibc
import ReviewStorage
import Scheduler

/// The options that say where the review state lives and how days are counted.
struct StateOptions {
  /// The state folder given with --state, if any.
  var folder: String?
  /// The hour at which a new day starts, given with --day-start.
  var dayStartHour: Int?
  /// The scheduler given with --scheduler.
  var scheduler: SchedulerKind?

  /// `--state DIR`.
  static let folderKey = OptionKey.option(
    "--state", "DIR", completion: .folders,
    help: "Keep the review state in DIR (default: $QUIZ_STATE, else $XDG_DATA_HOME/quiz, "
      + "else ~/.local/share/quiz).")

  /// `--state DIR`, `--day-start H` and `--scheduler NAME`.
  static let options: [any AnyOptionKey] = [
    folderKey, Settings.Keys.dayStart, Settings.Keys.scheduler,
  ]

  /// The defaults: the state folder from the environment, days from 04:00.
  init() {}

  /// Takes --state and --day-start.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    folder = arguments[Self.folderKey]
    if folder == "" {
      throw UsageError("--state needs a folder, not an empty name", command: arguments.command)
    }
    dayStartHour = Settings.dayStart.given(arguments)
    scheduler = try Settings.scheduler.chosen(in: arguments, by: Settings.Keys.scheduler)
  }

  /// The scheduler's kind: --scheduler, else $QUIZ_SCHEDULER, else the config file, else SM-2.
  func schedulerKind(in environment: Environment, command: String) throws(UsageError)
    -> SchedulerKind
  {
    try environment.value(of: Settings.scheduler, option: scheduler, command: command)
  }

  /// The scheduler of `kind` for the state folder. FSRS schedules with the weights saved there
  /// by `quiz fsrs fit --save`, else with its defaults, and fuzzes its intervals unless
  /// `QUIZ_FSRS_FUZZ` is `0`.
  ///
  /// - Throws: A saved parameters file that cannot be read, naming it (and its line).
  func scheduler(_ kind: SchedulerKind, in environment: Environment) throws(StateError)
    -> any ReviewScheduler
  {
    switch kind {
    case .sm2: SM2Scheduler()
    case .fsrs: FSRSReviewScheduler(parameters: try fsrsParameters(in: environment).parameters)
    }
  }

  /// FSRS's parameters for the state folder: the weights saved there by `quiz fsrs fit --save`
  /// (also given, as read), else FSRS's defaults; fuzz on unless `QUIZ_FSRS_FUZZ` is `0`.
  ///
  /// - Throws: A saved parameters file that cannot be read, naming it (and its line).
  func fsrsParameters(in environment: Environment) throws(StateError)
    -> (parameters: FSRSParameters, saved: SavedFSRSParameters?)
  {
    let fuzzing = environment.variables["QUIZ_FSRS_FUZZ"] != "0"
    let saved = try SavedFSRSParameters.load(in: folderURL(in: environment))
    // Saved weights were checked against FSRS's bounds as they were read, and the defaults
    // are within them, with fuzz on or off.
    let parameters = try! FSRSParameters(
      weights: saved?.weights ?? FSRSParameters.defaultWeights, fuzzing: fuzzing)
    return (parameters, saved)
  }

  /// The state folder: --state, else $QUIZ_STATE, else the XDG data folder.
  func folderURL(in environment: Environment) -> URL {
    let variables = environment.variables
    if let folder = folder ?? variables["QUIZ_STATE"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return URL(fileURLWithPath: folder)
    }
    if let data = variables["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(fileURLWithPath: data).appending(path: "quiz")
    }
    let home = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.accountHome()
    return URL(fileURLWithPath: home).appending(path: ".local/share/quiz")
  }

  /// The home folder of the account quiz runs as, for when $HOME is unset or empty (as
  /// `NSHomeDirectory()` gave it); `/` if the account has none.
  private static func accountHome() -> String {
    guard let account = getpwuid(getuid()), let home = account.pointee.pw_dir else { return "/" }
    return String(cString: home)
  }

  /// The day clock: the user's time zone, and the day's start hour.
  func dayClock(in environment: Environment, command: String) throws(UsageError) -> DayClock {
    DayClock(
      localTime: environment.localTime ?? .zone(environment.timeZone),
      dayStartHour: try environment.value(
        of: Settings.dayStart, option: dayStartHour, command: command))
  }
}
