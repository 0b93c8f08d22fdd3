/// Where a cached card's content lies in its cache entry: read, checked and decoded when the
/// card is shown (``CachedDeck/content(of:_:)``).
struct CardContentRecord: Sendable {
  /// The content's bytes, in the entry's content.
  let range: Range<Int>
  /// The hash of those bytes, which the cache file gives.
  let hash: UInt64
  /// The card's place among the cards of its file's parse, to find it again in a new parse.
  let index: Int
}
