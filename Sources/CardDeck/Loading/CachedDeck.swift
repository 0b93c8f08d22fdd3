import Basics
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
  /// The cards of `origin` parsed again, once, when a card first needs it; or why its file
  /// could not be read.
  private let reparsed = Mutex<Result<[Card], DeckLoader.ReadProblem>?>(nil)

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

  /// The content of the card `heading`, which `record` locates: decoded from the cache if its
  /// bytes are there and sound and of the card's kind, else from its deck file parsed again.
  func content(
    of heading: CardHeading, _ record: CardContentRecord
  ) throws(CardContentError) -> Card.Content {
    if let bytes = read(record.range), StableHash.of(bytes) == record.hash,
      let content = try? DeckCache.decodeContent(bytes, in: 0..<bytes.count),
      content.kind == heading.kind
    {
      return content
    }
    return try parsedContent(of: heading, at: record.index)
  }

  /// The content of the card `heading`, the `index`th of its file's parse, as parsing the file
  /// now gives it.
  private func parsedContent(
    of heading: CardHeading, at index: Int
  ) throws(CardContentError) -> Card.Content {
    let parse = reparsed.withLock { parse in
      if parse == nil { parse = parseOrigin() }
      return parse!
    }
    switch parse {
    case .failure(let problem):
      throw .unreadable(heading, problem.reason)
    case .success(let cards):
      if cards.indices.contains(index), cards[index].id == heading.id {
        return cards[index].content
      }
      guard let card = cards.first(where: { $0.id == heading.id }) else {
        throw .changed(heading)
      }
      return card.content
    }
  }

  private func parseOrigin() -> Result<[Card], DeckLoader.ReadProblem> {
    switch origin {
    case .file(let path):
      return DeckLoader.read(path).map { bytes, _ in
        DeckLoader.parse([DeckLoader.File(path: path, bytes: bytes)])[0].deck.cards
      }
    case .memory(let file):
      return .success(DeckLoader.parse([file])[0].deck.cards)
    case nil:
      return .failure(DeckLoader.ReadProblem(reason: "no deck file is known for it"))
    }
  }
}
