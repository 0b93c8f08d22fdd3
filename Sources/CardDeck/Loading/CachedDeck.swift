import Synchronization

/// Where the cards of one cache entry read their content: the entry's block of the cache file's
/// content part, and the deck file it was parsed from, parsed again for a card whose cached
/// content turns out unsound (the cache file damaged after it was opened).
final class CachedDeck: Sendable {
  /// What a cache entry was made from.
  enum Origin: Sendable {
    /// A deck file on disk.
    case file(String)
    /// A deck in memory (one built into quiz).
    case memory(DeckLoader.File)
  }

  let content: CacheContent
  /// The entry's content, in the content part.
  let block: Range<Int>
  let origin: Origin?
  /// The cards of `origin` parsed again, once, when a card first needs it.
  private let reparsed = Mutex<[Card]?>(nil)

  init(content: CacheContent, block: Range<Int>, origin: Origin?) {
    self.content = content
    self.block = block
    self.origin = origin
  }

  /// The bytes of `range` of the entry's content.
  func read(_ range: Range<Int>) -> [UInt8]? {
    guard range.lowerBound >= 0, range.upperBound <= block.count else { return nil }
    return content.read(block.lowerBound + range.lowerBound..<block.lowerBound + range.upperBound)
  }

  /// The content of the card `id`, the `index`th of its deck, as parsing its file now gives it.
  func parsedContent(of id: String, at index: Int) -> Card.Content? {
    let cards = reparsed.withLock { cards in
      if cards == nil { cards = parseOrigin() }
      return cards ?? []
    }
    if cards.indices.contains(index), cards[index].id == id { return cards[index].content }
    return cards.first { $0.id == id }?.content
  }

  private func parseOrigin() -> [Card] {
    switch origin {
    case .file(let path):
      guard case .success(let (bytes, _)) = DeckLoader.read(path) else { return [] }
      return DeckLoader.parse([DeckLoader.File(path: path, bytes: bytes)])[0].deck.cards
    case .memory(let file):
      return DeckLoader.parse([file])[0].deck.cards
    case nil:
      return []
    }
  }
}
