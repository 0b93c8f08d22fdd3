import CardDeck
import CommandLineKit
import ReviewStorage
import Scheduler

/// `quiz check`: reports every problem of the decks, then what they hold.
struct CheckCommand: Command {
  static let declaration = CommandDeclaration(
    name: "check",
    summary: "Check decks and summarise them; exit 1 on any error.",
    discussion: """
      Reads every deck, prints each problem as 'path:line: error: message' to standard error, \
      then a summary: decks, and cards per kind and per topic. Exits 1 if there is any error.
      """,
    options: DeckOptions.folderOptions,
    examples: [("quiz check --decks ~/my-decks", "Check your own folder of decks.")])

  var options: DeckOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try DeckOptions(arguments, filters: false)
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let collection = try context.loadDecks(options)

    let cards = collection.cards
    console.print(
      "\(ReportText.count(collection.decks.count, "deck")), \(ReportText.count(cards.count, "card"))"
    )
    // Deck names stay whole (they are typed back with --deck); titles give way to the width.
    var decks = AlignedTable(columns: [
      .init(title: ""), .init(title: "", alignsRight: true), .init(title: "", shrinkOrder: 0),
    ])
    decks.rows = collection.decks.map {
      [$0.name.padded(to: 40), ReportText.count($0.cards.count, "card"), $0.title]
    }
    for line in decks.lines(style: Style(usesColor: false), width: context.width.map { $0 - 2 })
      .dropFirst()
    {
      console.print("  " + line)
    }
    console.print("By kind:")
    for kind in CardKind.allCases {
      let count = cards.filter { $0.kind == kind }.count
      console.print("  \(kind.rawValue.padded(to: 40))  \(String(count).leftPadded(to: 4))")
    }
    console.print("By topic:")
    for topic in collection.topics {
      let count = cards.filter { $0.topic == topic }.count
      console.print("  \(topic.padded(to: 40))  \(String(count).leftPadded(to: 4))")
    }
    let errors = collection.errors.count
    let warnings = collection.warnings.count
    console.print(
      "\(ReportText.count(errors, "error")), \(ReportText.count(warnings, "warning"))")
    return errors == 0 ? .success : .failure
  }
}
