extension ExportRow: Encodable {
  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }

  /// One object of the JSON export's `cards`; absent values are null.
  public var jsonValue: JSONValue {
    let shown = shownState
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    return .object([
      ("id", .string(id)), ("deck", text(card?.deck)), ("topic", text(card?.topic)),
      ("kind", text(card?.kind)), ("repetitions", .integer(shown.repetitions)),
      ("easeFactor", .number(shown.easeFactor)), ("interval", .integer(shown.interval)),
      ("due", text(state?.due.description)), ("lapses", .integer(shown.lapses)),
      ("reviews", .integer(shown.reviews)),
      ("lastReview", text(state?.lastReview.map(Timestamp.format))),
      ("needsExtraReview", .boolean(shown.needsExtraReview)),
      ("suspended", .boolean(isSuspended)),
    ])
  }
}
