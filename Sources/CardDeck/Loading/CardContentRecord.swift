import Basics

/// Where a cached card's content lies in the cache file: read, checked and decoded when the card
/// is first asked for it (the card keeps what it gave).
struct CardContentRecord: Sendable {
  let kind: CardKind
  private let id: String
  /// The card's place among its deck's cards, to find it again in a new parse.
  private let index: Int
  private let deck: CachedDeck
  /// The content's bytes, in the entry's content.
  private let range: Range<Int>
  private let hash: UInt64

  init(
    kind: CardKind, id: String, index: Int, deck: CachedDeck, range: Range<Int>, hash: UInt64
  ) {
    self.kind = kind
    self.id = id
    self.index = index
    self.deck = deck
    self.range = range
    self.hash = hash
  }

  /// The content: decoded from the cache if its bytes are there and sound and of the card's
  /// kind, else from its deck file parsed again.
  func read() -> Card.Content {
    cached() ?? deck.parsedContent(of: id, at: index) ?? unavailable
  }

  private func cached() -> Card.Content? {
    guard let bytes = deck.read(range), StableHash.of(bytes) == hash,
      let content = try? DeckCache.decodeContent(bytes, in: 0..<bytes.count),
      content.kind == kind
    else { return nil }
    return content
  }

  /// What is shown when neither the cache nor the deck file has the card any more: the cache
  /// file was damaged after it was opened and the deck file changed meanwhile.
  private var unavailable: Card.Content {
    let message = "This card's text could not be read: its deck file changed while quiz ran."
    return .trick(TrickCard(question: Prompt(message), answer: Passage([.text(message)])))
  }
}
