import FoundationEssentials
import Scheduler

/// A journal event as the JSON export writes it: the journal's own members (see
/// docs/state-format.md), `type` always, absent values as null, and for a review whether an undo
/// took it back.
public struct ExportedEvent: Sendable {
  /// The event.
  public var event: JournalEvent
  /// For a review, whether an undo took it back.
  public var isUndone: Bool

  /// `event`, undone or not.
  public init(event: JournalEvent, isUndone: Bool) {
    self.event = event
    self.isUndone = isUndone
  }
}

extension ExportedEvent: Encodable {
  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }

  /// One object of the JSON export's `reviews`.
  public var jsonValue: JSONValue {
    var members = event.members
    if case .review = event { members.append(("undone", .boolean(isUndone))) }
    return .object(members)
  }
}
