extension ExportRow: Encodable {
  enum CodingKeys: String, CodingKey {
    case id, deck, topic, kind, repetitions, easeFactor, interval, due, lapses, reviews
    case lastReview, needsExtraReview, suspended
  }

  /// One object of the JSON export's `cards`; absent values are null.
  public func encode(to encoder: any Encoder) throws {
    let shown = shownState
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(card?.deck, forKey: .deck)
    try container.encode(card?.topic, forKey: .topic)
    try container.encode(card?.kind, forKey: .kind)
    try container.encode(shown.repetitions, forKey: .repetitions)
    try container.encode(shown.easeFactor, forKey: .easeFactor)
    try container.encode(shown.interval, forKey: .interval)
    try container.encode(state?.due.description, forKey: .due)
    try container.encode(shown.lapses, forKey: .lapses)
    try container.encode(shown.reviews, forKey: .reviews)
    try container.encode(state?.lastReview.map(Timestamp.format), forKey: .lastReview)
    try container.encode(shown.needsExtraReview, forKey: .needsExtraReview)
    try container.encode(isSuspended, forKey: .suspended)
  }
}
