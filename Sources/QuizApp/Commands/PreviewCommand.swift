import CardDeck
import CommandLineKit
import Glibc

/// `quiz preview`: the chosen cards, question then answer, without grading and without the
/// state.
struct PreviewCommand: Command {
  /// `--limit N`.
  static let limit = OptionKey.number("--limit", "N", 1...100_000, help: "Cards shown, at most.")

  static let declaration = CommandDeclaration(
    name: "preview",
    summary: "Show cards, question then answer, without grading.",
    discussion: """
      Shows the chosen cards in deck order as a session shows them, the question and then the \
      answer, without asking for an attempt or a grade. It never reads or writes the review \
      state, so the schedule is left as it is.

      On a terminal, Enter shows the answer, Enter again the next card; :quit (or Ctrl-D) ends. \
      When standard input or output is not a terminal, every card is printed at once.
      """,
    options: DeckOptions.folderOptions + DeckOptions.filterOptions + [
      limit, OptionKey.noColor,
    ],
    examples: [
      ("quiz preview --topic Sheets", "Look through the cards on sheets before learning them."),
      ("quiz preview --deck navigation-guide | less", "A whole deck, paged by less."),
    ])

  var options: DeckOptions
  var limit: Int?
  var noColor: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try DeckOptions(arguments, filters: true)
    limit = arguments[Self.limit]
    noColor = arguments[.noColor]
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let environment = context.environment
    let collection = try context.loadDecks(options)
    let chosen = try options.cards(of: collection, command: context.command).prefix(limit ?? .max)
    guard let cards = context.read(chosen, from: collection) else { return .failure }
    let presenter = CardPresenter(
      style: context.style(noColor: noColor), width: environment.proseWidth,
      height: environment.height)
    let pager = pager(in: environment)
    if pager != nil { Signals.install() }
    for (index, card) in cards.enumerated() {
      console.print(presenter.header(for: card, position: index + 1, total: cards.count))
      console.print()
      console.print(presenter.question(card))
      console.print()
      if let pager, !waitForEnter(pager, prompt: "Enter shows the answer, :quit ends: ") {
        break
      }
      console.print(presenter.answer(card))
      console.print()
      if let pager, index + 1 < cards.count,
        !waitForEnter(pager, prompt: "Enter shows the next card, :quit ends: ")
      {
        break
      }
    }
    return collection.errors.isEmpty ? .success : .failure
  }

  /// Where a person turns the pages: the context's input when it is interactive, else readline
  /// on a terminal; nil when standard input or output is not a terminal (everything at once).
  private func pager(in environment: Environment) -> LineInput? {
    guard environment.outputIsTerminal else { return nil }
    if let input = environment.input { return input.isInteractive ? input : nil }
    guard isatty(STDIN_FILENO) == 1 else { return nil }
    return ReadlineInput(
      historyFile: nil, commands: [":quit"], clock: environment.monotonic,
      charset: environment.charset)
  }

  /// Whether to go on: false at `:quit`, Ctrl-D or a signal; any other line goes on.
  private func waitForEnter(_ input: LineInput, prompt: String) -> Bool {
    switch input.read(prompt: prompt) {
    case .line(let text): SessionCommand.parse(text) != .command(.quit)
    case .end, .interrupted, .overlong: false
    case .timedOut: true
    }
  }
}
