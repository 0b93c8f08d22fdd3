import FoundationEssentials

/// What a review was, as py-fsrs's `ReviewLog` records it for the optimiser: the card's id is
/// the caller's to keep.
public struct FSRSReviewLog: Hashable, Sendable {
  /// The rating given.
  public let rating: FSRSRating
  /// When the review happened, to the millisecond.
  public let reviewedAt: Date
  /// How long the review took, if the caller measured it.
  public let duration: Duration?

  /// A log of a review.
  public init(rating: FSRSRating, reviewedAt: Date, duration: Duration?) {
    self.rating = rating
    self.reviewedAt = reviewedAt
    self.duration = duration
  }
}
