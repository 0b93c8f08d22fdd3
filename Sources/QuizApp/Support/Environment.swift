import CardDeck
import CommandLineKit
import FoundationEssentials
import Glibc
import ReviewStorage
import Scheduler

/// What a command reads from outside its arguments: environment variables, the clocks, the
/// shipped decks, the terminal and the sources of ids and random numbers. Tests build one by hand.
public struct Environment {
  /// The environment variables.
  var variables: [String: String]
  /// The decks built into the program.
  var shippedDecks: [(name: String, text: String)]
  /// The current moment; `QUIZ_NOW` replaces it, for scripts and tests.
  var now: @Sendable () -> Date = { Date() }
  /// The clock of time limits and durations.
  var monotonic = MonotonicClock.live
  /// Makes the ids of new journal events.
  var makeID: @Sendable () -> UUID = { UUID() }
  /// A new random seed, for a drill's order when none is given.
  var randomSeed: @Sendable () -> Int = { Int.random(in: 0...999_999) }
  /// Where sessions read; nil picks readline on a terminal, else standard input.
  var input: LineInput?
  /// The user's time zone, which `TZ` sets.
  var timeZone: TimeZone = .current
  /// The wall clock of the user's days: ``timeZone``, unless `TZ` holds what only the C library
  /// reads (a POSIX rule).
  var localTime: LocalTime?
  /// Problems with the environment itself, said once at start (an invalid `TZ`).
  var warnings: [String] = []
  /// Whether standard output is a terminal that takes colour and cursor codes.
  var outputIsTerminal = false
  /// The width in columns that output must fit: the terminal's, else `COLUMNS`; nil when
  /// neither says (a pipe), and tables are then not cut.
  var width: Int?
  /// The terminal's height in rows, when output is a terminal.
  var height: Int?
  /// Where parsed decks are kept between runs; nil parses every deck every time. The live one
  /// defers its writes: ``Quiz/run(_:)`` writes them before it returns, and a session once its
  /// first card is shown.
  var deckCache: DeckCache?
  /// The characters that prompts may use, which the locale decides (``TerminalLocale``).
  public var charset = TerminalCharset.utf8
  /// The config file's settings; ``Quiz/run(_:)`` reads it before a command runs.
  var configuration = ConfigFile()
  /// The largest deck file `quiz import` writes: the loader's limit (tests make it smaller, to
  /// split decks of a few cards).
  var deckFileLimit = DeckLoader.largestFile

  /// The width that prose is wrapped to: ``width``, else 80.
  var proseWidth: Int { width ?? 80 }

  init(
    variables: [String: String], shippedDecks: [(name: String, text: String)],
    now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current
  ) {
    self.variables = variables
    self.shippedDecks = shippedDecks
    self.now = now
    self.timeZone = timeZone
    self.width = Self.columns(in: variables)
  }

  /// `COLUMNS`, when it is a positive number.
  static func columns(in variables: [String: String]) -> Int? {
    variables["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
  }

  /// The running process's environment, with the decks built into the program.
  public static func live(
    variables: [String: String], shippedDecks: [(name: String, text: String)]
  ) -> Environment {
    var environment = Environment(variables: variables, shippedDecks: shippedDecks)
    environment.outputIsTerminal = isatty(STDOUT_FILENO) == 1
    environment.deckCache = deckCacheFolder(in: variables).flatMap { folder in
      runningProgram().map {
        DeckCache(folder: folder, program: $0, deferringWrites: true, clock: DeckCache.realTime)
      }
    }
    if let localTime = LocalTime.named(byTZ: variables["TZ"]) {
      environment.localTime = localTime
    } else {
      environment.localTime = .zone(.gmt)
      environment.warnings.append(
        "TZ='\(variables["TZ"] ?? "")' names no time zone (such as Europe/Paris, or a POSIX rule "
          + "such as EST5EDT,M3.2.0,M11.1.0); days are counted in UTC")
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      environment.width = Int(size.ws_col)
      environment.height = size.ws_row > 0 ? Int(size.ws_row) : nil
    }
    return environment
  }

  /// The clock: `QUIZ_NOW` when set, else the real one. A `QUIZ_NOW` that is not an ISO 8601
  /// date and time (see ``Timestamp/parse(_:in:)``) is a usage error.
  func clock(command: String) throws(UsageError) -> @Sendable () -> Date {
    guard let text = variables["QUIZ_NOW"], !text.isEmpty else { return now }
    guard let date = Timestamp.parse(text, in: localTime ?? .zone(timeZone)) else {
      throw UsageError(
        "QUIZ_NOW must be an ISO 8601 date and time such as 2026-11-29T08:00:00Z, not '\(text)'",
        command: command)
    }
    return { date }
  }
}
