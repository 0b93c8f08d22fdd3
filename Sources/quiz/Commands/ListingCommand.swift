import CardDeck
import Foundation
import Scheduler

/// `quiz decks` and `quiz topics`: what there is, with card and due counts, in aligned columns.
struct ListingCommand {
  /// What to list.
  enum Listing {
    case decks, topics
  }

  var environment: Environment
  var console: Console
  var listing: Listing

  static let decksHelp = """
    Usage: quiz decks [options]

    Lists the decks: name, cards, cards due today, new cards (never reviewed), title and file.
    With a filter, the decks that have matching cards, and the counts of those.

    Options:
    \(DeckOptions.help)
    \(DeckOptions.filterHelp)
    \(StateOptions.help)
      --no-color       No colour, even on a terminal.
      -h, --help       Show this help.
    """

  static let topicsHelp = """
    Usage: quiz topics [options]

    Lists the topics, sorted: topic, cards, cards due today and new cards (never reviewed).
    With a filter, the topics of the matching cards, and the counts of those.

    Options:
    \(DeckOptions.help)
    \(DeckOptions.filterHelp)
    \(StateOptions.help)
      --no-color       No colour, even on a terminal.
      -h, --help       Show this help.
    """

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    let command = arguments.command
    let deckOptions = try DeckOptions(&arguments, filters: true)
    let stateOptions = try StateOptions(&arguments)
    let noColor = arguments.flag("--no-color")
    try arguments.finish()
    let now = try environment.clock(command: command)()
    let today = try stateOptions.dayClock(in: environment, command: command).day(for: now)

    let collection = try deckOptions.load(in: environment, command: command)
    for diagnostic in collection.diagnostics { console.printError(diagnostic.description) }
    let cards = try deckOptions.cards(of: collection, command: command)
    guard let store = stateOptions.openForReading(in: environment, console: console) else {
      return .failure
    }
    let style = Style.forReport(in: environment, noColor: noColor)
    let isFiltered = deckOptions.filter != CardFilter()
    func counts(_ cards: [Card]) -> StageCounts {
      StageCounts(cards.map(\.id), in: store.state, today: today)
    }

    let lines: [String]
    let total = counts(cards)
    switch listing {
    case .decks:
      var table = AlignedTable(columns: [
        .init(title: "Deck"), .init(title: "Cards", alignsRight: true),
        .init(title: "Due", alignsRight: true), .init(title: "New", alignsRight: true),
        .init(title: "Title"), .init(title: "File"),
      ])
      var shown = 0
      for deck in collection.decks {
        let deckCards = cards.filter { $0.deck == deck.name }
        guard !deckCards.isEmpty || !isFiltered else { continue }
        let count = counts(deckCards)
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
      table.columns[4].maximumWidth = max(24, environment.width - others.reduce(0, +) - 10)
      lines =
        table.lines(style: style) + [
          "",
          "\(ReportText.count(shown, "deck")), \(ReportText.count(total.cards, "card")): "
            + "\(total.dueToday) due today, \(total.new) new.",
        ]
    case .topics:
      var table = AlignedTable(columns: [
        .init(title: "Topic"), .init(title: "Cards", alignsRight: true),
        .init(title: "Due", alignsRight: true), .init(title: "New", alignsRight: true),
      ])
      let topics = Set(cards.map(\.topic)).sorted {
        ($0.lowercased(), $0) < ($1.lowercased(), $1)
      }
      for topic in topics {
        let count = counts(cards.filter { $0.topic == topic })
        table.rows.append([topic, String(count.cards), String(count.dueToday), String(count.new)])
      }
      lines =
        table.lines(style: style) + [
          "",
          "\(ReportText.count(topics.count, "topic")), \(ReportText.count(total.cards, "card")): "
            + "\(total.dueToday) due today, \(total.new) new.",
        ]
    }
    for line in lines { console.print(line) }
    return collection.errors.isEmpty ? .success : .failure
  }
}
