import Scheduler

/// Of the grades given to cards already learnt (repetitions above 0 before the grade), how many
/// were recalled (``Grade/isRecalled``).
public struct Retention: Equatable, Sendable {
  /// Grades given to learnt cards.
  public var reviews = 0
  /// Of those, the grades that count as recalled.
  public var recalled = 0

  /// No grades.
  public init() {}

  /// The share recalled, 0…1; nil without reviews.
  public var rate: Double? { reviews == 0 ? nil : Double(recalled) / Double(reviews) }

  /// The rate as a whole percentage, or `–` without reviews.
  public var percentText: String {
    rate.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
  }

  /// Counts `review` if it was of a learnt card.
  public mutating func add(_ review: ReviewEvent) {
    add(CountedGrade(review))
  }

  /// Counts `grade` if it was of a learnt card.
  public mutating func add(_ grade: CountedGrade) {
    guard grade.isOfLearntCard else { return }
    reviews += 1
    if grade.isRecalled { recalled += 1 }
  }
}

extension Retention: Encodable {
  enum CodingKeys: String, CodingKey { case reviews, recalled, rate }

  /// `{"reviews":…,"recalled":…,"rate":…}`, the rate null without reviews.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(reviews, forKey: .reviews)
    try container.encode(recalled, forKey: .recalled)
    try container.encode(rate, forKey: .rate)
  }
}
