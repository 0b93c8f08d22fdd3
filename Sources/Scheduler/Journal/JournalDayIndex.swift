import FoundationEssentials

/// Where in the journal the days of its reviews begin: for each line that names a later day
/// than every line before it, that day and the line's byte offset. The contents of
/// `journal-index.json` (see docs/state-format.md).
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
    /// A review's id (as the journal writes it) and what it counts for.
    struct Grade: Equatable {
      var id: String
      var grade: CountedGrade
    }

    /// An undo's review (its id as the journal writes it) and that review's day.
    struct Undo: Equatable {
      var undoes: String
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

  /// The format version this code writes.
  static let currentVersion = 1
  /// How many days up to the latest the index keeps the grades of: the 30 of retention, and
  /// five more for the days after the last review.
  static let recentDays = 35

  var version = JournalDayIndex.currentVersion
  /// The journal file it was made from, so that a journal replaced by a merge or a copy (a new
  /// inode) is not taken for the same one.
  var journal: OpenFile.Identity
  /// How many bytes of the journal it covers; always the end of a line.
  var journalBytes = 0
  /// The id of the last event covered; nil only when it covers no event.
  var lastEventID: UUID?
  /// In file order, so days and offsets both increase.
  var starts: [Start] = []
  /// Nil in a file that does not keep them (written before they were kept).
  var recent: Recent? = Recent()

  /// An index of nothing yet, for `journal`.
  init(journal: OpenFile.Identity) {
    self.journal = journal
  }

  /// Takes in `event`, which starts at `offset`, just after what the index covers so far.
  mutating func add(_ event: JournalEvent, at offset: Int) {
    let day: Day
    switch event {
    case .review(let review):
      day = review.day
      if recent?.keeps(day) == true {
        recent?.grades.append(Recent.Grade(id: review.id.journalText, grade: CountedGrade(review)))
      }
    // The undo's review may lie anywhere; the undo is indexed on that review's day so that
    // skipping it never skips the taking back of a review that counts.
    case .undo(let undo):
      day = undo.reviewDay
      if recent?.keeps(day) == true {
        recent?.undos.append(Recent.Undo(undoes: undo.undoes.journalText, day: day))
      }
    case .suspension, .tornLine, .imported: return
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
  /// Why a `journal-index.json` is not used.
  enum Refusal: Error, Equatable {
    /// It is not an index: not JSON, a value of the wrong type or out of range.
    case unreadable(String)
    /// A newer quiz wrote it.
    case newerVersion(found: Int)
  }

  /// Reads `url`; nil when there is no such file.
  ///
  /// Any failure to read it, including a link or a FIFO in its place, is a refusal: the index is
  /// a cache, and without it the journal is read whole.
  static func read(_ url: URL) throws(Refusal) -> JournalDayIndex? {
    let data: Data
    do {
      guard let file = try OpenFile.openForReadingIfPresent(url) else { return nil }
      data = try file.read(from: 0)
    } catch {
      throw .unreadable(error.description)
    }
    return try decode(data)
  }

  /// The index in `data`.
  static func decode(_ data: Data) throws(Refusal) -> JournalDayIndex {
    do {
      return try FastJSONDecoder.decode(JournalDayIndex.self, from: data)
    } catch let refusal as Refusal {
      throw refusal
    } catch {
      // FastJSONDecoder declines some JSON that is valid (escapes, say); it is read once more.
    }
    do {
      return try JSONDecoder().decode(JournalDayIndex.self, from: data)
    } catch let refusal as Refusal {
      throw refusal
    } catch let error as DecodingError {
      throw .unreadable(error.shortDescription)
    } catch {
      throw .unreadable(String(describing: error))
    }
  }

  /// The bytes written: sorted keys, so that the same index gives the same file.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }
}

extension JournalDayIndex: Codable {
  enum CodingKeys: String, CodingKey {
    case version, journalDevice, journalInode, journalBytes, lastEventID, dayStarts
    case recentFrom, recentGrades, recentUndos
  }

  /// Decodes an index; missing keys take the values of an empty one (which fits an empty
  /// journal only, so a file missing what matters is not used). Offsets must increase with the
  /// days and lie within what the index covers.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
    guard version <= Self.currentVersion else { throw Refusal.newerVersion(found: version) }
    guard version >= 1 else { throw Refusal.unreadable("version \(version) was never written") }
    journal = OpenFile.Identity(
      device: try container.decodeIfPresent(UInt64.self, forKey: .journalDevice) ?? 0,
      inode: try container.decodeIfPresent(UInt64.self, forKey: .journalInode) ?? 0)
    journalBytes = try container.decodeIfPresent(Int.self, forKey: .journalBytes) ?? 0
    guard journalBytes >= 0 else { throw Refusal.unreadable("journalBytes is negative") }
    lastEventID = try container.decodeIfPresent(String.self, forKey: .lastEventID).map {
      text in
      guard let id = UUID(uuidString: text) else {
        throw Refusal.unreadable("lastEventID \"\(text)\" is not a UUID")
      }
      return id
    }
    let byText = try container.decodeIfPresent([String: Int].self, forKey: .dayStarts) ?? [:]
    var starts: [Start] = []
    for (text, offset) in byText {
      guard let day = Day(text) else { throw Refusal.unreadable("\"\(text)\" is not a day") }
      starts.append(Start(day: day, offset: offset))
    }
    starts.sort { $0.day < $1.day }
    var previous = -1
    for start in starts {
      guard start.offset > previous, start.offset < journalBytes else {
        throw Refusal.unreadable("the offset of \(start.day) is out of order or out of range")
      }
      previous = start.offset
    }
    self.starts = starts
    recent = try Self.decodeRecent(container)
  }

  /// The kept grades, nil when the file has none (see ``Recent/init(grades:undos:from:)``).
  private static func decodeRecent(
    _ container: KeyedDecodingContainer<CodingKeys>
  ) throws -> Recent? {
    guard let grades = try container.decodeIfPresent(String.self, forKey: .recentGrades) else {
      return nil
    }
    var from: Day?
    if let text = try container.decodeIfPresent(String.self, forKey: .recentFrom) {
      guard let day = Day(text) else { throw Refusal.unreadable("\"\(text)\" is not a day") }
      from = day
    }
    let undos = try container.decodeIfPresent(String.self, forKey: .recentUndos) ?? ""
    guard let recent = Recent(grades: grades, undos: undos, from: from) else {
      throw Refusal.unreadable("the kept grades are not in their form")
    }
    return recent
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(journal.device, forKey: .journalDevice)
    try container.encode(journal.inode, forKey: .journalInode)
    try container.encode(journalBytes, forKey: .journalBytes)
    try container.encodeIfPresent(lastEventID?.journalText, forKey: .lastEventID)
    try container.encode(
      Dictionary(uniqueKeysWithValues: starts.map { ($0.day.description, $0.offset) }),
      forKey: .dayStarts)
    if let recent {
      try container.encodeIfPresent(recent.from?.description, forKey: .recentFrom)
      try container.encode(recent.gradesText, forKey: .recentGrades)
      try container.encode(recent.undosText, forKey: .recentUndos)
    }
  }
}
