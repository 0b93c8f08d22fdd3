import Testing

@testable import CardDeck

/// Adding a collection to another looks up only the added collection's ids: against the simple
/// way, which indexes every card of both.
@Suite("Adding a collection of decks")
struct DeckCollectionAddingTests {
  /// The decks of `other` added the simple way: every id of `collection` in a dictionary.
  static func model(_ collection: DeckCollection, adding other: DeckCollection) -> DeckCollection {
    collection.adding(
      other,
      knownIDs: Dictionary(
        collection.cards.map { ($0.id, $0.location) }, uniquingKeysWith: { first, _ in first }))
  }

  /// Up to four decks in `folder`, named from a few names, of cards whose ids are drawn from a
  /// few: names and ids repeat within and across collections. Not checked across decks.
  static func randomCollection(_ folder: String, using random: inout SplitMix64) -> DeckCollection {
    let decks = (0..<Int(random.next() % 5)).map { index in
      let name = "deck\(random.next() % 4)"
      let cards = (0..<Int(random.next() % 6)).map { _ in
        "## Trick · T · card\(random.next() % 12)\nQ?\n\n---\n\nA.\n\n"
      }
      let text = "# \(name)\n\n" + cards.joined()
      return NativeDeckParser(deckName: name).parse(
        SourceText(text, path: "\(folder)/\(index)-\(name).md")
      ).deck
    }
    var collection = DeckCollection(decks)
    collection.diagnostics = [.warning("a warning of \(folder)", at: .init(path: folder, line: 1))]
    return collection
  }

  @Test(
    "the decks, cards and errors are the simple way's, on random collections", arguments: 0..<200)
  func model(_ seed: UInt64) {
    var random = SplitMix64(state: seed)
    let collection = Self.randomCollection("a", using: &random)
    let other = Self.randomCollection("b", using: &random)
    let added = collection.adding(other)
    let model = Self.model(collection, adding: other)
    #expect(added.diagnostics == model.diagnostics)
    #expect(added.decks.map(\.path) == model.decks.map(\.path))
    #expect(added.cards == model.cards)
  }

  @Test("adding an empty collection keeps the decks and takes its diagnostics")
  func empty() {
    var random = SplitMix64(state: 7)
    let collection = Self.randomCollection("a", using: &random)
    var other = DeckCollection()
    other.diagnostics = [.warning("nothing here", at: .init(path: "b", line: 1))]
    let added = collection.adding(other)
    #expect(added.cards == collection.cards)
    #expect(added.diagnostics == collection.diagnostics + other.diagnostics)
  }
}
