import Basics
import FoundationEssentials
import Scheduler

extension ReviewStore {
  /// Appends each of `events` whose id the journal does not hold yet, in order, and returns how
  /// many it appended: so bringing in the same states and history again writes nothing.
  ///
  /// Each event must be an ``ImportEvent``, a ``SuspensionEvent`` or a ``HistoryEvent``, with an
  /// id derived from what it brings in (see ``JournalEvent/derivedID(_:)``). Every event is
  /// checked to read back before any is written. The lines are written about a MiB at a time,
  /// each write flushed (a package's review log may be millions of lines: a flush each would take
  /// hours), and the snapshot brought up to date once, at the end; an import cut short is
  /// completed by importing again.
  @discardableResult
  public func appendImported(_ events: [JournalEvent]) throws(StateError) -> Int {
    try appendImported(events, history: [HistoryEvent]()).events
  }

  /// ``appendImported(_:)`` of `history` (in order, first) and `events`: how many of each it
  /// appended.
  @discardableResult
  public func appendImported(
    _ events: [JournalEvent], history: some Collection<HistoryEvent>
  ) throws(StateError) -> (events: Int, history: Int) {
    _ = try requireWriter()
    let all = [
      AnyCollection(history.lazy.map { JournalEvent.history($0) }), AnyCollection(events),
    ].joined()
    // Every event is checked before any is written, and its id put in a filter, which tells
    // the few ids that may come twice here, or be in the journal, from the rest: only those are
    // held (a package's log may bring millions of events).
    var filter = EventIDFilter(expecting: history.count + events.count)
    var repeated: Set<UUID> = []
    for event in all {
      try requireReadBack(event)
      if filter.insert(event.id) { repeated.insert(event.id) }
    }
    var known: Set<UUID> = []
    try forEachJournalEvent { if filter.mayContain($0.id) { known.insert($0.id) } }
    // The first of two events with one id is written: the later one is in `repeated`.
    var batch: [JournalEvent] = []
    var lines = Data()
    var appended = (events: 0, history: 0)
    for event in all
    where !known.contains(event.id)
      && (!repeated.contains(event.id) || known.insert(event.id).inserted)
    {
      do {
        lines += try event.encodedLine() + Data("\n".utf8)
      } catch {
        throw .notWritable(folder: folder, reason: "the event could not be encoded: \(error)")
      }
      batch.append(event)
      if case .history = event { appended.history += 1 } else { appended.events += 1 }
      if lines.count >= Self.importBatchBytes {
        try appendLines(lines, of: batch)
        lines.removeAll(keepingCapacity: true)
        batch.removeAll(keepingCapacity: true)
      }
    }
    if !batch.isEmpty { try appendLines(lines, of: batch) }
    if let writer, unsnapshottedEntries > writer.compactionThreshold {
      do {
        try compact()
      } catch {
        warnings.append(.compactionFailed(reason: error.description))
      }
    }
    return appended
  }

  /// Refuses an imported `event` that names no card, or that the journal would not read back.
  private func requireReadBack(_ event: JournalEvent) throws(StateError) {
    guard let card = event.card else {
      throw .notWritable(folder: folder, reason: "an imported event names no card")
    }
    try requireReadableID(card)
    // A value the journal would refuse on reading (a moment in the year 318857) would make
    // every later read of the folder fail: checked by the journal's own reader.
    do {
      _ = try JournalEvent.decode(line: try event.encodedLine())
    } catch JournalEvent.LineError.malformed(let reason) {
      throw .notWritable(
        folder: folder, reason: "the imported state of \(card) would not read back: \(reason)")
    } catch {
      throw .notWritable(
        folder: folder, reason: "the imported state of \(card) would not read back: \(error)")
    }
  }

  /// About how many bytes of lines ``appendImported(_:history:)`` writes and flushes at a time.
  static let importBatchBytes = 1 << 20

