import Scheduler

extension ExportRow: Encodable {
  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }

  /// One object of the JSON export's `cards`; absent values are null.
  public var jsonValue: JSONValue {
    let shown = shownState
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    // In the order of the keys' bytes, the order the export sorts them in.
    return .object([
      ("deck", text(card?.deck)), ("due", text(state?.due.description)),
      ("easeFactor", .number(shown.easeFactor)), ("id", .string(id)),
      ("interval", .integer(shown.interval)), ("kind", text(card?.kind)),
      ("lapses", .integer(shown.lapses)),
      ("lastReview", text(state?.lastReview.map(Timestamp.format))),
      ("needsExtraReview", .boolean(shown.needsExtraReview)),
      ("repetitions", .integer(shown.repetitions)), ("reviews", .integer(shown.reviews)),
      ("suspended", .boolean(isSuspended)), ("topic", text(card?.topic)),
    ])
  }
}
