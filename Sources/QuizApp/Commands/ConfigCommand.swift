import CommandLineKit

/// `quiz config`: each setting, its value and where the value comes from, and the config file.
struct ConfigCommand: Command {
  static let declaration = CommandDeclaration(
    name: "config",
    summary: "Show each setting, its value and where it comes from.",
    discussion: """
      Prints the config file's path, then each setting with its value and where the value comes \
      from: an option given here, the environment, the config file (with its line), or the \
      default. An option beats the environment, which beats the file, which beats the default.

      The config file is $XDG_CONFIG_HOME/quiz/config, else ~/.config/quiz/config: one \
      'key = value' a line; a '#' starts a comment. A key quiz does not know, or a value that \
      is not one, stops every command with a message that names the file and the line.

        decks = ~/my-decks, ~/work/decks   folders of decks (from / or ~/)
        shipped-decks = no                 leave out the shipped decks (yes, no, auto)
        new-per-day = 10                   new cards a day
        interview-per-day = 1              interview problems among them
        day-start = 5                      the hour a day starts at
        color = no                         no colour, even on a terminal
        leech-lapses = 8                   lapses that make a card a leech
        leech-action = keep                suspend (the default) or keep leeches
      """,
    options: Settings.all.compactMap(\.option),
    examples: [("quiz config --new 5", "What a session with --new 5 would use.")])

  var arguments: ParsedArguments

  init(_ arguments: ParsedArguments) throws(UsageError) {
    // The options' values checked as the commands that take them check them.
    _ = try DeckOptions(arguments, filters: false)
    self.arguments = arguments
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let environment = context.environment
    let file = environment.configuration
    context.console.print(
      "Config file: "
        + (file.path.map { $0 + (file.exists ? "" : " (not there)") }
          ?? "none (neither XDG_CONFIG_HOME nor HOME is set)"))
    context.console.print()
    var table = AlignedTable(columns: [
      .init(title: "Setting"), .init(title: "Value", shrinkOrder: 0), .init(title: "From"),
    ])
    for setting in Settings.all {
      let (value, source) = try setting.resolve(environment, arguments)
      let from: String =
        switch source {
        case .option: "option " + (setting.option?.declaration.name ?? "")
        case .environment: "environment " + (setting.variable ?? "")
        case .file: "file, line \(file.entries[setting.key]?.line ?? 0)"
        case .default: "default"
        }
      table.rows.append([setting.key, value, from])
    }
    for line in table.lines(style: Style(usesColor: false), width: context.width) {
      context.console.print(line)
    }
    return .success
  }
}
