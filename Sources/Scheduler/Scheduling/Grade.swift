/// How well a card was recalled, on SM-2's scale of 0 to 5.
///
/// 5: perfect; 4: correct after hesitation; 3: correct with serious difficulty; 2: wrong, but the
/// answer seemed easy once seen; 1: wrong, the answer remembered once seen; 0: complete blackout.
/// Grades of 3 and up count as recalled.
public struct Grade: RawRepresentable, Hashable, Comparable, Sendable, CaseIterable {
  /// The grade as a number, 0…5.
  public let rawValue: Int

  /// The grade `rawValue`, or nil outside 0…5.
  public init?(rawValue: Int) {
    guard (0...5).contains(rawValue) else { return nil }
    self.rawValue = rawValue
  }

  /// Every grade, 0 to 5.
  public static let allCases = (0...5).map { Grade(rawValue: $0)! }

  /// Whether the card counts as recalled (3 and up).
  public var isRecalled: Bool { rawValue >= 3 }

  /// Whether `lhs` is the worse grade.
  public static func < (lhs: Grade, rhs: Grade) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension Grade: ExpressibleByIntegerLiteral {
  /// The grade written as a literal; a literal outside 0…5 is a programming error and traps.
  public init(integerLiteral value: Int) {
    guard let grade = Grade(rawValue: value) else {
      preconditionFailure("A grade is 0…5, not \(value)")
    }
    self = grade
  }
}

extension Grade: CustomStringConvertible {
  /// The number, as the journal and the user write it.
  public var description: String { String(rawValue) }
}

extension Grade: Codable {
  /// Decodes a number 0…5.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Int.self)
    guard let grade = Grade(rawValue: value) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "A grade is 0…5, not \(value)")
    }
    self = grade
  }

  /// Encodes the number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
