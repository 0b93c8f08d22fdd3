import Basics
import FoundationEssentials
import Scheduler

extension ReviewStore {
  /// The grades of the journal's reviews in effect whose day is `firstDay` or later, in journal
  /// order: what `journalEvents().reviewsInEffect()` gives, less the earlier days, as far as this
  /// store has read the journal.
  ///
  /// With a `journal-index.bin` that fits the journal (see ``JournalDayIndex`` for why that is
  /// enough, and what it takes on trust as the snapshot does), the grades it keeps and the lines
  /// after it; when it does not keep grades of days that early, the lines from where it shows
  /// that nothing earlier names `firstDay` or a later day; without one, every line. Nothing is
  /// written.
  public func gradesInEffect(from firstDay: Day) throws(StateError) -> [CountedGrade] {
    guard let file = try StateFile.openForReadingIfPresent(files.journal) else { return [] }
    let reader = JournalReader(file: file)
    let index = usableIndex(in: reader)
    if let index, let recent = index.recent, recent.keeps(firstDay),
      index.journalBytes <= journalBytes
    {
      var undone = Set(recent.undos.map(\.undoes))
      var later: [ReviewEvent] = []
      _ = try reader.read(from: index.journalBytes, to: journalBytes, keepingLines: false) {
        switch $0.event {
        case .review(let review): if review.day >= firstDay { later.append(review) }
        case .undo(let undo): undone.insert(undo.undoes)
        default: break
        }
      }
      // A constant: the variable, captured by the closure above, is checked for exclusive
      // access at every use.
      let undoneIDs = undone
      var grades: [CountedGrade] = []
      grades.reserveCapacity(recent.grades.count + later.count)
      // Most journals undo nothing in a month: then no id is hashed to be looked for.
      for kept in recent.grades
      where kept.grade.day >= firstDay && (undoneIDs.isEmpty || !undoneIDs.contains(kept.id)) {
        grades.append(kept.grade)
      }
      for review in later where undoneIDs.isEmpty || !undoneIDs.contains(review.id) {
        grades.append(CountedGrade(review))
      }
      return grades
    }
    let start = min(
      index.flatMap { Self.lineStart(of: $0, from: firstDay, in: reader) } ?? 0, journalBytes)
    var events: [JournalEvent] = []
    _ = try reader.read(from: start, to: journalBytes, keepingLines: false) {
      events.append($0.event)
    }
    var grades: [CountedGrade] = []
    events.forEachReviewInEffect { review in
      if review.day >= firstDay { grades.append(CountedGrade(review)) }
    }
    return grades
  }

  /// The index, if there is one that fits the journal `reader` reads.
  func usableIndex(in reader: JournalReader) -> JournalDayIndex? {
    guard let index = try? JournalDayIndex.read(files.dayIndex), (try? index.fits(reader)) == true
    else { return nil }
    return index
  }

  /// Where `index` says the reviews of `firstDay` and later begin; nil when that offset is not
  /// a line's start.
  static func lineStart(
    of index: JournalDayIndex, from firstDay: Day, in reader: JournalReader
  ) -> Int? {
    let offset = index.offset(ofReviewsFrom: firstDay)
    guard offset == 0 || (try? reader.file.read(from: offset - 1, to: offset)) == Data("\n".utf8)
    else { return nil }
    return offset
  }

  /// Brings `journal-index.bin` up to what this store has read or written of the journal,
  /// reading only the part after what the index covered if it still fits, else the whole
  /// journal (once: after a merge, or when the folder had none). Written with each snapshot.
  ///
  /// A cache: any failure (a journal that does not read, a full disk) leaves the old file,
  /// which is then either still right for what it covers or does not fit the journal. An index
  /// of a newer version is left as it is.
  func updateDayIndex() {
    do {
      guard let file = try StateFile.openForReadingIfPresent(files.journal) else { return }
      let reader = JournalReader(file: file)
      var index = JournalDayIndex(journal: try file.identity())
      let existing: JournalDayIndex?
      do {
        existing = try JournalDayIndex.read(files.dayIndex)
      } catch {
        // A newer quiz's index is left to it; any other that does not read is made anew.
        if case .newerVersion = error { return }
        existing = nil
      }
      // One that keeps no grades (from before they were kept) is made anew, once.
      if let existing, existing.recent != nil, existing.journalBytes <= journalBytes,
        try existing.fits(reader)
      {
        index = existing
      }
      guard index.journalBytes < journalBytes else { return }
      var lastEventID = index.lastEventID
      let read = try reader.read(from: index.journalBytes, to: journalBytes, keepingLines: false) {
        entry in
        index.add(entry.event, at: entry.offset)
        lastEventID = entry.event.id
      }
      // The index ends where a line ends, after an event it can name.
      guard read.tornTail == nil, !read.lacksFinalNewline, lastEventID != nil else { return }
      index.journalBytes = read.end
      index.lastEventID = lastEventID
      try StateFile.replace(
        files.dayIndex, with: index.encoded(),
        temporary: files.temporaryFile(for: files.dayIndex))
    } catch {
      return
    }
  }
}
