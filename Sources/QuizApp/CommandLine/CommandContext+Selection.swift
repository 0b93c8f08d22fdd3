import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

extension CommandContext {
  /// What the reporting commands (`stats`, `decks`, `topics`, `export`) start from.
  struct Selection {
    /// Today, by the day clock.
    var today: Day
    /// Every deck read.
    var collection: DeckCollection
    /// The cards the filters chose.
    var cards: [CardHeading]
    /// Whether a filter was given.
    var isFiltered: Bool
    /// The state, opened for reading.
    var store: ReviewStore
    /// The paths of the decks built into quiz, which are not on this machine, when they are read.
    var builtIn: Set<String>

    /// Where `deck` is read from, for people: its path, or `built in`.
    func location(of deck: LoadedDeck) -> String {
      builtIn.contains(deck.path) ? "built in" : deck.path
    }

    /// How the cards stand, by stage, today.
    func counts(of cards: [CardHeading]) -> StageCounts {
      StageCounts(cards.lazy.map(\.id), in: store.state, today: today)
    }

    /// `2 decks, 14 cards: 3 due today, 5 new.`, for `groups` of the chosen cards.
    func summary(_ groups: Int, _ noun: String) -> String {
      let total = counts(of: cards)
      return "\(ReportText.count(groups, noun)), \(ReportText.count(total.cards, "card")): "
        + "\(total.dueToday) due today, \(total.new) new."
    }
  }

  /// Prints a listing: the table fitted to the width, a blank line and the summary; or with
  /// `json`, the rows as a JSON array of objects keyed by the columns' `keys`. The status is a
  /// failure when a deck had errors.
  func print(
    _ table: AlignedTable, keys: [String], json: Bool, style options: SelectionOptions,
    summary: String, of selection: Selection
  ) -> ExitCode {
    if json {
      let objects = table.rows.map { row in
        Dictionary(
          uniqueKeysWithValues: zip(keys, row).map { key, cell in
            (key, Int(cell).map(ListingCell.number) ?? .text(cell))
          })
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(objects)) ?? Data("[]".utf8)
      console.print(String(decoding: data, as: UTF8.self))
    } else {
      for line in table.lines(style: style(noColor: options.noColor), width: width)
        + ["", summary]
      {
        console.print(line)
      }
    }
    return selection.collection.errors.isEmpty ? .success : .failure
  }

  /// Today, the decks (their problems printed), the chosen cards and the state read; nil, after
  /// saying why, when the state cannot be read.
  func select(_ options: SelectionOptions) throws(UsageError) -> Selection? {
    let today = try today(options.state)
    let collection = try loadDecks(options.decks)
    let cards = try options.decks.cards(of: collection, command: command)
    guard let store = try openForReading(options.state) else { return nil }
    return Selection(
      today: today, collection: collection, cards: cards,
      isFiltered: options.decks.filter != CardFilter(), store: store,
      builtIn: try options.decks.readsShipped(in: environment, command: command)
        ? Set(environment.shippedDecks.map { "Decks/\($0.name)" }) : [])
  }
}

/// A cell of a listing in JSON: a count as a number, anything else as text.
private enum ListingCell: Encodable {
  case text(String)
  case number(Int)

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .text(let text): try container.encode(text)
    case .number(let number): try container.encode(number)
    }
  }
}
