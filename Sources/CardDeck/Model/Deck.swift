/// The cards of one deck file, and what the file says about itself.
public struct Deck: Hashable, Sendable {
  /// How a deck file is written.
  public enum Format: String, Hashable, Sendable {
    /// This project's Markdown deck format (`.md`).
    case native
    /// A course lesson page in plain text (`.txt`).
    case lessonPage
  }

  /// The deck's name: the file name without extension, or `lesson-N` for a lesson page.
  public var name: String
  /// The deck's title, from its `# Title` or the lesson page's title.
  public var title: String
  /// The lesson every card belongs to, if any.
  public var lesson: Int?
  /// The file the deck was read from.
  public var path: String
  /// How the file is written.
  public var format: Format
  /// The cards, in file order.
  public var cards: [Card]

  /// Creates a deck.
  public init(
    name: String, title: String, lesson: Int? = nil, path: String, format: Format,
    cards: [Card] = []
  ) {
    self.name = name
    self.title = title
    self.lesson = lesson
    self.path = path
    self.format = format
    self.cards = cards
  }
}
