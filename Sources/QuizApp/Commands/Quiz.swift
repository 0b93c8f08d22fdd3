import Basics
import CardDeck
import CommandLineKit

/// The `quiz` command line: finds the command, parses its arguments against its declaration,
/// runs it, and maps the outcome to an exit status.
public struct Quiz {
  var environment: Environment
  var console: Console

  /// The command line run with `environment`, writing to `console`.
  public init(environment: Environment, console: Console) {
    self.environment = environment
    self.console = console
  }

  /// Every command, in the order `quiz --help` lists them; the first is the default.
  static var commands: [any Command.Type] {
    [
      ReviewCommand.self, DrillCommand.self, PreviewCommand.self, CardsCommand.self,
      CheckCommand.self,
      ImportCommand.self, StatsCommand.self, DecksCommand.self, TopicsCommand.self,
      ExportCommand.self, MergeCommand.self, SuspendCommand.self, UnsuspendCommand.self,
      FSRSCommand.self, ConfigCommand.self, CompletionsCommand.self, ManCommand.self,
    ]
  }

  /// The command called `name`.
  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.declaration.name == name }
  }

  /// The text of `quiz --help`.
  func help() -> String {
    let width = environment.proseWidth
    return [
      "quiz: spaced-repetition flash cards in the terminal.",
      "Usage: quiz [command] [options]\n       quiz --version",
      "Commands:\n"
        + CommandDeclaration.columns(
          Self.commands.map { ($0.declaration.name, $0.declaration.summary) }, width: width),
      TextWrapper(width: width).wrap(
        "Decks come from --decks DIR, else $QUIZ_DECKS, else the decks shipped with quiz. "
          + "Run 'quiz <command> --help' for a command's options."),
    ].joined(separator: "\n\n")
  }

  /// Runs the command named in `arguments` (without the program name).
  public func run(_ arguments: [String]) -> ExitCode {
    // What the command's loads left for the deck cache, written after its output (a session
    // writes it earlier, once its first card is shown).
    defer { environment.deckCache?.writePending() }
    for warning in environment.warnings { console.warning(warning) }
    // Without a command name, quiz reviews: `quiz` and `quiz --topic Sheets` both start a session.
    let name = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
    let rest = name == nil ? arguments[...] : arguments.dropFirst()
    let asksHelp = rest.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    do throws(UsageError) {
      if arguments.first == "--version" {
        guard arguments.count == 1 else {
          throw UsageError("--version takes no arguments, not '\(arguments[1])'", command: "quiz")
        }
        console.print("quiz \(Version.current)")
        return .success
      }
      if name == "help" || (name == nil && asksHelp && rest.count == 1) {
        if name == "help", rest.count > 1 {
          throw UsageError("help takes one command name, not \(rest.count)", command: "quiz")
        }
        if let topic = rest.first, name == "help", topic != "help" {
          guard let command = Self.command(named: topic) else {
            throw unknownCommand(topic)
          }
          console.print(command.declaration.help(width: environment.proseWidth))
        } else {
          console.print(help())
        }
        return .success
      }
      guard let type = name.map(Self.command(named:)) ?? Self.commands.first else {
        throw unknownCommand(name ?? "")
      }
      if asksHelp {
        console.print(type.declaration.help(width: environment.proseWidth))
        return .success
      }
      let parsed = try ParsedArguments(rest, declaration: type.declaration)
      let command = try type.init(parsed)
      var environment = environment
      environment.configuration = try ConfigFile.load(variables: environment.variables)
      let context = CommandContext(
        environment: environment, console: console, command: parsed.command)
      return try command.run(in: context)
    } catch {
      console.printError("\(error.command): \(error.message)")
      if let hint = error.hint { console.printError(hint) }
      return .usage
    }
  }

  /// `quiz revew`: the commands that look like it, or, for a topic typed as a command
  /// (`quiz Sheets`), the review of that topic.
  private func unknownCommand(_ name: String) -> UsageError {
    let names = Self.commands.map { $0.declaration.name }
    var suggestion: String?
    if let close = Spelling.suggestions(for: name, among: names).first {
      suggestion = "Did you mean 'quiz \(close)'?"
    } else if let topic = shippedOrNamedTopic(matching: name) {
      suggestion = "Did you mean 'quiz --topic \(topic)'?"
    }
    return UsageError(
      "unknown command '\(name)'; 'quiz --help' lists the commands", command: "quiz",
      hint: suggestion)
  }

  /// The topic of the decks that `name` names, ignoring case, if any.
  private func shippedOrNamedTopic(matching name: String) -> String? {
    let options = DeckOptions()
    guard let collection = try? options.load(in: environment, command: "quiz") else { return nil }
    return collection.topics.first { $0.lowercased() == name.lowercased() }
  }
}
