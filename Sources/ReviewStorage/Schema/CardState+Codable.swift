import FoundationEssentials
import Scheduler

extension CardState: Codable {
  /// Decodes a state; a missing key takes the value of a card never reviewed, and a missing
  /// `due` makes the card due at once (1970-01-01). A value the files may not hold is an error
  /// (see ``checked(repetitions:easeFactor:interval:due:needsExtraReview:lapses:reviews:lastReview:)``).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CardStateKey.self)
    func value<Value: Decodable>(_ key: CardStateKey, _ type: Value.Type) throws -> Value? {
      try container.decodeIfPresent(type, forKey: key)
    }
    let lastReview = try value(.lastReview, String.self).map { text in
      guard let date = Timestamp.parse(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .lastReview, in: container,
          debugDescription: "\"\(text)\" is not an ISO 8601 moment")
      }
      return date
    }
    let checked = CardState.checked(
      repetitions: try value(.repetitions, Int.self) ?? 0,
      easeFactor: try value(.easeFactor, Double.self) ?? SM2.initialEaseFactor,
      interval: try value(.interval, Int.self) ?? 0,
      due: try value(.due, Day.self) ?? Day(daysSince1970: 0),
      needsExtraReview: try value(.needsExtraReview, Bool.self) ?? false,
      lapses: try value(.lapses, Int.self) ?? 0, reviews: try value(.reviews, Int.self) ?? 0,
      lastReview: lastReview, fsrs: try value(.fsrs, FSRSFields.self))
    switch checked {
    case .success(let state):
      self = state
    case .failure(let problem):
      throw DecodingError.dataCorruptedError(
        forKey: problem.key, in: container, debugDescription: problem.reason)
    }
  }

  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }
}

extension FSRSFields: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let name = try container.decode(String.self, forKey: .state)
    guard let state = FSRSFields.state(named: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: .state, in: container,
        debugDescription: "\"\(name)\" is not learning, review or relearning")
    }
    let text = try container.decode(String.self, forKey: .due)
    guard let due = Timestamp.parse(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: .due, in: container, debugDescription: "\"\(text)\" is not an ISO 8601 moment")
    }
    self.init(
      state: state, step: try container.decodeIfPresent(Int.self, forKey: .step),
      stability: try container.decodeIfPresent(Double.self, forKey: .stability),
      difficulty: try container.decodeIfPresent(Double.self, forKey: .difficulty), due: due)
  }
}
