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
