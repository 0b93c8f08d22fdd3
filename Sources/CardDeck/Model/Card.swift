import Synchronization

/// One card of a deck: what every kind has in common, and the kind's own content.
///
/// A card read from the deck cache holds its content as a place in the cache file, read and
/// decoded the first time it is asked for (``CardContentRecord``): a start-up needs the
/// headings of every card but the content of the queued ones only.
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

  /// The stable id that review history is keyed by.
  public var id: String {
    get { storage.id }
    set { update { $0.id = newValue } }
  }
  /// The name of the deck the card belongs to.
  public var deck: String {
    get { storage.deck }
    set { update { $0.deck = newValue } }
  }
  /// The lesson the card belongs to, if any.
  public var lesson: Int? {
    get { storage.lesson }
    set { update { $0.lesson = newValue } }
  }
  /// The topic, such as `Sheets`.
  public var topic: String {
    get { storage.topic }
    set { update { $0.topic = newValue } }
  }
  /// The group the card belongs to within its deck, such as an edge-case heading.
  public var section: String? {
    get { storage.section }
    set { update { $0.section = newValue } }
  }
  /// Where the card starts in its file.
  public var location: SourceLocation {
    get { storage.location }
    set { update { $0.location = newValue } }
  }
  /// The kind's own question and answer.
  public var content: Content {
    get {
      switch storage.content {
      case .decoded(let content): content
      case .deferred(let record): storage.read(record)
      }
    }
    set { update { $0.content = .decoded(newValue) } }
  }

  /// Every field, in one object: a card is one reference, so that making, copying and freeing
  /// every card (a start reads every card's heading) costs one retain or release each, not one
  /// per string. Copied on write, as the standard library's buffers are.
  private var storage: Storage

  private final class Storage: @unchecked Sendable {
    // Mutated only through `update`, when this card holds the only reference.
    var id: String
    var deck: String
    var lesson: Int?
    var topic: String
    var section: String?
    var location: SourceLocation
    var content: ContentSource
    /// A deferred content once read, boxed: a card without it stays small. Kept here, not in an
    /// object of its own, so that a card read from the cache is one allocation.
    private let read = Mutex<Decoded>(.none)

    private enum Decoded {
      case none
      indirect case some(Content)
    }

    init(
      id: String, deck: String, lesson: Int?, topic: String, section: String?,
      location: SourceLocation, content: ContentSource
    ) {
      self.id = id
      self.deck = deck
      self.lesson = lesson
      self.topic = topic
      self.section = section
      self.location = location
      self.content = content
    }

    /// The content `record` gives, read the first time only.
    func read(_ record: CardContentRecord) -> Content {
      read.withLock { decoded in
        if case .some(let content) = decoded { return content }
        let content = record.read()
        decoded = .some(content)
        return content
      }
    }

    /// A copy, with the content this card has read if any: reading it again could give other
    /// text (the cache damaged and the deck file edited since), and a card and its changed copy
    /// must not disagree about what they showed.
    func copy() -> Storage {
      let known: Content? = read.withLock { decoded in
        if case .some(let content) = decoded { return content }
        return nil
      }
      return Storage(
        id: id, deck: deck, lesson: lesson, topic: topic, section: section, location: location,
        content: known.map { .decoded($0) } ?? content)
    }
  }

  /// The content, or where to read it from.
  private enum ContentSource: Sendable {
    // Boxed, so that a card read from the cache is small: the content's structs are large.
    indirect case decoded(Content)
    case deferred(CardContentRecord)
  }

  /// Changes the fields through `change`, on a copy of them unless this card holds the only one.
  private mutating func update(_ change: (Storage) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    change(storage)
  }

  /// Creates a card.
  public init(
    id: String, deck: String, lesson: Int? = nil, topic: String, section: String? = nil,
    location: SourceLocation, content: Content
  ) {
    storage = Storage(
      id: id, deck: deck, lesson: lesson, topic: topic, section: section, location: location,
      content: .decoded(content))
  }

  /// A card whose content is read from the cache when first asked for.
  init(
    id: String, deck: String, lesson: Int?, topic: String, section: String?,
    location: SourceLocation, record: CardContentRecord
  ) {
    storage = Storage(
      id: id, deck: deck, lesson: lesson, topic: topic, section: section, location: location,
      content: .deferred(record))
  }

  /// The card's kind.
  public var kind: CardKind {
    switch storage.content {
    case .decoded(let content): content.kind
    case .deferred(let record): record.kind
    }
  }

  /// Whether the two cards are the same, content included (which reads it, for a cached card).
  public static func == (lhs: Card, rhs: Card) -> Bool {
    lhs.storage === rhs.storage
      || lhs.id == rhs.id && lhs.deck == rhs.deck && lhs.lesson == rhs.lesson
        && lhs.topic == rhs.topic && lhs.section == rhs.section && lhs.location == rhs.location
        && lhs.content == rhs.content
  }

  /// Hashes what equal cards share without reading the content.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(deck)
    hasher.combine(location)
    hasher.combine(kind)
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
