/// A deck as a load gives it: what its file says about itself, its cards' headings, and where
/// their content is read when a card is asked for (in memory for a file parsed in this run,
/// else the deck cache, checked against its source then).
///
/// The deck's own fields and the headings are plain values; only ``card(at:)`` and
/// ``withContent()`` read content, and they say so by throwing.
public struct LoadedDeck: Sendable {
  /// The deck's name: the file name without extension, or `lesson-N` for a lesson page.
  public let name: String
  /// The deck's title, from its `# Title` or the lesson page's title.
  public let title: String
  /// The lesson every card belongs to, if any.
  public let lesson: Int?
  /// The file the deck was read from.
  public let path: String
  /// How the file is written.
  public let format: Deck.Format
  /// The cards' headings, in file order.
  public private(set) var cards: [CardHeading]
  /// Where each card's content is, in the order of ``cards``.
  private var content: DeckContent

  /// The deck `deck`, as parsed, its cards held in memory.
  public init(_ deck: Deck) {
    self.init(
      name: deck.name, title: deck.title, lesson: deck.lesson, path: deck.path,
      format: deck.format, cards: deck.cards.map(\.heading), content: .parsed(deck.cards))
  }

  /// A deck of the headings `cards`, their content where `content` says.
  init(
    name: String, title: String, lesson: Int?, path: String, format: Deck.Format,
    cards: [CardHeading], content: DeckContent
  ) {
    self.name = name
    self.title = title
    self.lesson = lesson
    self.path = path
    self.format = format
    self.cards = cards
    self.content = content
  }

  /// The card at `index` of ``cards``, with its content.
  public func card(at index: Int) throws(CardContentError) -> Card {
    Card(heading: cards[index], content: try content.content(at: index, of: cards[index]))
  }

  /// The deck with every card's content: what parsing its file gave.
  public func withContent() throws(CardContentError) -> Deck {
    var deck = Deck(name: name, title: title, lesson: lesson, path: path, format: format)
    deck.cards.reserveCapacity(cards.count)
    for index in cards.indices { deck.cards.append(try card(at: index)) }
    return deck
  }

  /// Leaves out the cards at `indices` (their ids were taken by earlier cards).
  mutating func removeCards(at indices: Set<Int>) {
    let kept = cards.indices.filter { !indices.contains($0) }
    cards = kept.map { cards[$0] }
    content = content.keeping(kept)
  }
}
