import FoundationEssentials
import Scheduler

extension CardState: Codable {
  enum CodingKeys: String, CodingKey {
    case repetitions, easeFactor, interval, due, needsExtraReview, lapses, reviews, lastReview
  }

  /// Decodes a state; a missing key takes the value of a card never reviewed, and a missing
  /// `due` makes the card due at once (1970-01-01).
  ///
  /// A value that SM-2 never gives is an error: an `easeFactor` below ``SM2/minimumEaseFactor``,
  /// an `interval` outside 0…``SM2/maximumInterval``, a negative count, or a count above
  /// ``maximumCount``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let easeFactor =
      try container.decodeIfPresent(Double.self, forKey: .easeFactor) ?? SM2.initialEaseFactor
    guard easeFactor.isFinite, easeFactor >= SM2.minimumEaseFactor else {
      throw DecodingError.dataCorruptedError(
        forKey: .easeFactor, in: container,
        debugDescription: "\(easeFactor) is below SM-2's minimum of \(SM2.minimumEaseFactor)")
    }
    func integer(_ key: CodingKeys, in range: ClosedRange<Int>) throws -> Int {
      let value = try container.decodeIfPresent(Int.self, forKey: key) ?? 0
      guard range.contains(value) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
      }
      return value
    }
    self.init(
      repetitions: try integer(.repetitions, in: 0...CardState.maximumCount),
      easeFactor: easeFactor,
      interval: try integer(.interval, in: 0...SM2.maximumInterval),
      due: try container.decodeIfPresent(Day.self, forKey: .due) ?? Day(daysSince1970: 0),
      needsExtraReview: try container.decodeIfPresent(Bool.self, forKey: .needsExtraReview)
        ?? false,
      lapses: try integer(.lapses, in: 0...CardState.maximumCount),
      reviews: try integer(.reviews, in: 0...CardState.maximumCount),
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

  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }

  /// The state as the files write it: every key, `lastReview` only when there is one; in the
  /// order of their bytes, the order every file sorts them in.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    members.reserveCapacity(8)
    members.append(("due", .string(due.description)))
    members.append(("easeFactor", .number(easeFactor)))
    members.append(("interval", .integer(interval)))
    members.append(("lapses", .integer(lapses)))
    if let lastReview { members.append(("lastReview", .string(Timestamp.format(lastReview)))) }
    members.append(("needsExtraReview", .boolean(needsExtraReview)))
    members.append(("repetitions", .integer(repetitions)))
    members.append(("reviews", .integer(reviews)))
    return .object(members)
  }
}
