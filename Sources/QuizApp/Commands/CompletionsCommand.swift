import CardDeck
import CommandLineKit

/// `quiz completions bash|zsh|fish`: a completion script for the shell, made from the commands'
/// declarations.
struct CompletionsCommand: Command {
  static let shells = ["bash", "zsh", "fish"]

  /// `--values KIND`.
  static let valuesKey = OptionKey.option(
    "--values", "KIND", completion: .values(["decks", "topics", "cards", "lessons"]),
    help: "Print the decks, topics, cards or lessons, one per line, for the scripts.")

  static let declaration = CommandDeclaration(
    name: "completions",
    summary: "Print a shell completion script: bash, zsh or fish.",
    discussion: """
      Prints a script that completes quiz's commands, options, option values (formats, kinds) \
      and, from the decks as quiz reads them, deck names, topics, card ids and lessons. To \
      install it, see the README's 'Shell completion and man page'.

      With --values KIND, prints the decks, topics, cards or lessons one per line, for the \
      scripts.
      """,
    arguments: [
      ArgumentDeclaration(name: "SHELL", help: "bash, zsh or fish.", completion: .values(shells))
    ],
    options: [valuesKey] + DeckOptions.folderOptions,
    examples: [
      ("quiz completions bash > ~/.local/share/bash-completion/completions/quiz", "For bash.")
    ])

  var shell: String?
  var values: String?
  var decks: DeckOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    decks = try DeckOptions(arguments, filters: false)
    values = arguments[Self.valuesKey]
    if let values {
      guard ["decks", "topics", "cards", "lessons"].contains(values) else {
        throw UsageError(
          "--values takes decks, topics, cards or lessons, not '\(values)'",
          command: arguments.command)
      }
      return
    }
    let shell = try arguments.onlyPositional(
      missing: "name the shell: bash, zsh or fish",
      tooMany: { "name one shell, not \($0)" })
    guard Self.shells.contains(shell) else {
      throw UsageError(
        "no completion for '\(shell)'; the shells are bash, zsh and fish",
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
      let words: [String] =
        switch values {
        case "decks": collection.decks.map(\.name)
        case "topics": collection.topics
        case "cards": collection.cards.map(\.id)
        default: Set(collection.cards.compactMap(\.lesson)).sorted().map(String.init)
        }
      for word in words { context.console.print(word) }
      return .success
    }
    let program = Quiz.program
    switch shell {
    case "zsh": context.console.write(program.zshCompletion())
    case "fish": context.console.write(program.fishCompletion())
    default: context.console.write(program.bashCompletion())
    }
    return .success
  }
}
