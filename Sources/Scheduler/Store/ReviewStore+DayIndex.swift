import Foundation

extension ReviewStore {
  /// The journal's reviews in effect whose day is `firstDay` or later, in journal order: what
  /// `journalEvents().reviewsInEffect()` gives, less the earlier days, as far as this store has
  /// read the journal.
  ///
  /// Reads the journal only from where `journal-index.json` shows that nothing earlier names
  /// `firstDay` or a later day (see ``JournalDayIndex`` for why that is enough, and what it takes
  /// on trust as the snapshot does); without an index that fits the journal, from its start.
  /// Nothing is written.
  public func reviewsInEffect(from firstDay: Day) throws(StateError) -> [ReviewEvent] {
    guard let file = try OpenFile.openForReadingIfPresent(files.journal) else { return [] }
    let reader = JournalReader(file: file)
    let start = min(indexedOffset(ofReviewsFrom: firstDay, in: reader) ?? 0, journalBytes)
    var events: [JournalEvent] = []
    _ = try reader.read(from: start, to: journalBytes, keepingLines: false) {
      events.append($0.event)
    }
    var reviews: [ReviewEvent] = []
    events.forEachReviewInEffect { review in
      if review.day >= firstDay { reviews.append(review) }
    }
    return reviews
  }

  /// Where the index says the reviews of `firstDay` and later begin; nil without an index that
  /// fits the journal, or when the offset it names is not a line's start.
  func indexedOffset(ofReviewsFrom firstDay: Day, in reader: JournalReader) -> Int? {
    guard let index = try? JournalDayIndex.read(files.dayIndex), (try? index.fits(reader)) == true
    else { return nil }
    let offset = index.offset(ofReviewsFrom: firstDay)
    guard offset == 0 || (try? reader.file.read(from: offset - 1, to: offset)) == Data("\n".utf8)
    else { return nil }
    return offset
  }

  /// Brings `journal-index.json` up to what this store has read or written of the journal,
  /// reading only the part after what the index covered if it still fits, else the whole
  /// journal (once: after a merge, or when the folder had none). Written with each snapshot.
  ///
  /// A cache: any failure (a journal that does not read, a full disk) leaves the old file,
  /// which is then either still right for what it covers or does not fit the journal. An index
  /// of a newer version is left as it is.
  func updateDayIndex() {
    do {
      guard let file = try OpenFile.openForReadingIfPresent(files.journal) else { return }
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
      if let existing, existing.journalBytes <= journalBytes, try existing.fits(reader) {
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
      index.version = JournalDayIndex.currentVersion
      index.journalBytes = read.end
      index.lastEventID = lastEventID
      try OpenFile.replace(
        files.dayIndex, with: try index.encoded(),
        temporary: files.temporaryFile(for: files.dayIndex))
    } catch {
      return
    }
  }
}
