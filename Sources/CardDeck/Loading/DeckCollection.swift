import Basics

/// Decks loaded together, and every problem found in them; and the one place a card's content
/// is read from (``card(_:)``, ``cards(_:)``).
public struct DeckCollection: Sendable {
  /// The decks, in path order.
  public var decks: [LoadedDeck] = []
  /// Every problem, file by file in path order.
  public var diagnostics: [Diagnostic] = []

  /// Creates an empty collection.
  public init() {}

  /// The decks `decks`, as parsed, their content held in memory; not checked across decks.
  public init(_ decks: [Deck]) {
    self.decks = decks.map(LoadedDeck.init)
  }

  /// Every card's heading, in deck order.
  public var cards: [CardHeading] {
    var cards: [CardHeading] = []
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
  /// The card `heading` names, with its content, read now: from memory for a deck parsed in
  /// this load, else from the deck cache (checked, and the deck file parsed again if the cache's
  /// copy is not sound). An error names the card's file and line.
  public func card(_ heading: CardHeading) throws(CardContentError) -> Card {
    // The deck of the card's own file first: a card is almost always in it.
    for deck in decks where deck.path == heading.location.path {
      if let index = deck.cards.firstIndex(where: { $0.id == heading.id }) {
        return try deck.card(at: index)
      }
    }
    for deck in decks where deck.path != heading.location.path {
      if let index = deck.cards.firstIndex(where: { $0.id == heading.id }) {
        return try deck.card(at: index)
      }
    }
    throw .notLoaded(heading)
  }

  /// The cards `headings` name, with their content, in their order, read as ``card(_:)`` reads
  /// one; in one pass over the decks, for listings of many cards.
  public func cards(_ headings: some Collection<CardHeading>) throws(CardContentError) -> [Card] {
    var places: [String: Int] = [:]
    places.reserveCapacity(headings.count)
    for (place, heading) in headings.enumerated() where places[heading.id] == nil {
      places[heading.id] = place
    }
    var found = [Card?](repeating: nil, count: headings.count)
    for deck in decks {
      for index in deck.cards.indices {
        if let place = places[deck.cards[index].id], found[place] == nil {
          found[place] = try deck.card(at: index)
        }
      }
    }
    // A heading named twice, or not found, is looked up on its own (which says why).
    var cards: [Card] = []
    cards.reserveCapacity(headings.count)
    for (place, heading) in headings.enumerated() {
      if let card = found[place] {
        cards.append(card)
      } else {
        cards.append(try card(heading))
      }
    }
    return cards
  }

  /// These decks, then those of `other`, checked across both as the decks of one folder are: a
  /// deck whose name is taken, or a card whose id is, is left out, with an error.
  public func adding(_ other: DeckCollection) -> DeckCollection {
    other.decks.isEmpty
      ? adding(other, knownIDs: [:]) : adding(other, knownIDs: places(ofIDsIn: other))
  }

  /// ``adding(_:)`` with `ids`, where ids of these decks are first used: all of them, or at
  /// least those `other` uses.
  func adding(_ other: DeckCollection, knownIDs ids: [String: SourceLocation]) -> DeckCollection {
    var combined = self
    combined.diagnostics += other.diagnostics
    var names = Dictionary(
      decks.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
    var ids = ids
    for var deck in other.decks {
      if let path = names[deck.name] {
        combined.diagnostics.append(
          .error(
            "another deck is already called '\(deck.name)' (\(path)); rename one of the files",
            at: SourceLocation(path: deck.path, line: 1)))
        continue
      }
      names[deck.name] = deck.path
      var leftOut: Set<Int> = []
      for (index, card) in deck.cards.enumerated() {
        guard let first = ids[card.id] else {
          ids[card.id] = card.location
          continue
        }
        combined.diagnostics.append(
          .error("the id '\(card.id)' is already used at \(first)", at: card.location))
        leftOut.insert(index)
      }
      if !leftOut.isEmpty { deck.removeCards(at: leftOut) }
      combined.decks.append(deck)
    }
    return combined
  }

  /// Where each id of `other`'s cards is first used in these decks, if it is.
  ///
  /// Only `other`'s ids are stored: the collection added (the shipped decks beside a folder)
  /// is most often far smaller than this one, whose ids are only looked up.
  private func places(ofIDsIn other: DeckCollection) -> [String: SourceLocation] {
    var wanted: Set<String> = []
    for deck in other.decks {
      for index in deck.cards.indices { wanted.insert(deck.cards[index].id) }
    }
    // Most of these ids are not among the few wanted: the screen turns them away for less than
    // the set's look-up would cost.
    let screen = StringScreen(wanted, count: wanted.count)
    var places: [String: SourceLocation] = [:]
    for deck in decks {
      // By index: no heading retained and released for its id alone.
      for index in deck.cards.indices {
        let id = deck.cards[index].id
        guard screen.mayContain(id), wanted.contains(id) else { continue }
        if places[id] == nil { places[id] = deck.cards[index].location }
      }
    }
    return places
  }
}
