import CommandLineKit
import Scheduler

/// Every setting, each declared once, with its type: what the config file may hold, what the
/// options and environment override, and what `quiz config` shows.
enum Settings {
  /// The options that set a setting for one command: the commands that take one declare it
  /// from here.
  enum Keys {
    /// `--decks DIR`, repeatable.
    static let decks = OptionKey.repeatable(
      "--decks", "DIR", completion: .folders,
      help: "Read the decks in DIR (repeatable; default: $QUIZ_DECKS, else 'decks' in the "
        + "config file, else the decks shipped with quiz).")
    /// `--shipped-decks WHEN`.
    static let shippedDecks = OptionKey.option(
      "--shipped-decks", "WHEN", completion: .values(ShippedDeckUse.allCases.map(\.rawValue)),
      help: "Read the decks shipped with quiz: yes (beside the folders; the default), no, or "
        + "auto (only when no folder is named).")
    /// `--new N`.
    static let newPerDay = OptionKey.number(
      "--new", "N", 0...10_000,
      help: "New cards today, at most (default 20, or new-per-day in the config file).")
    /// `--interview-per-day N`.
    static let interviewPerDay = OptionKey.number(
      "--interview-per-day", "N", 0...10_000,
      help: "Interview problems among the day's new cards, at most (default 2).")
    /// `--scheduler NAME`.
    static let scheduler = OptionKey.option(
      "--scheduler", "NAME", completion: .values(SchedulerKind.allCases.map(\.rawValue)),
      help: "Schedule with sm2 (SM-2, the default) or fsrs (FSRS-6); default: $QUIZ_SCHEDULER, "
        + "else 'scheduler' in the config file. Switching replays every grade under the other.")
    /// `--day-start H`.
    static let dayStart = OptionKey.number(
      "--day-start", "H", 0...23,
      help: "The hour at which a new day starts (default 4, or $QUIZ_DAY_START).")
  }

  /// The folders of decks, beside or instead of the shipped ones.
  static let decks = Setting<[String]>(
    key: "decks", option: Keys.decks, variable: "QUIZ_DECKS", defaultValue: [],
    expected: "folders separated by commas, each a path from / or ~/",
    parse: { text in
      let folders = text.split(separator: ",").map { String($0).trimmingSpaces() }
      return folders.allSatisfy({ $0.hasPrefix("/") || $0.hasPrefix("~/") }) ? folders : nil
    }, show: { $0.isEmpty ? "none" : $0.joined(separator: ", ") },
    given: { arguments in
      let folders = arguments[Keys.decks]
      return folders.isEmpty ? nil : folders
    }, parseVariable: { [$0] })

  /// Whether the shipped decks are read beside the folders.
  static let shippedDecks: Setting<ShippedDeckUse> = choice(
    "shipped-decks", option: Keys.shippedDecks, variable: "QUIZ_SHIPPED_DECKS", default: .yes)

  /// New cards a day.
  static let newPerDay: Setting<Int> = number(
    "new-per-day", option: Keys.newPerDay, default: 20, range: 0...10_000)

  /// Interview problems among a day's new cards.
  static let interviewPerDay: Setting<Int> = number(
    "interview-per-day", option: Keys.interviewPerDay, default: 2, range: 0...10_000)

  /// The hour a day starts at.
  static let dayStart: Setting<Int> = number(
    "day-start", option: Keys.dayStart, variable: "QUIZ_DAY_START", default: 4, range: 0...23,
    expected: "an hour from 0 to 23")

  /// The scheduler.
  static let scheduler: Setting<SchedulerKind> = choice(
    "scheduler", option: Keys.scheduler, variable: "QUIZ_SCHEDULER", default: .sm2)

  /// Whether a terminal gets colour.
  static let color: Setting<Bool> = yesNo(
    "color", turnedOffBy: .noColor, variable: "NO_COLOR", variableMeans: false, default: true)

  /// The lapses that make a card a leech.
  static let leechLapses: Setting<Int> = number(
    "leech-lapses", option: nil, default: 8, range: 1...1_000)

  /// What becomes of a leech.
  static let leechAction: Setting<LeechAction> = choice("leech-action", default: .suspend)

  /// Every setting, in the order `quiz config` lists them.
  static let all: [AnySetting] = [
    AnySetting(decks), AnySetting(shippedDecks), AnySetting(newPerDay),
    AnySetting(interviewPerDay), AnySetting(dayStart), AnySetting(scheduler), AnySetting(color),
    AnySetting(leechLapses), AnySetting(leechAction),
  ]
}

/// When the shipped decks are read.
enum ShippedDeckUse: String, CaseIterable, Sendable {
  /// Only when no folder of decks is named.
  case auto
  /// Always, beside the folders: the default.
  case yes
  /// Never.
  case no
}

/// What becomes of a card once it is a leech.
enum LeechAction: String, CaseIterable, Sendable {
  /// It is taken out of reviews, as Anki does by default.
  case suspend
  /// It stays in reviews.
  case keep
}
