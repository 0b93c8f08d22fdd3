/// Where the content of a loaded deck's cards is, card by card in the deck's order: in memory
/// for a file parsed in this run, else in the deck cache, read when a card is asked for.
enum DeckContent: Sendable {
  /// The cards a parse gave, whole.
  case parsed([Card])
  /// Each card's place in a cache entry.
  case cached(CachedDeck, [CardContentRecord])

  /// The content of the card `heading`, the `index`th of its deck.
  func content(
    at index: Int, of heading: CardHeading
  ) throws(CardContentError) -> Card.Content {
    switch self {
    case .parsed(let cards): cards[index].content
    case .cached(let deck, let records): try deck.content(of: heading, records[index])
    }
  }

  /// The content of the cards at `indices` only, in their order.
  func keeping(_ indices: [Int]) -> DeckContent {
    switch self {
    case .parsed(let cards): .parsed(indices.map { cards[$0] })
    case .cached(let deck, let records): .cached(deck, indices.map { records[$0] })
    }
  }
}
