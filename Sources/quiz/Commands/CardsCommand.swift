import CardDeck
import Foundation

/// `quiz cards`: lists cards as aligned text, or as one JSON array.
struct CardsCommand {
  var environment: Environment
  var console: Console

  static let help = """
    Usage: quiz cards [options]

    Lists the cards of the decks, one per line: id, kind, topic and prompt.

    Options:
    \(DeckOptions.help)
    \(DeckOptions.filterHelp)
      --json           Print one JSON array, an object per card.
      -h, --help       Show this help.
    """

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    let options = try DeckOptions(&arguments, filters: true)
    let json = arguments.flag("--json")
    try arguments.finish()

    let collection = try options.load(in: environment, command: arguments.command)
    for diagnostic in collection.diagnostics { console.printError(diagnostic.description) }
    let cards = try options.cards(of: collection, command: arguments.command)
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

extension String {
  /// The string, cut with an ellipsis if it is longer than `width` characters.
  func truncated(to width: Int) -> String {
    count <= width ? self : String(prefix(width - 1)) + "…"
  }

  /// The string, padded with spaces to `width` characters, or cut to fit.
  func padded(to width: Int) -> String {
    let cut = truncated(to: width)
    return cut + String(repeating: " ", count: max(0, width - cut.count))
  }
}
