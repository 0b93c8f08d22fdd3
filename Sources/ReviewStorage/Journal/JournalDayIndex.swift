import Basics
import FoundationEssentials
import Scheduler

/// Where in the journal the days of its reviews begin: for each line that names a later day
/// than every line before it, that day and the line's byte offset, and the grades of the last
/// weeks. The contents of `journal-index.bin` (see docs/state-format.md).
///
/// It lets `quiz stats` read only the part of the journal that can hold reviews of the last
/// days: every review before the offset of the first day at or after `firstDay` is of an earlier
/// day, and so is every review that an undo there takes back (an undo names its review's day).
/// A cache of the journal, never trusted over it: it is used only while the journal is the same
/// file (device and inode) and the line ending where the index ends is still the event it names.
/// Like the snapshot, it takes the lines it covers on trust after that check: a line edited in
/// place in the part it skips is not read.
struct JournalDayIndex: Equatable {
  /// A day and the offset of the first line that names it or a later day.
  struct Start: Equatable {
    var day: Day
    var offset: Int
  }

  /// The grades of the last weeks that the index covers, kept so that `quiz stats` need not
  /// read their lines.
  struct Recent: Equatable {
    /// A review's id and what it counts for.
    struct Grade: Equatable {
      var id: UUID
      var grade: CountedGrade
    }

    /// An undo's review (its id) and that review's day.
    struct Undo: Equatable {
      var undoes: UUID
      var day: Day
    }

    /// Every review of this day or later in what the index covers is in `grades`, and every
    /// undo that names such a day in `undos`; nil for every day.
    var from: Day?
    /// In journal order.
    var grades: [Grade] = []
    var undos: [Undo] = []

    /// Whether a review or undo of `day` is kept.
    func keeps(_ day: Day) -> Bool {
      from.map { day >= $0 } ?? true
    }
  }

  /// The format version this code writes and reads; a newer one is neither used nor replaced.
  static let currentVersion: UInt32 = 1
  /// How many days up to the latest the index keeps the grades of: the 30 of retention, and
  /// five more for the days after the last review.
  static let recentDays = 35

  /// The journal file it was made from, so that a journal replaced by a merge or a copy (a new
  /// inode) is not taken for the same one.
  var journal: FileInode
  /// How many bytes of the journal it covers; always the end of a line.
  var journalBytes = 0
  /// The id of the last event covered; nil only when it covers no event.
  var lastEventID: UUID?
  /// In file order, so days and offsets both increase.
  var starts: [Start] = []
  /// Nil in a file that does not keep them (written before they were kept).
  var recent: Recent? = Recent()

  /// An index of nothing yet, for `journal`.
  init(journal: FileInode) {
    self.journal = journal
  }

  /// Takes in `event`, which starts at `offset`, just after what the index covers so far.
  mutating func add(_ event: JournalEvent, at offset: Int) {
    let day: Day
    switch event {
    case .review(let review):
      day = review.day
      if recent?.keeps(day) == true {
        recent?.grades.append(Recent.Grade(id: review.id, grade: CountedGrade(review)))
      }
    // The undo's review may lie anywhere; the undo is indexed on that review's day so that
    // skipping it never skips the taking back of a review that counts.
    case .undo(let undo):
      day = undo.reviewDay
      if recent?.keeps(day) == true {
        recent?.undos.append(Recent.Undo(undoes: undo.undoes, day: day))
      }
    case .suspension, .tornLine, .imported, .history: return
    }
    if starts.last.map({ day > $0.day }) ?? true {
      starts.append(Start(day: day, offset: offset))
      // As the days go by, so that building from a whole journal holds only weeks of grades.
      trimRecent()
    }
  }

  /// Lets go of the grades and undos of days before the last ``recentDays``.
  mutating func trimRecent() {
    guard var kept = recent, let latest = starts.last?.day else { return }
    let from = latest - (Self.recentDays - 1)
    guard kept.from.map({ from > $0 }) ?? true else { return }
    kept.from = from
    kept.grades.removeAll { $0.grade.day < from }
    kept.undos.removeAll { $0.day < from }
    recent = kept
  }

  /// The offset from which every review of `firstDay` or later, and every undo of one, lies:
  /// nothing before it names `firstDay` or a later day.
  func offset(ofReviewsFrom firstDay: Day) -> Int {
    starts.first { $0.day >= firstDay }?.offset ?? journalBytes
  }

  /// Whether the index covers the start of the journal `reader` reads, as it is now.
  func fits(_ reader: JournalReader) throws(StateError) -> Bool {
    guard try reader.file.identity() == journal, journalBytes <= (try reader.file.size()) else {
      return false
    }
    guard journalBytes > 0 else { return true }
    guard let lastEventID else { return false }
    return try reader.event(endingAt: journalBytes)?.id == lastEventID
  }
}

extension JournalDayIndex {
  /// Why a `journal-index.bin` is not used.
  enum Refusal: Error, Equatable {
    /// It is not an index: not of its form, cut short, damaged, a value out of range.
    case unreadable(String)
    /// A newer quiz wrote it.
    case newerVersion(found: UInt32)
  }

  /// Reads `url`; nil when there is no such file.
  ///
  /// Any failure to read it, including a link or a FIFO in its place, is a refusal: the index is
  /// a cache, and without it the journal is read whole.
  static func read(_ url: URL) throws(Refusal) -> JournalDayIndex? {
    let data: Data
    do {
      guard let file = try StateFile.openForReadingIfPresent(url) else { return nil }
      data = try file.read(from: 0)
    } catch {
      throw .unreadable(error.description)
    }
    return try decode(data)
  }
}
