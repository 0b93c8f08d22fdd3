import FoundationEssentials

/// What an Anki collection holds that quiz reads or writes: note types, decks, notes, cards and
/// the review log, as Anki's tables have them (docs/anki.md).
public struct AnkiCollection: Equatable, Sendable {
  /// When the collection was created (`col.crt`): Anki counts review cards' due days from it.
  public var created: Date
  /// The collection's schema version (`col.ver`).
  public var schemaVersion: Int
  /// The note types, by id.
  public var notetypes: [Int64: AnkiNotetype]
  /// The decks' full names (`Parent::Child`), by id.
  public var decks: [Int64: String]
  /// The notes.
  public var notes: [AnkiNote]
  /// The cards.
  public var cards: [AnkiCard]
  /// The review log.
  public var reviews: [AnkiReview]
  /// The names of the package's media files.
  public var media: [String]
  /// The deck preset that schedules the decks with FSRS, if they are (else Anki's default
  /// preset, SM-2).
  public var fsrsPreset: AnkiFSRSPreset?

  /// A collection with these parts.
  public init(
    created: Date, schemaVersion: Int = 11, notetypes: [Int64: AnkiNotetype] = [:],
    decks: [Int64: String] = [:], notes: [AnkiNote] = [], cards: [AnkiCard] = [],
    reviews: [AnkiReview] = [], media: [String] = [], fsrsPreset: AnkiFSRSPreset? = nil
  ) {
    self.created = created
    self.schemaVersion = schemaVersion
    self.notetypes = notetypes
    self.decks = decks
    self.notes = notes
    self.cards = cards
    self.reviews = reviews
    self.media = media
    self.fsrsPreset = fsrsPreset
  }
}
