import Foundation

/// A journal event as the JSON export writes it: the journal's own members (see
/// docs/state-format.md), `type` always, absent values as null, and for a review whether an undo
/// took it back.
public struct ExportedEvent: Sendable {
  /// The event.
  public var event: JournalEvent
  /// For a review, whether an undo took it back.
  public var isUndone: Bool

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
  /// One object of the JSON export's `reviews`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    for member in event.members {
      if let value = member.value {
        try container.encode(value, forKey: AnyCodingKey(member.key))
      } else {
        try container.encodeNil(forKey: AnyCodingKey(member.key))
      }
    }
    if case .review = event { try container.encode(isUndone, forKey: AnyCodingKey("undone")) }
  }
}
