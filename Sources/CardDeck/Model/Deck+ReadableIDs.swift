extension Deck {
  /// The deck with readable ids (``CardID/readable(deck:lesson:kind:text:taken:)``) in place of
  /// derived ones, for `quiz import`.
  ///
  /// A card for which `keepsID` is true keeps the id it has: progress is keyed by ids, and a card
  /// already reviewed under its derived id would lose its history with a new one. Ids are unique
  /// in the deck, the kept ones included.
  public func withReadableIDs(keepingIDOf keepsID: (Card) -> Bool = { _ in false }) -> Deck {
    var deck = self
    var taken = Set(cards.filter(keepsID).map(\.id))
    for index in deck.cards.indices where !keepsID(deck.cards[index]) {
      let card = deck.cards[index]
      let text =
        card.title ?? (card.prompt.text.isEmpty ? card.prompt.code?.text : card.prompt.text)
      deck.cards[index].id = CardID.readable(
        deck: name, lesson: lesson, kind: card.kind, text: text ?? "", taken: &taken)
    }
    return deck
  }
}
