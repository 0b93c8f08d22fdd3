/// The `quiz` command line: picks the subcommand and maps its outcome to an exit status.
struct Quiz {
  var environment: Environment
  var console: Console
  /// Where sessions read; nil picks readline on a terminal, else standard input.
  var input: LineInput? = nil

  static let help = """
    quiz: spaced-repetition flash cards in the terminal.

    Usage: quiz [command] [options]

    Commands:
      review    Review what is due, then new cards (the default: 'quiz --topic Sheets').
      drill     A mock interview: trick, edge and interview questions, scored.
      cards     List cards, as text or JSON.
      check     Check decks and summarise them; exit 1 on any error.
      import    Turn lesson pages into native decks.
      stats     Progress per deck and topic, retention, a forecast, a review calendar.
      decks     The decks, with card and due counts, titles and files.
      topics    The topics, with card and due counts.
      export    Every card's progress, and the journal, as JSON, CSV or Markdown.
      merge     Fold in the reviews of another state folder (another machine's).
      unsuspend Bring a suspended card back into reviews.

    Decks come from --decks DIR, else $QUIZ_DECKS, else the decks shipped with quiz.
    Run 'quiz <command> --help' for a command's options.
    """

  /// Runs the command named in `arguments` (without the program name).
  func run(_ arguments: [String]) -> ExitCode {
    // Without a command name, quiz reviews: `quiz` and `quiz --topic Sheets` both start a session.
    let name = arguments.first.flatMap {
      $0.hasPrefix("-") && !["--help", "-h"].contains($0) ? nil : $0
    }
    let rest = name == nil ? arguments[...] : arguments.dropFirst()
    // Every command answers --help the same way, so it is handled once, here.
    if rest.contains(where: { $0 == "--help" || $0 == "-h" }), let help = Self.help(of: name) {
      console.print(help)
      return .success
    }
    do throws(UsageError) {
      switch name {
      case "--help", "-h", "help":
        console.print(Self.help)
        return .success
      case nil, "review":
        return try ReviewCommand(environment: environment, console: console, input: input).run(
          Arguments(rest, command: "quiz review"))
      case "drill":
        return try DrillCommand(environment: environment, console: console, input: input).run(
          Arguments(rest, command: "quiz drill"))
      case "cards":
        return try CardsCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz cards"))
      case "check":
        return try CheckCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz check"))
      case "import":
        return try ImportCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz import"))
      case "stats":
        return try StatsCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz stats"))
      case "decks":
        return try ListingCommand(environment: environment, console: console, listing: .decks)
          .run(Arguments(rest, command: "quiz decks"))
      case "topics":
        return try ListingCommand(environment: environment, console: console, listing: .topics)
          .run(Arguments(rest, command: "quiz topics"))
      case "export":
        return try ExportCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz export"))
      case "merge":
        return try MergeCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz merge"))
      case "unsuspend":
        return try UnsuspendCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz unsuspend"))
      case let name?:
        throw UsageError(
          "unknown command '\(name)'; 'quiz --help' lists the commands", command: "quiz")
      }
    } catch {
      console.printError("\(error.command): \(error.message)")
      console.printError("Run '\(error.command) --help' for usage.")
      return .usage
    }
  }

  /// The help of the command `name` (nil: review), or nil for an unknown name.
  static func help(of name: String?) -> String? {
    switch name {
    case nil, "review": ReviewCommand.help
    case "drill": DrillCommand.help
    case "cards": CardsCommand.help
    case "check": CheckCommand.help
    case "import": ImportCommand.help
    case "stats": StatsCommand.help
    case "decks": ListingCommand.decksHelp
    case "topics": ListingCommand.topicsHelp
    case "export": ExportCommand.help
    case "merge": MergeCommand.help
    case "unsuspend": UnsuspendCommand.help
    default: nil
    }
  }
}
