/// Decks loaded together, and every problem found in them.
public struct DeckCollection: Sendable {
  /// The decks, in path order.
  public var decks: [Deck] = []
  /// Every problem, file by file in path order.
  public var diagnostics: [Diagnostic] = []

  /// Creates an empty collection.
  public init() {}

  /// Every card of every deck, in deck order.
  public var cards: [Card] {
    var cards: [Card] = []
    cards.reserveCapacity(decks.reduce(0) { $0 + $1.cards.count })
    for deck in decks { cards += deck.cards }
    return cards
  }

  /// The errors among the diagnostics.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  /// The warnings among the diagnostics.
  public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

  /// The distinct topics of the cards, sorted without regard to case.
  public var topics: [String] {
    Array(Set(cards.map(\.topic))).sorted { $0.lowercased() < $1.lowercased() }
  }
}
