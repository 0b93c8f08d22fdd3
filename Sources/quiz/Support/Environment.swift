import Foundation

/// What a command reads from outside its arguments: environment variables, the clock, the shipped
/// decks and the terminal. Tests build one by hand.
struct Environment {
  /// The environment variables.
  var variables: [String: String]
  /// The decks built into the program.
  var shippedDecks: [(name: String, text: String)]
  /// The current moment; `QUIZ_NOW` replaces it, for scripts and tests.
  var now: @Sendable () -> Date = { Date() }
  /// The user's time zone, which `TZ` sets.
  var timeZone: TimeZone = .current
  /// Whether standard output is a terminal that takes colour and cursor codes.
  var outputIsTerminal = false
  /// The terminal's width in columns.
  var width = 80

  init(
    variables: [String: String], shippedDecks: [(name: String, text: String)],
    now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current
  ) {
    self.variables = variables
    self.shippedDecks = shippedDecks
    self.now = now
    self.timeZone = timeZone
  }

  /// The running process's environment.
  static func live(variables: [String: String]) -> Environment {
    var environment = Environment(variables: variables, shippedDecks: ShippedDecks.files)
    environment.outputIsTerminal = isatty(STDOUT_FILENO) == 1
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      environment.width = Int(size.ws_col)
    } else if let columns = variables["COLUMNS"].flatMap(Int.init), columns > 0 {
      environment.width = columns
    }
    return environment
  }

  /// The clock: `QUIZ_NOW` when set, else the real one. A `QUIZ_NOW` that is not an ISO 8601
  /// date and time is a usage error.
  func clock(command: String) throws(UsageError) -> @Sendable () -> Date {
    guard let text = variables["QUIZ_NOW"], !text.isEmpty else { return now }
    guard let date = Self.parseISO8601(text, timeZone: timeZone) else {
      throw UsageError(
        "QUIZ_NOW must be an ISO 8601 date and time such as 2026-11-29T08:00:00Z, not '\(text)'",
        command: command)
    }
    return { date }
  }

  /// Parses `2026-11-29T08:00:00Z`, `…08:00:00.250+01:00`, or `2026-11-29T08:00` in `timeZone`.
  static func parseISO8601(_ text: String, timeZone: TimeZone) -> Date? {
    let withZone = ISO8601DateFormatter()
    for options: ISO8601DateFormatter.Options in [
      [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
    ] {
      withZone.formatOptions = options
      if let date = withZone.date(from: text) { return date }
    }
    let local = DateFormatter()
    local.locale = Locale(identifier: "en_US_POSIX")
    local.timeZone = timeZone
    for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
      local.dateFormat = format
      if let date = local.date(from: text) { return date }
    }
    return nil
  }
}
