import Basics
import FoundationEssentials
import Glibc
import Scheduler

/// The review state in a folder: an append-only journal of every grade, `reviews.jsonl`, and a
/// snapshot of where it led, `state.json`. See docs/state-format.md.
///
/// A writer (``open(folder:dayClock:now:compactionThreshold:)``) holds the folder's lock until
/// ``close()`` or until it goes away, so only one quiz session writes to a folder at a time.
/// Every change is one line appended to the journal and flushed to disk before the call
/// returns. A reader (``openReadOnly(folder:)``) takes no lock and writes nothing.
///
/// Nothing here ever deletes a card's progress, even for cards that no deck has any more.
public final class ReviewStore {
  /// The state folder.
  public let folder: URL
  /// What was worked around since opening, for the user to know about.
  public internal(set) var warnings: [StateWarning]
  /// The state after every event so far.
  public var state: ReviewState { replayer.state }
  /// What computes each grade's new state.
  public var scheduler: any ReviewScheduler { replayer.scheduler }

  let files: StateFolder
  var replayer: Replayer
  var writer: Writer?
  /// Why writing is refused, when it is.
  var notWritableReason: String?
  /// The journal's size, as far as this store has read or written it.
  var journalBytes: Int
  /// How many events the journal holds.
  var journalEntries: Int
  var lastEventID: UUID?
  /// How many events came after what `state.json` covers.
  var unsnapshottedEntries: Int
  /// This session's reviews that can still be undone, oldest first.
  var undoableReviews: [ReviewEvent] = []

  /// What a writer holds on to.
  struct Writer {
    let lock: FolderLock
    var journal: StateFile
    let dayClock: DayClock
    let now: () -> Date
    /// Makes each new event's id; tests pass a sequence to get the same journal every run.
    let makeID: () -> UUID
    let compactionThreshold: Int
  }

  private init(files: StateFolder, loaded: Loaded, writer: Writer?) {
    self.folder = files.url
    self.files = files
    self.replayer = loaded.replayer
    self.warnings = loaded.warnings
    self.journalBytes = loaded.journalBytes
    self.journalEntries = loaded.journalEntries
    self.lastEventID = loaded.lastEventID
    self.unsnapshottedEntries = loaded.unsnapshottedEntries
    self.writer = writer
    self.notWritableReason = writer == nil ? "it was opened read-only" : nil
  }

  /// Opens `folder` for writing, creating it if needed, and loads the state.
  ///
  /// Fails at once with ``StateError/locked(folder:pid:)`` if another session has it open for
  /// writing. Every day is reckoned by `dayClock` from the moments `now` gives; each new event's
  /// id comes from `makeID`, and each grade's new state from `scheduler`. `state.json` is
  /// rewritten whenever more than `compactionThreshold` events came after it, and at
  /// ``close()``.
  public static func open(
    folder: URL, dayClock: DayClock, now: @escaping () -> Date,
    makeID: @escaping () -> UUID = UUID.init, compactionThreshold: Int = 512,
    scheduler: any ReviewScheduler = SM2Scheduler()
  ) throws(StateError) -> ReviewStore {
    let files = StateFolder(url: folder)
    try StateFile.createFolder(folder)
    try StateFile.checkFolderIsPrivate(folder)
    let lock = try FolderLock(files)
    let loaded = try load(files, scheduler: scheduler, preparingSidecar: true)
    let journal = try StateFile(files.journal, flags: O_WRONLY | O_APPEND | O_CREAT)
    if loaded.journalBytes == 0 { try StateFile.syncFolder(folder) }
    let writer = Writer(
      lock: lock, journal: journal, dayClock: dayClock, now: now, makeID: makeID,
      compactionThreshold: compactionThreshold)
    let store = ReviewStore(files: files, loaded: loaded, writer: writer)
    try store.endJournalWithCompleteLine(loaded)
    store.removeStrayTemporaryFiles()
    // A snapshot that did not fit is rewritten even when the journal holds no event, so that
    // the next open does not warn about it again.
    let snapshotIsStale = loaded.warnings.contains {
      if case .staleSnapshot = $0 { true } else { false }
    }
    if snapshotIsStale
      || (store.journalEntries > 0
        && (!loaded.snapshotIsCurrent || store.unsnapshottedEntries > compactionThreshold))
    {
      // state.json is a cache of the journal: failing to rewrite it (a read-only folder, a full
      // disk) is worth a warning, as it is after a grade, not a refusal to record grades.
      do {
        try store.compact()
      } catch {
        store.warnings.append(.compactionFailed(reason: error.description))
      }
    } else if let sidecar = loaded.newSidecar {
      // A snapshot without its sidecar (from before there were sidecars, or a crash between
      // the two renames) gets one, so that the next start reads no JSON.
      store.replaceSidecar(with: sidecar)
    }
    return store
  }

