/// Why a card's content could not be read when it was asked for, at the card's place in its
/// deck file.
///
/// A load reads every card's heading; the content of a card read from the deck cache is read
/// when the card is shown. If the cache's copy is not sound then, the deck file is parsed
/// again; this is what is left when that fails too.
public struct CardContentError: Error, Equatable, CustomStringConvertible {
  /// Where the card starts: its deck file and line, as the heading gives them.
  public var location: SourceLocation
  /// The card's id.
  public var id: String
  /// Why, in a sentence for people (without the place or the id).
  public var reason: String

  /// Creates an error about the card `id` at `location`.
  public init(at location: SourceLocation, id: String, reason: String) {
    self.location = location
    self.id = id
    self.reason = reason
  }

  /// `path:line: the card 'id' could not be read: reason`.
  public var description: String { "\(location): the card '\(id)' could not be read: \(reason)" }

  /// The card was not among the decks it was asked of.
  static func notLoaded(_ heading: CardHeading) -> CardContentError {
    CardContentError(
      at: heading.location, id: heading.id, reason: "it is not among the decks loaded")
  }

  /// The deck cache's copy was not sound, and the deck file, parsed again, no longer has the
  /// card: it changed while quiz ran.
  static func changed(_ heading: CardHeading) -> CardContentError {
    CardContentError(
      at: heading.location, id: heading.id,
      reason: "the deck cache's copy is damaged, and the deck file no longer has the card "
        + "(it changed while quiz ran)")
  }

  /// The deck cache's copy was not sound, and the deck file cannot be read now.
  static func unreadable(_ heading: CardHeading, _ problem: String) -> CardContentError {
    CardContentError(
      at: heading.location, id: heading.id,
      reason: "the deck cache's copy is damaged, and the deck file cannot be read now: \(problem)")
  }
}