  /// Appends `lines`, the lines of `events`, with one write, flushes them, then applies the
  /// events.
  private func appendLines(_ lines: Data, of events: [JournalEvent]) throws(StateError) {
    let writer = try requireWriter()
    do {
      try writer.journal.write(lines)
      try writer.journal.sync()
    } catch {
      // As for one line (ReviewStore.append): what is on disk may end in a torn line.
      notWritableReason = "writing to \(files.journal.path) failed; open the folder again"
      throw error
    }
    // Each id was looked for in the whole journal: the replayer need not keep it.
    for event in events { replayer.applyNew(event) }
    journalBytes += lines.count
    journalEntries += events.count
    lastEventID = events.last?.id ?? lastEventID
    unsnapshottedEntries += events.count
  }
}

extension ReviewStore {
  /// The cards that already have progress here which `events` (imported, as for
  /// ``appendImported(_:)``) would change: a state an ``ImportEvent`` would replace, a card with
  /// a state that a ``SuspensionEvent`` would suspend or bring back. An event the journal holds
  /// already changes nothing.
  public func cardsWithProgress(changedBy events: [JournalEvent]) throws(StateError) -> Set<String>
  {
    // Only the journal's ids that may be among the events' are held (see
    // ``appendImported(_:history:)``).
    var filter = EventIDFilter(expecting: events.count)
    for event in events { _ = filter.insert(event.id) }
    var known: Set<UUID> = []
    try forEachJournalEvent { if filter.mayContain($0.id) { known.insert($0.id) } }
    var cards: Set<String> = []
    for event in events where !known.contains(event.id) {
      switch event {
      case .imported(let imported):
        if let current = state(of: imported.card), imported.replaces(current) {
          cards.insert(imported.card)
        }
      case .suspension(let suspension):
        if state(of: suspension.card) != nil, isSuspended(suspension.card) != suspension.isSuspended
        {
          cards.insert(suspension.card)
        }
      default: break
      }
    }
    return cards
  }
}

extension JournalEvent {
  /// A UUID made from `text` alone (two FNV-1a-64 hashes with different offsets), shaped as a
  /// version-8 UUID: the same text gives the same id on every machine. Not for secrets.
  public static func derivedID(_ text: String) -> UUID {
    var high = FNV1a64()
    var low = FNV1a64(offset: 0x84222325_cbf29ce4)
    high.add(text)
    low.add(text)
    var bytes =
      (0..<8).map { UInt8(truncatingIfNeeded: high.value >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: low.value >> (56 - 8 * $0)) }
    bytes[6] = (bytes[6] & 0x0F) | 0x80
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}

extension ReviewStore {
  /// How long after one of quiz's own reviews an imported review of the same card, with the
  /// same rating, is taken for that very review come back: quiz's Anki export dates each review
  /// by its moment in milliseconds, counted on by one where two share a millisecond.
  static let sameReviewWindow: TimeInterval = 60

  /// The ids of the events of `history` that the journal holds already as quiz's own reviews:
  /// a package that quiz exported, reviewed in Anki and imported back holds quiz's reviews in
  /// its review log. An imported review is quiz's own when a review in effect of the same card,
  /// with the same FSRS rating, came at most ``sameReviewWindow`` before it; each of quiz's
  /// reviews stands for one imported review at most, the earliest.
  public func recordedHistory(in history: some Collection<HistoryEvent>) throws(StateError)
    -> Set<UUID>
  {
    // One at a time: `Set(_:)` would make room for as many cards as there are events, a hash
    // table whose pages the cards' inserts would touch all over.
    var cards: Set<String> = []
    for event in history { cards.insert(event.card) }
    var own: [String: [ReviewEvent]] = [:]
    try forEachReviewInEffect { review in
      if cards.contains(review.card) { own[review.card, default: []].append(review) }
    }
    guard !own.isEmpty else { return [] }
    for card in own.keys { own[card]?.sort { $0.at < $1.at } }
    var used: [String: Set<Int>] = [:]
    var recorded: Set<UUID> = []
    for imported in history {
      guard let reviews = own[imported.card] else { continue }
      let rating = FSRSRating(imported.grade)
      let match = reviews.indices.first { index in
        let gap = imported.at.timeIntervalSince(reviews[index].at)
        return gap >= 0 && gap <= Self.sameReviewWindow
          && FSRSRating(reviews[index].grade) == rating
          && !(used[imported.card]?.contains(index) ?? false)
      }
      guard let match else { continue }
      used[imported.card, default: []].insert(match)
      recorded.insert(imported.id)
    }
    return recorded
  }
}
