import CardDeck
import CommandLineKit
import FoundationEssentials

/// `quiz cards`: lists cards as aligned text, or as one JSON array.
struct CardsCommand: Command {
  /// `--json`.
  static let json = OptionKey.json("Print one JSON array, an object per card.")

  static let declaration = CommandDeclaration(
    name: "cards",
    summary: "List cards, as text or JSON.",
    discussion: "Lists the cards of the decks, one per line: id, kind, topic and prompt.",
    options: DeckOptions.folderOptions + DeckOptions.filterOptions + [json],
    examples: [
      ("quiz cards --topic Sheets", "The cards on sheets, in every deck."),
      ("quiz cards --deck navigation-guide --json > cards.json", "One deck's cards, as JSON."),
    ])

  var options: DeckOptions
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try DeckOptions(arguments, filters: true)
    json = arguments[Self.json]
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let collection = try context.loadDecks(options)
    let chosen = try options.cards(of: collection, command: context.command)
    guard let cards = context.read(chosen, from: collection) else { return .failure }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(cards.map(CardRecord.init))) ?? Data("[]".utf8)
      console.print(String(decoding: data, as: UTF8.self))
    } else {
      // Ids are typed back (--card, unsuspend), so they are shown whole; topics, then prompts
      // give way to fit the width, a prompt keeping 28 columns: an id longer than its column
      // then stands on a line of its own.
      var table = AlignedTable(columns: [
        .init(title: "Id"), .init(title: "Kind"),
        .init(title: "Topic", shrinkOrder: 0, minimum: 11),
        .init(title: "Prompt", shrinkOrder: 1, minimum: 28),
      ])
      for card in cards {
        let prompt = card.prompt.text.isEmpty ? (card.prompt.code?.text ?? "") : card.prompt.text
        let firstLine = prompt.split(separator: "\n").first.map(String.init) ?? ""
        table.rows.append([card.id, card.kind.rawValue, card.topic, firstLine])
      }
      // The header is for people: piped, every line is a card.
      let lines = table.lines(style: Style(usesColor: false), width: context.width)
      for line in context.environment.outputIsTerminal ? lines[...] : lines.dropFirst() {
        console.print(line)
      }
    }
    return collection.errors.isEmpty ? .success : .failure
  }
}
