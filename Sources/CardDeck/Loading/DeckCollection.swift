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

extension DeckCollection {
  /// These decks, then those of `other`, checked across both as the decks of one folder are: a
  /// deck whose name is taken, or a card whose id is, is left out, with an error.
  public func adding(_ other: DeckCollection) -> DeckCollection {
    var combined = self
    combined.diagnostics += other.diagnostics
    var names = Dictionary(
      decks.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
    var ids = Dictionary(
      cards.map { ($0.id, $0.location) }, uniquingKeysWith: { first, _ in first })
    for var deck in other.decks {
      if let path = names[deck.name] {
        combined.diagnostics.append(
          .error(
            "another deck is already called '\(deck.name)' (\(path)); rename one of the files",
            at: SourceLocation(path: deck.path, line: 1)))
        continue
      }
      names[deck.name] = deck.path
      deck.cards.removeAll { card in
        guard let first = ids[card.id] else {
          ids[card.id] = card.location
          return false
        }
        combined.diagnostics.append(
          .error("the id '\(card.id)' is already used at \(first)", at: card.location))
        return true
      }
      combined.decks.append(deck)
    }
    return combined
  }
}
