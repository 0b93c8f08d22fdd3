/// One card of a deck: its heading (what every kind has in common) and the kind's own content.
///
/// A plain value: what it holds is what it is, and nothing about it is read from elsewhere. A
/// load gives only the cards' headings (``CardHeading``); a card with its content comes from the
/// collection they were loaded into (``DeckCollection/card(_:)``), which reads it then.
public struct Card: Hashable, Sendable, Identifiable {
  /// The content of one kind of card.
  public enum Content: Hashable, Sendable {
    /// A syntax card.
    case syntax(SyntaxCard)
    /// A trick question.
    case trick(TrickCard)
    /// An edge-case question.
    case edge(EdgeCaseCard)
    /// An interview problem.
    case interview(InterviewCard)
  }

  /// The id, deck, topic, place and kind: what listings, filters and queues need.
  public private(set) var heading: CardHeading
  /// The kind's own question and answer; the heading's kind follows it.
  public var content: Content {
    get { box.content }
    set {
      box = ContentBox(newValue)
      if heading.kind != newValue.kind { heading.kind = newValue.kind }
    }
  }
  /// The content, in an object of its own that is never changed: a card is two references
  /// whatever its kind (the content's structs are large), so that making and copying cards in
  /// a parse costs two retains each.
  private var box: ContentBox

  private final class ContentBox: Sendable {
    let content: Content
    init(_ content: Content) { self.content = content }
  }

  /// The stable id that review history is keyed by.
  public var id: String {
    get { heading.id }
    set { heading.id = newValue }
  }
  /// The name of the deck the card belongs to.
  public var deck: String {
    get { heading.deck }
    set { heading.deck = newValue }
  }
  /// The lesson the card belongs to, if any.
  public var lesson: Int? {
    get { heading.lesson }
    set { heading.lesson = newValue }
  }
  /// The topic, such as `Sheets`.
  public var topic: String {
    get { heading.topic }
    set { heading.topic = newValue }
  }
  /// The group the card belongs to within its deck, such as an edge-case heading.
  public var section: String? {
    get { heading.section }
    set { heading.section = newValue }
  }
  /// Where the card starts in its file.
  public var location: SourceLocation {
    get { heading.location }
    set { heading.location = newValue }
  }
  /// The card's kind.
  public var kind: CardKind { heading.kind }

  /// Creates a card.
  public init(
    id: String, deck: String, lesson: Int? = nil, topic: String, section: String? = nil,
    location: SourceLocation, content: Content
  ) {
    heading = CardHeading(
      id: id, deck: deck, lesson: lesson, topic: topic, section: section, location: location,
      kind: content.kind)
    box = ContentBox(content)
  }

  /// The card `heading` names, with `content`, whose kind it takes.
  public init(heading: CardHeading, content: Content) {
    self.heading = heading
    if heading.kind != content.kind { self.heading.kind = content.kind }
    box = ContentBox(content)
  }

  /// Whether the two cards have the same heading and the same content.
  public static func == (lhs: Card, rhs: Card) -> Bool {
    lhs.heading == rhs.heading && (lhs.box === rhs.box || lhs.content == rhs.content)
  }

  /// Hashes the heading only: equal cards have equal headings, and hashing every block of
  /// the content would cost far more.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(heading)
  }

  /// The question side, whatever the kind.
  public var prompt: Prompt {
    switch content {
    case .syntax(let card): card.prompt
    case .trick(let card): card.question
    case .edge(let card): card.question
    case .interview(let card): card.problem
    }
  }

  /// The card's title, for the kinds that have one.
  public var title: String? {
    switch content {
    case .syntax, .trick: nil
    case .edge(let card): card.title
    case .interview(let card): card.title
    }
  }

  /// Where the fact comes from, if known.
  public var source: String? {
    switch content {
    case .syntax(let card): card.source
    case .trick(let card): card.source
    case .edge(let card): card.source
    case .interview(let card): card.source
    }
  }

  /// The whole answer side as one passage; a syntax card's expected code comes first.
  public var answer: Passage {
    switch content {
    case .syntax(let card): Passage([.code(card.code)] + card.explanation.blocks)
    case .trick(let card): card.answer
    case .edge(let card): card.answer
    case .interview(let card): card.modelAnswer
    }
  }
}

extension Card.Content {
  /// The kind of card this content is for.
  public var kind: CardKind {
    switch self {
    case .syntax: .syntax
    case .trick: .trick
    case .edge: .edge
    case .interview: .interview
    }
  }
}
