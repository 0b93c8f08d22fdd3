/// The `quiz` command line: picks the subcommand and maps its outcome to an exit status.
struct Quiz {
  var environment: Environment
  var console: Console

  static let help = """
    quiz: spaced-repetition flash cards in the terminal.

    Usage: quiz <command> [options]

    Commands:
      cards     List cards, as text or JSON.
      check     Check decks and summarise them; exit 1 on any error.
      import    Turn lesson pages into native decks.

    Decks come from --decks DIR, else $QUIZ_DECKS, else the decks shipped with quiz.
    Run 'quiz <command> --help' for a command's options.
    """

  /// Runs the command named in `arguments` (without the program name).
  func run(_ arguments: [String]) -> ExitCode {
    guard let name = arguments.first else {
      console.print(Self.help)
      return .success
    }
    let rest = arguments.dropFirst()
    do throws(UsageError) {
      switch name {
      case "--help", "-h", "help":
        console.print(Self.help)
        return .success
      case "cards":
        return try CardsCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz cards"))
      case "check":
        return try CheckCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz check"))
      case "import":
        return try ImportCommand(environment: environment, console: console).run(
          Arguments(rest, command: "quiz import"))
      default:
        throw UsageError(
          "unknown command '\(name)'; the commands are cards, check and import", command: "quiz")
      }
    } catch {
      console.printError("\(error.command): \(error.message)")
      console.printError("Run '\(error.command) --help' for usage.")
      return .usage
    }
  }
}
