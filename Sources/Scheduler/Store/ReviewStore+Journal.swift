import Foundation

extension ReviewStore {
  /// Every event of the journal, in journal order, read afresh from `reviews.jsonl`: as far as
  /// this store has read or written it, so that the events agree with ``state``.
  ///
  /// For exports and statistics; it reads the whole file, so a session should not call it per
  /// grade. Torn lines are skipped as when loading (their ``TornLineEvent`` markers are kept).
  /// An empty list when there is no journal. Nothing is written.
  public func journalEvents() throws(StateError) -> [JournalEvent] {
    guard let file = try OpenFile.openForReadingIfPresent(files.journal) else { return [] }
    var events: [JournalEvent] = []
    _ = try JournalReader(file: file).read(from: 0, to: journalBytes, keepingLines: false) {
      events.append($0.event)
    }
    return events
  }
}

extension Sequence<JournalEvent> {
  /// The review events, in order, leaving out those that an undo event took back: the grades
  /// that count.
  public func reviewsInEffect() -> [ReviewEvent] {
    var reviews: [ReviewEvent] = []
    forEachReviewInEffect { reviews.append($0) }
    return reviews
  }

  /// Calls `body` with each review in effect, in order, without collecting them: for a caller
  /// that turns 100,000 reviews into something smaller.
  public func forEachReviewInEffect(_ body: (ReviewEvent) -> Void) {
    var undone: Set<UUID> = []
    for case .undo(let undo) in self { undone.insert(undo.undoes) }
    for case .review(let review) in self where !undone.contains(review.id) { body(review) }
  }
}
