import Scheduler

extension ExportRow: Encodable {
  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }

  /// One object of the JSON export's `cards`; absent values are null. `scheduler` names the
  /// scheduler of the card's state (null before its first review); a card that FSRS scheduled
  /// also has `stability`, `difficulty`, `fsrsState` and `dueAt`, FSRS's due moment.
  public var jsonValue: JSONValue {
    let shown = shownState
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    let fsrs = state?.fsrs
    func memory(_ key: String, _ value: JSONValue?) -> [(key: String, value: JSONValue)] {
      fsrs == nil ? [] : [(key, value ?? .null)]
    }
    // In the order of the keys' bytes, the order the export sorts them in.
    var members: [(key: String, value: JSONValue)] = [("deck", text(card?.deck))]
    members += memory("difficulty", fsrs?.difficulty.map(JSONValue.number))
    members.append(("due", text(state?.due.description)))
    members += memory("dueAt", fsrs.map { .string(Timestamp.format($0.due)) })
    members.append(("easeFactor", .number(shown.easeFactor)))
    members += memory("fsrsState", fsrs.map { .string(FSRSFields.name(of: $0.state)) })
    members += [
      ("id", .string(id)), ("interval", .integer(shown.interval)), ("kind", text(card?.kind)),
      ("lapses", .integer(shown.lapses)),
      ("lastReview", text(state?.lastReview.map(Timestamp.format))),
      ("needsExtraReview", .boolean(shown.needsExtraReview)),
      ("repetitions", .integer(shown.repetitions)), ("reviews", .integer(shown.reviews)),
      ("scheduler", text(state?.scheduler.rawValue)),
    ]
    members += memory("stability", fsrs?.stability.map(JSONValue.number))
    members += [("suspended", .boolean(isSuspended)), ("topic", text(card?.topic))]
    return .object(members)
  }
}
