import Foundation

extension CardState: Codable {
  enum CodingKeys: String, CodingKey {
    case repetitions, easeFactor, interval, due, needsExtraReview, lapses, reviews, lastReview
  }

  /// Decodes a state; a missing key takes the value of a card never reviewed, and a missing
  /// `due` makes the card due at once (1970-01-01).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      repetitions: try container.decodeIfPresent(Int.self, forKey: .repetitions) ?? 0,
      easeFactor: try container.decodeIfPresent(Double.self, forKey: .easeFactor)
        ?? SM2.initialEaseFactor,
      interval: try container.decodeIfPresent(Int.self, forKey: .interval) ?? 0,
      due: try container.decodeIfPresent(Day.self, forKey: .due) ?? Day(daysSince1970: 0),
      needsExtraReview: try container.decodeIfPresent(Bool.self, forKey: .needsExtraReview)
        ?? false,
      lapses: try container.decodeIfPresent(Int.self, forKey: .lapses) ?? 0,
      reviews: try container.decodeIfPresent(Int.self, forKey: .reviews) ?? 0,
      lastReview: try container.decodeIfPresent(String.self, forKey: .lastReview).map {
        text in
        guard let date = Timestamp.parse(text) else {
          throw DecodingError.dataCorruptedError(
            forKey: .lastReview, in: container,
            debugDescription: "\"\(text)\" is not an ISO 8601 moment")
        }
        return date
      }
    )
  }

  /// Encodes every key; `lastReview` only when there is one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(repetitions, forKey: .repetitions)
    try container.encode(easeFactor, forKey: .easeFactor)
    try container.encode(interval, forKey: .interval)
    try container.encode(due, forKey: .due)
    try container.encode(needsExtraReview, forKey: .needsExtraReview)
    try container.encode(lapses, forKey: .lapses)
    try container.encode(reviews, forKey: .reviews)
    try container.encodeIfPresent(lastReview.map(Timestamp.format), forKey: .lastReview)
  }
}
