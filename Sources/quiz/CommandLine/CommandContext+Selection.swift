import CardDeck
import CommandLineKit
import Scheduler

extension CommandContext {
  /// What the reporting commands (`stats`, `decks`, `topics`, `export`) start from.
  struct Selection {
    /// Today, by the day clock.
    var today: Day
    /// Every deck read.
    var collection: DeckCollection
    /// The cards the filters chose.
    var cards: [Card]
    /// Whether a filter was given.
    var isFiltered: Bool
    /// The state, opened for reading.
    var store: ReviewStore

    /// How the cards stand, by stage, today.
    func counts(of cards: [Card]) -> StageCounts {
      StageCounts(cards.lazy.map(\.id), in: store.state, today: today)
    }

    /// `2 decks, 14 cards: 3 due today, 5 new.`, for `groups` of the chosen cards.
    func summary(_ groups: Int, _ noun: String) -> String {
      let total = counts(of: cards)
      return "\(ReportText.count(groups, noun)), \(ReportText.count(total.cards, "card")): "
        + "\(total.dueToday) due today, \(total.new) new."
    }
  }

  /// Prints a listing: the table, a blank line and the summary. The status is a failure when a
  /// deck had errors.
  func print(
    _ table: AlignedTable, style options: SelectionOptions, summary: String,
    of selection: Selection
  ) -> ExitCode {
    for line in table.lines(style: style(noColor: options.noColor)) + ["", summary] {
      console.print(line)
    }
    return selection.collection.errors.isEmpty ? .success : .failure
  }

  /// Today, the decks (their problems printed), the chosen cards and the state read; nil, after
  /// saying why, when the state cannot be read.
  func select(_ options: SelectionOptions) throws(UsageError) -> Selection? {
    let today = try today(options.state)
    let collection = try loadDecks(options.decks)
    let cards = try options.decks.cards(of: collection, command: command)
    guard let store = openForReading(options.state) else { return nil }
    return Selection(
      today: today, collection: collection, cards: cards,
      isFiltered: options.decks.filter != CardFilter(), store: store)
  }
}
