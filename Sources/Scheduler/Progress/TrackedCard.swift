/// A card as progress reports know it: its id, and the deck, topic and kind it belongs to.
///
/// Scheduler does not read decks; whoever does (the `quiz` executable, with CardDeck) hands these
/// in, so that the counting rules live here and the decks' model stays there.
public struct TrackedCard: Hashable, Sendable {
  /// The card's id, the key of its progress.
  public var id: String
  /// The name of the deck that holds it.
  public var deck: String
  /// Its topic.
  public var topic: String
  /// Its kind (`syntax`, `trick`, `edge`, `interview`), as text.
  public var kind: String

  /// A card with this id, in this deck and topic, of this kind.
  public init(id: String, deck: String, topic: String, kind: String) {
    self.id = id
    self.deck = deck
    self.topic = topic
    self.kind = kind
  }
}
