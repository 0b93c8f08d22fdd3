import Foundation

extension ReviewStore {
  /// Every event of the journal, in journal order, read afresh from `reviews.jsonl`: as far as
  /// this store has read or written it, so that the events agree with ``state``.
  ///
  /// For exports and statistics; it reads the whole file, so a session should not call it per
  /// grade. Torn lines are skipped as when loading (their ``TornLineEvent`` markers are kept).
  /// An empty list when there is no journal. Nothing is written.
  public func journalEvents() throws(StateError) -> [JournalEvent] {
    var events: [JournalEvent] = []
    try forEachJournalEvent { events.append($0) }
    return events
  }

  /// Calls `visit` with every event of ``journalEvents()``, in order, without holding them: the
  /// journal is read a few MiB at a time.
  public func forEachJournalEvent(_ visit: (JournalEvent) -> Void) throws(StateError) {
    guard let file = try OpenFile.openForReadingIfPresent(files.journal) else { return }
    try read(file, visit)
  }

  /// Calls `visit` with every event of ``journalEvents()``, in order, and whether it is a review
  /// that an undo took back, without holding them: the journal is read twice, first for the
  /// undo events (an undo comes after its review), through one descriptor, so that both reads
  /// are of the same file.
  public func forEachJournalEvent(
    markingUndone visit: (_ event: JournalEvent, _ isUndone: Bool) -> Void
  ) throws(StateError) {
    guard let file = try OpenFile.openForReadingIfPresent(files.journal) else { return }
    var undone: Set<UUID> = []
    try read(file) { if case .undo(let undo) = $0 { undone.insert(undo.undoes) } }
    try read(file) { event in
      if case .review(let review) = event {
        visit(event, undone.contains(review.id))
      } else {
        visit(event, false)
      }
    }
  }

  /// Calls `body` with each review in effect (see ``Swift/Sequence/forEachReviewInEffect(_:)``),
  /// in order, without holding the journal's events.
  public func forEachReviewInEffect(_ body: (ReviewEvent) -> Void) throws(StateError) {
    try forEachJournalEvent { event, isUndone in
      if case .review(let review) = event, !isUndone { body(review) }
    }
  }

  /// Reads `file` as far as this store has read or written the journal.
  private func read(_ file: OpenFile, _ visit: (JournalEvent) -> Void) throws(StateError) {
    try withoutActuallyEscaping(visit) { (visit) throws(StateError) in
      _ = try JournalReader(file: file).read(from: 0, to: journalBytes, keepingLines: false) {
        visit($0.event)
      }
    }
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
