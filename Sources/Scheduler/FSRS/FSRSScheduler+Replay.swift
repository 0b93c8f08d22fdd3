import FoundationEssentials

extension FSRSScheduler {
  /// The card after each of `reviews` in turn, from a card never reviewed; nil when there are
  /// none, or one's moment is outside ``Timestamp/supportedYears``.
  ///
  /// What Anki computes for a card's review log when FSRS is turned on: its memory (stability,
  /// difficulty), state and last review. The reviews are taken in the order given, which should
  /// be time order. Fuzz moves only the due moment, so none is drawn.
  public func memory(replaying reviews: some Sequence<FSRSHistoryReview>) -> FSRSCard? {
    var card: FSRSCard?
    for review in reviews {
      // A moment FSRS cannot count in would trap in `review`: such a log says nothing usable.
      guard FSRSCard.milliseconds(review.moment) != nil else { return nil }
      let current = card ?? FSRSCard(due: review.moment)
      card = self.review(current, rating: review.rating, at: review.moment) { 0 }.card
    }
    return card
  }
}

extension FSRSReviewScheduler {
  /// FSRS reads it: a card's memory is made from its review log.
  public var readsImportedHistory: Bool { true }

  /// `imported`, a state brought in from another program, given the FSRS memory of `reviews`,
  /// its review log from where its memory starts, in time order; as it is when that tells
  /// nothing (no reviews, or a state never reviewed).
  ///
  /// Only the memory is new: the due day, interval, counts and last review stay the other
  /// program's, as Anki keeps a card's due date when FSRS is turned on. The memory's last review
  /// is the state's, which files keep once for both. A card in review is due, for FSRS, its
  /// interval after its last review; one in a learning step, when the step ends.
  public func importedState(
    _ imported: CardState, replaying reviews: [FSRSHistoryReview]
  ) -> CardState {
    guard imported.reviews > 0, imported.fsrs == nil,
      let memory = scheduler.memory(replaying: reviews), let folded = memory.lastReview,
      let lastReview = FSRSCard.milliseconds(imported.lastReview ?? folded)
    else { return imported }
    var due = memory.due
    if memory.state == .review {
      let end = lastReview + Int64(imported.interval) * FSRSScheduler.day
      if Timestamp.supportedMilliseconds.contains(end) { due = Timestamp.date(milliseconds: end) }
    }
    var state = imported
    state.fsrs = FSRSCard(
      unchecked: memory.state, step: memory.step, stability: memory.stability,
      difficulty: memory.difficulty, due: due, lastReview: Timestamp.date(milliseconds: lastReview))
    return state
  }
}
