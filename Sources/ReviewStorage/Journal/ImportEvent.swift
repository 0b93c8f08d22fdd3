import FoundationEssentials
import Scheduler

/// A card's whole state, brought in from another program (`quiz import` of an Anki package).
///
/// It takes effect only when the card has no state yet or its last review is older than the
/// imported one's, so that progress made in quiz since is never thrown away, in whatever order a
/// merge puts the events. Its id is derived from what it imports, so importing the same package
/// twice writes nothing new.
public struct ImportEvent: Equatable, Sendable {
  /// The event's id.
  public var id: UUID
  /// The card's id.
  public var card: String
  /// When the state was imported.
  public var at: Date
  /// Where the state comes from, for people: `anki`.
  public var origin: String
  /// The state the card takes.
  public var state: CardState

  /// An event with these values.
  public init(id: UUID, card: String, at: Date, origin: String, state: CardState) {
    self.id = id
    self.card = card
    self.at = at
    self.origin = origin
    self.state = state
  }

  /// Whether the event replaces `current`, the card's state when the event is applied.
  public func replaces(_ current: CardState?) -> Bool {
    guard let current else { return true }
    guard let imported = state.lastReview else { return false }
    return current.lastReview.map { $0 < imported } ?? true
  }
}
