import Basics
import FoundationEssentials
import Scheduler

extension ReviewStore {
  /// The state read from a folder, and what the writer needs to know to continue the journal.
  struct Loaded {
    var replayer: Replayer
    var warnings: [StateWarning] = []
    var journalBytes = 0
    var journalEntries = 0
    var lastEventID: UUID?
    var unsnapshottedEntries = 0
    /// Whether `state.json` exists and matches the journal.
    var snapshotIsCurrent = false
    var tornTail: JournalReader.TornTail?
    var lacksFinalNewline = false
    /// The sidecar that `state.json` should have and did not (see ``Snapshot/Read``).
    var newSidecar: Data?
  }

  /// Reads the snapshot, then the journal after the point it covers.
  ///
  /// A snapshot that does not match the journal (a merge that crashed between its two renames,
  /// or a journal copied over by hand) is set aside and the whole journal replayed, unless it
  /// covers events that the journal lacks: then the journal lost something, and rather than
  /// settle for less the load fails.
  ///
  /// A writer passes `preparingSidecar`, to be handed the sidecar a current snapshot lacks.
  static func load(
    _ files: StateFolder, scheduler: any ReviewScheduler, preparingSidecar: Bool = false
  ) throws(StateError) -> Loaded {
    let read = try Snapshot.read(
      files.snapshot, sidecar: files.sidecar, preparingSidecar: preparingSidecar)
    let snapshot = read?.snapshot
    let reader = try StateFile.openForReadingIfPresent(files.journal).map(JournalReader.init)
    var loaded = Loaded(replayer: Replayer(scheduler: scheduler))
    // A snapshot of another scheduler's states is of no use: the journal is replayed whole
    // under this one, which is what switching scheduler is.
    if let snapshot, snapshot.scheduler == scheduler.kind {
      if let reason = try staleness(of: snapshot, in: reader) {
        loaded.warnings.append(.staleSnapshot(file: files.snapshot, reason: reason))
      } else {
        loaded.replayer = Replayer(state: snapshot.state, scheduler: scheduler)
        loaded.journalBytes = snapshot.journalBytes ?? 0
        loaded.journalEntries = snapshot.journalEntries
        loaded.lastEventID = snapshot.lastEventID
        loaded.snapshotIsCurrent = true
        loaded.newSidecar = read?.newSidecar
      }
    }
    guard let reader else {
      if let snapshot, !loaded.snapshotIsCurrent, snapshot.coversAnyEvent {
        throw .snapshotAheadOfJournal(snapshot: files.snapshot, journal: files.journal)
      }
      return loaded
    }
    // Each event is applied as it is read: the events of a journal without a snapshot are
    // never all held at once.
    var sawSnapshotEnd = false
    var count = 0
    var lastEventID: UUID?
    let tail = try reader.read(from: loaded.journalBytes, keepingLines: false) { entry in
      loaded.replayer.apply(entry.event)
      sawSnapshotEnd = sawSnapshotEnd || entry.event.id == snapshot?.lastEventID
      count += 1
      lastEventID = entry.event.id
    }
    if let snapshot, !loaded.snapshotIsCurrent, snapshot.coversAnyEvent {
      let holdsAll =
        snapshot.lastEventID != nil ? sawSnapshotEnd : count >= snapshot.journalEntries
      guard holdsAll else {
        throw .snapshotAheadOfJournal(snapshot: files.snapshot, journal: files.journal)
      }
    }
    loaded.journalBytes = tail.end
    loaded.journalEntries += count
    loaded.unsnapshottedEntries = count
    loaded.lastEventID = lastEventID ?? loaded.lastEventID
    loaded.tornTail = tail.tornTail
    loaded.lacksFinalNewline = tail.lacksFinalNewline
    if let torn = tail.tornTail {
      loaded.warnings.append(
        torn.problem.map {
          .invalidLastLine(file: files.journal, line: torn.lineNumber, reason: $0)
        }
          ?? .tornLastLine(file: files.journal, line: torn.lineNumber))
    }
    if loaded.replayer.duplicates > 0 {
      loaded.warnings.append(
        .duplicateEvents(file: files.journal, count: loaded.replayer.duplicates))
    }
    return loaded
  }

  /// Why `snapshot` cannot be used with this journal, or nil if it can.
  private static func staleness(
    of snapshot: Snapshot, in reader: JournalReader?
  ) throws(StateError) -> String? {
    guard let covered = snapshot.journalBytes else {
      return "it does not say how much of the journal it covers"
    }
    guard covered > 0 else { return nil }
    let size = try reader?.file.size() ?? 0
    guard covered <= size else {
      return "it covers \(covered) bytes of a journal of \(size)"
    }
    guard let id = snapshot.lastEventID else {
      // A snapshot taken before the journal held any event covers blank lines, if anything, and
      // the journal must still start with those.
      let start = try reader?.file.read(from: 0, to: covered) ?? Data()
      let blank = start.allSatisfy { [0x0A, 0x0D, 0x20, 0x09].contains($0) }
      return snapshot.journalEntries == 0 && blank
        ? nil : "the journal's first \(covered) bytes are not the blank lines it covers"
    }
    guard try reader?.event(endingAt: covered)?.id == id else {
      return "the journal no longer ends its first \(covered) bytes with the event it names"
    }
    return nil
  }
}

extension Snapshot {
  /// Whether the snapshot claims to cover any event of the journal.
  fileprivate var coversAnyEvent: Bool {
    lastEventID != nil || journalEntries > 0
  }
}
