import Foundation

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

  /// The events, with `keeping` the ones whose card it accepts (which leaves out torn-line
  /// markers, since they have no card); undone reviews marked.
  public static func events(
    _ events: [JournalEvent], keeping: ((String) -> Bool)?
  ) -> [ExportedEvent] {
    var undone: Set<UUID> = []
    for case .undo(let undo) in events { undone.insert(undo.undoes) }
    return events.compactMap { event in
      if let keeping {
        guard let card = event.card, keeping(card) else { return nil }
      }
      return ExportedEvent(event: event, isUndone: undone.contains(event.id))
    }
  }
}

extension ExportedEvent: Encodable {
  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }

  /// One object of the JSON export's `reviews`.
  public var jsonValue: JSONValue {
    var members = event.members.map { (key: $0.key, value: $0.value ?? .null) }
    if case .review = event { members.append(("undone", .boolean(isUndone))) }
    return .object(members)
  }
}
