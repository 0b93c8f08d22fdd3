import Scheduler

/// What retention needs of a grade: whose, of which day, and whether it was of a card already
/// learnt and recalled. What `journal-index.bin` keeps of the last weeks' reviews.
public struct CountedGrade: Equatable, Sendable {
  /// The card's id.
  public var card: String
  /// The day the grade counts for.
  public var day: Day
  /// Whether the card had been recalled before (`repetitions` above 0 before the grade).
  public var isOfLearntCard: Bool
  /// Whether the grade was 3 or more.
  public var isRecalled: Bool

  /// A grade with these values.
  public init(card: String, day: Day, isOfLearntCard: Bool, isRecalled: Bool) {
    self.card = card
    self.day = day
    self.isOfLearntCard = isOfLearntCard
    self.isRecalled = isRecalled
  }

  /// What `review` counts for.
  public init(_ review: ReviewEvent) {
    self.init(
      card: review.card, day: review.day, isOfLearntCard: review.before.repetitions > 0,
      isRecalled: review.grade.isRecalled)
  }
}
