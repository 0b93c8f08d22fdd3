/// What a card is without its question and answer: what listings, filters and queues need.
///
/// A plain value. A load gives every card's heading; the content of a card (``Card``) is read
/// only for the cards shown, through the collection the headings came from
/// (``DeckCollection/card(_:)``), so that a start-up with the deck cache decodes the queued
/// cards' content and no other.
public struct CardHeading: Hashable, Sendable, Identifiable {
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
  /// The card's kind, which its content has.
  public var kind: CardKind {
    get { storage.kind }
    set { update { $0.kind = newValue } }
  }

  /// Every field, in one object: a heading is one reference, so that making, copying and
  /// freeing every card's heading (a start reads them all) costs one retain or release each,
  /// not one per string. Copied on write, as the standard library's buffers are.
  private var storage: Storage

  private final class Storage: @unchecked Sendable {
    // Mutated only through `update`, when this heading holds the only reference.
    var id: String
    var deck: String
    var lesson: Int?
    var topic: String
    var section: String?
    var location: SourceLocation
    var kind: CardKind

    init(
      id: String, deck: String, lesson: Int?, topic: String, section: String?,
      location: SourceLocation, kind: CardKind
    ) {
      self.id = id
      self.deck = deck
      self.lesson = lesson
      self.topic = topic
      self.section = section
      self.location = location
      self.kind = kind
    }

    /// A copy of every field.
    func copy() -> Storage {
      Storage(
        id: id, deck: deck, lesson: lesson, topic: topic, section: section, location: location,
        kind: kind)
    }
  }

  /// Creates a heading.
  public init(
    id: String, deck: String, lesson: Int? = nil, topic: String, section: String? = nil,
    location: SourceLocation, kind: CardKind
  ) {
    storage = Storage(
      id: id, deck: deck, lesson: lesson, topic: topic, section: section, location: location,
      kind: kind)
  }

  /// Changes the fields through `change`, on a copy of them unless this heading holds the only
  /// one.
  private mutating func update(_ change: (Storage) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    change(storage)
  }

  /// Whether the two headings have the same fields.
  public static func == (lhs: CardHeading, rhs: CardHeading) -> Bool {
    lhs.storage === rhs.storage
      || lhs.id == rhs.id && lhs.deck == rhs.deck && lhs.lesson == rhs.lesson
        && lhs.topic == rhs.topic && lhs.section == rhs.section && lhs.location == rhs.location
        && lhs.kind == rhs.kind
  }

  /// Hashes the id, deck, place and kind: enough to tell cards apart, and cheaper than every
  /// field.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(deck)
    hasher.combine(location)
    hasher.combine(kind)
  }
}
