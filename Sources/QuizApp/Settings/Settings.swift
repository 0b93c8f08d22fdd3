import CommandLineKit

/// Every setting, each declared once, with its type: what the config file may hold, what the
/// options and environment override, and what `quiz config` shows.
enum Settings {
  /// The folders of decks, beside or instead of the shipped ones.
  static let decks = Setting<[String]>(
    key: "decks",
    option: .option(
      "--decks", "DIR", repeatable: true, completion: .folders,
      help: "Read the decks in DIR (repeatable; default: $QUIZ_DECKS, else 'decks' in the "
        + "config file, else the decks shipped with quiz)."),
    variable: "QUIZ_DECKS", defaultValue: [],
    expected: "folders separated by commas, each a path from / or ~/",
    parse: { text in
      let folders = text.split(separator: ",").map { String($0).trimmingSpaces() }
      return folders.allSatisfy({ $0.hasPrefix("/") || $0.hasPrefix("~/") }) ? folders : nil
    }, show: { $0.isEmpty ? "none" : $0.joined(separator: ", ") },
    given: { arguments in
      let folders = arguments.declares("--decks") ? arguments.values("--decks") : []
      return folders.isEmpty ? nil : folders
    }, parseVariable: { [$0] })

  /// Whether the shipped decks are read beside the folders.
  static let shippedDecks: Setting<ShippedDeckUse> = choice(
    "shipped-decks",
    option: .option(
      "--shipped-decks", "WHEN", completion: .values(ShippedDeckUse.allCases.map(\.rawValue)),
      help: "Read the decks shipped with quiz: yes (beside the folders; the default), no, or "
        + "auto (only when no folder is named)."),
    variable: "QUIZ_SHIPPED_DECKS", default: .yes)

  /// New cards a day.
  static let newPerDay: Setting<Int> = number(
    "new-per-day",
    option: .option(
      "--new", "N", .number(0...10_000),
      help: "New cards today, at most (default 20, or new-per-day in the config file)."),
    default: 20, range: 0...10_000)

  /// Interview problems among a day's new cards.
  static let interviewPerDay: Setting<Int> = number(
    "interview-per-day",
    option: .option(
      "--interview-per-day", "N", .number(0...10_000),
      help: "Interview problems among the day's new cards, at most (default 2)."),
    default: 2, range: 0...10_000)

  /// The hour a day starts at.
  static let dayStart: Setting<Int> = number(
    "day-start",
    option: .option(
      "--day-start", "H", .number(0...23),
      help: "The hour at which a new day starts (default 4, or $QUIZ_DAY_START)."),
    variable: "QUIZ_DAY_START", default: 4, range: 0...23, expected: "an hour from 0 to 23")

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
    AnySetting(interviewPerDay), AnySetting(dayStart), AnySetting(color),
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
