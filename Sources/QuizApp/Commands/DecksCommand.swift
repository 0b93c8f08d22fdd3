import CardDeck
import CommandLineKit
import ReviewStorage
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
    options: ReportOptions.options(
      json: "Print one JSON array: name, cards, due, new, title and file of each deck."))

  var options: ReportOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try ReportOptions(arguments)
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    guard let selection = try context.select(options.selection) else { return .failure }
    var table = AlignedTable(columns: [
      .init(title: "Deck"), .init(title: "Cards", alignsRight: true),
      .init(title: "Due", alignsRight: true), .init(title: "New", alignsRight: true),
      .init(title: "Title", shrinkOrder: 1), .init(title: "File", shrinkOrder: 0),
    ])
    var shown = 0
    // One pass over the cards, not one a deck.
    let byDeck = Dictionary(grouping: selection.cards, by: \.deck)
    for deck in selection.collection.decks {
      let deckCards = byDeck[deck.name] ?? []
      guard !deckCards.isEmpty || !selection.isFiltered else { continue }
      let count = selection.counts(of: deckCards)
      shown += 1
      table.rows.append([
        deck.name, String(count.cards), String(count.dueToday), String(count.new), deck.title,
        selection.location(of: deck),
      ])
    }
    return context.print(
      table, keys: ["name", "cards", "due", "new", "title", "file"], json: options.json,
      style: options.selection,
      summary: selection.summary(shown, "deck"),
      of: selection)
  }
}
