import CardDeck
import CommandLineKit
import Scheduler

/// `quiz decks`: each deck, with card and due counts, its title and its file.
struct DecksCommand: Command {
  static let declaration = CommandDeclaration(
    name: "decks",
    summary: "The decks, with card and due counts, titles and files.",
    discussion: """
      Lists the decks: name, cards, cards due today, new cards (never reviewed), title and file. \
      With a filter, the decks that have matching cards, and the counts of those.
      """,
    options: SelectionOptions.options)

  var options: SelectionOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try SelectionOptions(arguments)
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    guard let selection = try context.select(options) else { return .failure }
    var table = AlignedTable(columns: [
      .init(title: "Deck"), .init(title: "Cards", alignsRight: true),
      .init(title: "Due", alignsRight: true), .init(title: "New", alignsRight: true),
      .init(title: "Title"), .init(title: "File"),
    ])
    var shown = 0
    for deck in selection.collection.decks {
      let deckCards = selection.cards.filter { $0.deck == deck.name }
      guard !deckCards.isEmpty || !selection.isFiltered else { continue }
      let count = selection.counts(of: deckCards)
      shown += 1
      table.rows.append([
        deck.name, String(count.cards), String(count.dueToday), String(count.new), deck.title,
        deck.path,
      ])
    }
    // Titles give way to the other columns on a narrow terminal.
    let others = [0, 1, 2, 3, 5].map { index in
      ([table.columns[index].title] + table.rows.map { $0[index] }).map(\.count).max() ?? 0
    }
    table.columns[4].maximumWidth = max(24, context.width - others.reduce(0, +) - 10)
    return context.print(
      table, style: options, summary: selection.summary(shown, "deck"),
      of: selection)
  }
}
