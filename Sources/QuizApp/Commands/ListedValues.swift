import CardDeck
import CommandLineKit

/// What `quiz completions --values KIND` lists, one per line, from the decks as quiz reads them:
/// the values that the completion scripts ask quiz for.
enum ListedValues: String, CaseIterable {
  case decks, topics, cards, lessons

  /// The values of this kind in `collection`, in the order completion offers them.
  func values(in collection: DeckCollection) -> [String] {
    switch self {
    case .decks: collection.decks.map(\.name)
    case .topics: collection.topics
    case .cards: collection.cards.map(\.id)
    case .lessons: Set(collection.cards.compactMap(\.lesson)).sorted().map(String.init)
    }
  }
}

extension Completion {
  /// A value the scripts ask quiz for: `quiz completions --values topics`.
  static func listed(_ values: ListedValues) -> Completion { .listed(values.rawValue) }
}
