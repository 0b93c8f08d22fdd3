import Basics
import FoundationEssentials
import Scheduler

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
    guard let file = try StateFile.openForReadingIfPresent(files.journal) else { return }
    try Self.read(file, to: journalBytes, visit)
  }

  /// Calls `visit` with every event of ``journalEvents()``, in order, and whether it is a review
  /// that an undo took back, without holding them (see ``markedJournal(findingDamageFirst:)``).
  public func forEachJournalEvent(
    findingDamageFirst: Bool = true,
    markingUndone visit: (_ event: JournalEvent, _ isUndone: Bool) -> Void
  ) throws(StateError) {
    try markedJournal(findingDamageFirst: findingDamageFirst).forEach(visit)
  }

  /// The journal read once for its undo events (an undo comes after the review it takes back),
  /// so that ``MarkedJournal/forEach(_:)`` can then hand on each event as it reads it, marked.
  ///
  /// With `findingDamageFirst`, a line that does not read is found here, before any event is
  /// handed on. Without, only the lines that may be undo events (or mark a torn line) are read
  /// here, so that most lines are decoded once, not twice, and a damaged line elsewhere is found
  /// by `forEach`, after the events before it: for a caller that can take back what it made of
  /// them (a file written whole or not at all).
  public func markedJournal(findingDamageFirst: Bool = true) throws(StateError) -> MarkedJournal {
    guard let file = try StateFile.openForReadingIfPresent(files.journal) else {
      return MarkedJournal(file: nil, end: 0, undone: [])
    }
    var undone: Set<UUID> = []
    // An undo's line says `undo`, or spells it with an escape, or is not UTF-8 (the decoder
    // reads UTF-16 and UTF-32, whose lines hold zero bytes).
    try Self.read(
      file, to: journalBytes,
      onlyLinesHolding: findingDamageFirst ? nil : ["undo", "torn", "\\", "\u{0}"]
    ) {
      if case .undo(let undo) = $0 { undone.insert(undo.undoes) }
    }
    return MarkedJournal(file: file, end: journalBytes, undone: undone)
  }

  /// A journal whose undone reviews are known: see ``ReviewStore/markedJournal()``.
  public struct MarkedJournal {
    fileprivate let file: StateFile?
    fileprivate let end: Int
    fileprivate let undone: Set<UUID>

    /// Calls `visit` with every event, in order, and whether it is a review an undo took back,
    /// reading the journal again through the same descriptor, so that it is the same file.
    public func forEach(
      _ visit: (_ event: JournalEvent, _ isUndone: Bool) -> Void
    ) throws(StateError) {
      guard let file else { return }
      try ReviewStore.read(file, to: end) { event in
        if case .review(let review) = event {
          visit(event, undone.contains(review.id))
        } else {
          visit(event, false)
        }
      }
    }
  }

  /// Calls `body` with each review in effect (see ``Swift/Sequence/forEachReviewInEffect(_:)``),
  /// in order, without holding the journal's events (see
  /// ``markedJournal(findingDamageFirst:)``).
  public func forEachReviewInEffect(
    findingDamageFirst: Bool = true, _ body: (ReviewEvent) -> Void
  ) throws(StateError) {
    try forEachJournalEvent(findingDamageFirst: findingDamageFirst) { event, isUndone in
      if case .review(let review) = event, !isUndone { body(review) }
    }
  }

  /// Reads the journal `file` up to `end`, where this store had read or written it.
  fileprivate static func read(
    _ file: StateFile, to end: Int, onlyLinesHolding words: [StaticString]? = nil,
    _ visit: (JournalEvent) -> Void
  ) throws(StateError) {
    try withoutActuallyEscaping(visit) { (visit) throws(StateError) in
      _ = try JournalReader(file: file).read(
        from: 0, to: end, keepingLines: false, onlyLinesHolding: words
      ) { visit($0.event) }
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