  /// Opens `folder` for reading only: no lock, no writes, and an empty state if there is nothing
  /// there. A writer may be appending meanwhile; what it had written by now is read.
  public static func openReadOnly(
    folder: URL, scheduler: any ReviewScheduler = SM2Scheduler()
  ) throws(StateError) -> ReviewStore {
    let files = StateFolder(url: folder)
    return ReviewStore(files: files, loaded: try load(files, scheduler: scheduler), writer: nil)
  }

  /// The state of the card `id`, or nil if it was never reviewed.
  public func state(of id: String) -> CardState? {
    replayer.state.cards[id]
  }

  /// Whether the card `id` is suspended.
  public func isSuspended(_ id: String) -> Bool {
    replayer.state.suspended.contains(id)
  }

  /// The day it is now, by the writer's clock; nil for a reader.
  public var today: Day? {
    writer.map { $0.dayClock.day(for: $0.now()) }
  }

  /// Grades the card `id` and returns its new state. The grade is on disk when this returns.
  ///
  /// `seconds` is how long the answer took; a negative or non-finite value is left out.
  @discardableResult
  public func record(
    _ grade: Grade, for id: String, seconds: Double? = nil
  ) throws(StateError) -> CardState {
    let writer = try requireWriter()
    try requireReadableID(id)
    let at = Timestamp.normalized(writer.now())
    let day = writer.dayClock.day(for: at)
    guard Timestamp.supportedYears.contains(day.components.year) else {
      throw .notWritable(
        folder: folder,
        reason: "the review would count for \(day), outside the years the journal reads "
          + "(\(Timestamp.supportedYears.lowerBound) to \(Timestamp.supportedYears.upperBound))")
    }
    let before = state(of: id) ?? .new(due: day)
    let review = ReviewEvent(
      id: writer.makeID(), card: id, at: at, day: day, grade: grade,
      seconds: seconds.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }, before: before,
      after: scheduler.review(before, grade: grade, on: day, at: at))
    try append(.review(review))
    undoableReviews.append(review)
    return review.after
  }

  /// Refuses an id that the journal could not read back (see ``JournalEvent/maximumCardIDLength``),
  /// before anything is written.
  func requireReadableID(_ id: String) throws(StateError) {
    if let problem = JournalEvent.problem(withCardID: id) {
      throw .notWritable(folder: folder, reason: problem)
    }
  }

  /// Suspends the card `id`; false if it already was.
  @discardableResult
  public func suspend(_ id: String) throws(StateError) -> Bool {
    try setSuspended(id, true)
  }

  /// Brings the suspended card `id` back; false if it was not suspended.
  @discardableResult
  public func unsuspend(_ id: String) throws(StateError) -> Bool {
    try setSuspended(id, false)
  }

  /// Rewrites `state.json` to cover the whole journal, atomically.
  public func compact() throws(StateError) {
    _ = try requireWriter()
    var snapshot = Snapshot(
      journalEntries: journalEntries, journalBytes: journalBytes, lastEventID: lastEventID,
      state: replayer.state)
    snapshot.scheduler = scheduler.kind
    let data = snapshot.encoded()
    try StateFile.replace(
      files.snapshot, with: data, temporary: files.temporaryFile(for: files.snapshot))
    unsnapshottedEntries = 0
    replaceSidecar(with: SnapshotSidecar.encode(snapshot, json: data))
    updateDayIndex()
  }

  /// Puts `sidecar` in place as `state.bin`. A cache: failing to (a full disk) leaves the old
  /// file, which does not fit the new `state.json` and so is not used.
  private func replaceSidecar(with sidecar: Data) {
    try? StateFile.replace(
      files.sidecar, with: sidecar, temporary: files.temporaryFile(for: files.sidecar))
  }

  /// Brings `state.json` up to date and lets go of the folder. Any later write is refused.
  public func close() throws(StateError) {
    guard writer != nil, notWritableReason == nil else {
      writer = nil
      return
    }
    defer {
      writer = nil
      notWritableReason = "it was closed"
    }
    if unsnapshottedEntries > 0 { try compact() }
  }

  func requireWriter() throws(StateError) -> Writer {
    guard let writer, notWritableReason == nil else {
      throw .notWritable(folder: folder, reason: notWritableReason ?? "it was closed")
    }
    return writer
  }

  /// Appends `event` as one line, flushes it, then applies it. `prefix` goes in the same write.
  func append(_ event: JournalEvent, after prefix: Data = Data()) throws(StateError) {
    let writer = try requireWriter()
    let line: Data
    do {
      line = try prefix + event.encodedLine() + Data("\n".utf8)
    } catch {
      throw .notWritable(folder: folder, reason: "the event could not be encoded: \(error)")
    }
    do {
      try writer.journal.write(line)
      try writer.journal.sync()
    } catch {
      // Part of the line may be on disk; appending more after it would bury a torn line in the
      // middle of the journal. Reopening handles it as a torn last line.
      notWritableReason = "writing to \(files.journal.path) failed; open the folder again"
      throw error
    }
    replayer.apply(event)
    journalBytes += line.count
    journalEntries += 1
    lastEventID = event.id
    unsnapshottedEntries += 1
    if unsnapshottedEntries > writer.compactionThreshold {
      do {
        try compact()
      } catch {
        warnings.append(.compactionFailed(reason: error.description))
      }
    }
  }

  private func setSuspended(_ id: String, _ isSuspended: Bool) throws(StateError) -> Bool {
    let writer = try requireWriter()
    try requireReadableID(id)
    guard self.isSuspended(id) != isSuspended else { return false }
    try append(
      .suspension(
        SuspensionEvent(
          id: writer.makeID(), card: id, at: Timestamp.normalized(writer.now()),
          isSuspended: isSuspended)))
    return true
  }

  /// Makes sure the next append starts on a line of its own, without changing any byte there is.
  ///
  /// After a torn last line, that means a newline if it lacks one, and a ``TornLineEvent`` naming
  /// it, so that the line reads as skipped on purpose once others follow it.
  private func endJournalWithCompleteLine(_ loaded: Loaded) throws(StateError) {
    let writer = try requireWriter()
    let newline = Data("\n".utf8)
    if let torn = loaded.tornTail {
      let marker = TornLineEvent(
        id: writer.makeID(), at: Timestamp.normalized(writer.now()), offset: torn.offset)
      try append(.tornLine(marker), after: torn.isTerminated ? Data() : newline)
    } else if loaded.lacksFinalNewline {
      try writer.journal.write(newline)
      try writer.journal.sync()
      journalBytes += 1
    }
  }

  /// Removes temporary files that a crash left between writing and renaming them. Only a writer
  /// does this, under the lock, so none of them can belong to a write still going on.
  private func removeStrayTemporaryFiles() {
    for url in files.strayTemporaryFiles() {
      unlink(url.path)
    }
  }
}
