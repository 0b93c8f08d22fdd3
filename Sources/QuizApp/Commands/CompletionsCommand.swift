import CardDeck
import CommandLineKit

/// `quiz completions bash|zsh|fish`: a completion script for the shell, made from the commands'
/// declarations.
struct CompletionsCommand: Command {
  /// The shells that a script is written for.
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  /// `bash, zsh or fish`.
  private static let shells = Shell.allCases.map(\.rawValue)
  /// `decks, topics, cards or lessons`.
  private static let listings = ListedValues.allCases.map(\.rawValue)

  /// `--values KIND`.
  static let valuesKey = OptionKey.option(
    "--values", "KIND", completion: .values(listings),
    help: "Print the \(listings.listed(joinedBy: "or")), one per line, for the scripts.")

  static let declaration = CommandDeclaration(
    name: "completions",
    summary: "Print a shell completion script: \(shells.listed(joinedBy: "or")).",
    discussion: """
      Prints a script that completes quiz's commands, options, option values (formats, kinds) \
      and, from the decks as quiz reads them, deck names, topics, card ids and lessons. To \
      install it, see the README's 'Shell completion and man page'.

      With --values KIND, prints the \(listings.listed(joinedBy: "or")) one per line, for the \
      scripts.
      """,
    arguments: [
      ArgumentDeclaration(
        name: "SHELL", help: "\(shells.listed(joinedBy: "or")).", completion: .values(shells))
    ],
    options: [valuesKey] + DeckOptions.folderOptions,
    examples: [
      ("quiz completions bash > ~/.local/share/bash-completion/completions/quiz", "For bash.")
    ])

  var shell: Shell?
  var values: ListedValues?
  var decks: DeckOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    decks = try DeckOptions(arguments, filters: false)
    if let name = arguments[Self.valuesKey] {
      guard let values = ListedValues(rawValue: name) else {
        throw UsageError(
          "--values takes \(Self.listings.listed(joinedBy: "or")), not '\(name)'",
          command: arguments.command)
      }
      self.values = values
      return
    }
    let name = try arguments.onlyPositional(
      missing: "name the shell: \(Self.shells.listed(joinedBy: "or"))",
      tooMany: { "name one shell, not \($0)" })
    guard let shell = Shell(rawValue: name) else {
      throw UsageError(
        "no completion for '\(name)'; the shells are \(Self.shells.listed(joinedBy: "and"))",
        command: arguments.command)
    }
    self.shell = shell
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    if let values {
      // Completion must never print an error into the user's line: a deck that does not load
      // gives no values.
      guard let collection = try? decks.load(in: context.environment, command: context.command)
      else { return .failure }
      for word in values.values(in: collection) { context.console.print(word) }
      return .success
    }
    let program = Quiz.program
    switch shell {
    case .zsh: context.console.write(program.zshCompletion())
    case .fish: context.console.write(program.fishCompletion())
    case .bash, nil: context.console.write(program.bashCompletion())
    }
    return .success
  }
}
