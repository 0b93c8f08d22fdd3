import Basics
import FoundationEssentials
import Glibc
import Scheduler

extension ReviewStore {
  /// Folds the journal of another state folder (another machine's, say) into this one.
  ///
  /// The result holds every event of both, each once (events are told apart by id), in time
  /// order with ties broken by id; events from the same journal keep their order. Then the state
  /// is rebuilt by replaying it all. Merging the same folder again changes nothing.
  ///
  /// This is the one time the journal is rewritten: to a temporary file, renamed over it, after
  /// the old journal was kept under another name (``MergeReport/backup``). The other folder is
  /// only read, and not locked. This session's grades can no longer be undone afterwards.
  @discardableResult
  public func merge(from otherFolder: URL) throws(StateError) -> MergeReport {
    var writer = try requireWriter()
    let other = StateFolder(url: otherFolder)
    guard let theirFile = try StateFile.openForReadingIfPresent(other.journal) else {
      throw .missingJournal(other.journal)
    }
    let mine = try JournalReader(file: StateFile(files.journal, flags: O_RDONLY)).read(from: 0)
    let theirs = try JournalReader(file: theirFile).read(from: 0)
    let myEntries = mine.entries.filter { !$0.isTornLineMarker }
    var known = Set(myEntries.map(\.event.id))
    let newEntries = theirs.entries.filter {
      !$0.isTornLineMarker && known.insert($0.event.id).inserted
    }
    guard !newEntries.isEmpty else {
      return MergeReport(added: 0, total: journalEntries, backup: nil)
    }

    let merged = ReviewStore.interleave(myEntries, newEntries)
    var data = Data()
    // Sized at once: grown by appends, it was copied on the way, and merging peaked higher.
    data.reserveCapacity(merged.reduce(0) { $0 + $1.line.count + 1 })
    for entry in merged {
      data.append(entry.line)
      data.append(UInt8(ascii: "\n"))
    }
    let backup = files.url.appending(
      path: "reviews-before-merge-"
        + Timestamp.format(writer.now()).replacing(":", with: "-") + "-"
        + writer.makeID().journalText.prefix(8) + ".jsonl")
    if link(files.journal.path, backup.path) != 0 {
      // A file system without hard links (a FAT memory stick, say): copy the bytes instead.
      let old = try StateFile(files.journal, flags: O_RDONLY).read(from: 0)
      try StateFile.replace(backup, with: old, temporary: files.temporaryFile(for: backup))
    }
    try StateFile.replace(
      files.journal, with: data, temporary: files.temporaryFile(for: files.journal))
    // From here on the old journal is gone: the store must follow the new one, or refuse to
    // write, whatever else fails.
    do {
      writer.journal = try StateFile(files.journal, flags: O_WRONLY | O_APPEND)
    } catch {
      self.writer = nil
      notWritableReason = "the merged journal could not be opened; open the folder again"
      throw error
    }
    self.writer = writer
    var replayer = Replayer(scheduler: scheduler)
    for entry in merged { replayer.apply(entry.event) }
    self.replayer = replayer
    journalBytes = data.count
    journalEntries = merged.count
    lastEventID = merged.last?.event.id
    unsnapshottedEntries = merged.count
    undoableReviews = []
    for (file, read) in [(files.journal, mine), (other.journal, theirs)] {
      let tornLines = read.acknowledgedTornLines + (read.tornTail == nil ? 0 : 1)
      if tornLines > 0 { warnings.append(.droppedTornLines(file: file, count: tornLines)) }
    }
    try compact()
    return MergeReport(added: newEntries.count, total: merged.count, backup: backup)
  }

  /// The two lists merged into one in time order, ties broken by id, each list's own order kept.
  static func interleave(
    _ first: [JournalReader.Entry], _ second: [JournalReader.Entry]
  ) -> [JournalReader.Entry] {
    func precedes(_ a: JournalReader.Entry, _ b: JournalReader.Entry) -> Bool {
      a.event.at != b.event.at
        ? a.event.at < b.event.at : a.event.id.journalText < b.event.id.journalText
    }
    var result: [JournalReader.Entry] = []
    result.reserveCapacity(first.count + second.count)
    var i = first.startIndex
    var j = second.startIndex
    while i < first.endIndex && j < second.endIndex {
      if precedes(second[j], first[i]) {
        result.append(second[j])
        j += 1
      } else {
        result.append(first[i])
        i += 1
      }
    }
    result.append(contentsOf: first[i...])
    result.append(contentsOf: second[j...])
    return result
  }
}

extension JournalReader.Entry {
  fileprivate var isTornLineMarker: Bool {
    if case .tornLine = event { return true }
    return false
  }
}
