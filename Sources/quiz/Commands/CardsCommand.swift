import CardDeck
import CommandLineKit
import Foundation

/// `quiz cards`: lists cards as aligned text, or as one JSON array.
struct CardsCommand: Command {
  static let declaration = CommandDeclaration(
    name: "cards",
    summary: "List cards, as text or JSON.",
    discussion: "Lists the cards of the decks, one per line: id, kind, topic and prompt.",
    options: [DeckOptions.folderOption] + DeckOptions.filterOptions + [
      .json("Print one JSON array, an object per card.")
    ],
    examples: [
      ("quiz cards --topic Sheets", "The cards on sheets, in every deck."),
      ("quiz cards --deck navigation-guide --json > cards.json", "One deck's cards, as JSON."),
    ])

  var options: DeckOptions
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try DeckOptions(arguments, filters: true)
    json = arguments.flag("--json")
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let collection = try context.loadDecks(options)
    let cards = try options.cards(of: collection, command: context.command)
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(cards.map(CardRecord.init))) ?? Data("[]".utf8)
      console.print(String(decoding: data, as: UTF8.self))
    } else {
      let idWidth = min(cards.map(\.id.count).max() ?? 0, 32)
      let topicWidth = min(cards.map(\.topic.count).max() ?? 0, 24)
      for card in cards {
        let prompt = card.prompt.text.isEmpty ? (card.prompt.code?.text ?? "") : card.prompt.text
        let firstLine = prompt.split(separator: "\n").first.map(String.init) ?? ""
        console.print(
          [
            card.id.padded(to: idWidth), card.kind.rawValue.padded(to: 9),
            card.topic.padded(to: topicWidth), firstLine.truncated(to: 70),
          ].joined(separator: "  "))
      }
    }
    return collection.errors.isEmpty ? .success : .failure
  }
}
