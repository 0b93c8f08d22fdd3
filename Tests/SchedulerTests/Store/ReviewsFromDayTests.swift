import Foundation
import Testing

@testable import Scheduler

/// `ReviewStore.gradesInEffect(from:)`, which takes the grades `journal-index.json` keeps and
/// reads the journal after it, or from where it says the days begin, against the simple model:
/// every event of the journal, the reviews in effect, the earlier days left out.
@Suite("Reviews in effect from a day")
struct ReviewsFromDayTests {
  /// What the simple model gives for `firstDay` on the folder as a reader sees it.
  static func model(_ store: ReviewStore, from firstDay: Day) throws -> [CountedGrade] {
    try store.journalEvents().reviewsInEffect().filter { $0.day >= firstDay }.map(
      CountedGrade.init)
  }

  /// `quiz stats --json` of cards `a` to `g` in two decks, from `reviews`.
  static func statistics(
    _ store: ReviewStore, grades: [CountedGrade], today: Day
  ) throws -> String {
    let cards = ["a", "b", "c", "d", "e", "f", "g"].enumerated().map {
      TrackedCard(
        id: $0.element, deck: $0.offset < 4 ? "one" : "two", topic: "t\($0.offset % 3)",
        kind: "syntax")
    }
    let decks = ["one", "two"].map { TrackedDeck(name: $0, title: $0, location: $0) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let statistics = ReviewStatistics(
      cards: cards, decks: decks, state: store.state, grades: grades, today: today)
    return String(decoding: try encoder.encode(statistics), as: UTF8.self)
  }

  /// Every day a review or undo of the journal names, with the days either side, and one
  /// before and after all of them.
  static func daysToAsk(_ store: ReviewStore) throws -> [Day] {
    var days: Set<Day> = []
    for event in try store.journalEvents() {
      switch event {
      case .review(let review): days.insert(review.day)
      case .undo(let undo): days.insert(undo.reviewDay)
      default: break
      }
    }
    var asked = Set(days.flatMap { [$0 - 1, $0, $0 + 1] })
    if let first = days.min(), let last = days.max() {
      asked.formUnion([first - 40, last + 40])
    }
    return asked.sorted()
  }

  @Test(
    "gives the simple model's reviews on random journals with undos, merges, imports, day-start changes, lost and old snapshots and indexes, and torn lines",
    arguments: 0..<10)
  func randomJournals(seed: Int) throws {
    try withTemporaryDirectory { root in
      var journal = RandomJournal(root: root, seed: UInt64(seed))
      var skipped = 0
      var kept = 0
      for _ in 0..<12 {
        try journal.step()
        guard FileManager.default.fileExists(atPath: journal.folder.journal.path) else { continue }
        let store = try ReviewStore.openReadOnly(folder: journal.folder)
        let reader = JournalReader(file: try OpenFile(journal.folder.journal, flags: O_RDONLY))
        for day in try Self.daysToAsk(store) {
          let fast = try store.gradesInEffect(from: day)
          #expect(fast == (try Self.model(store, from: day)), "seed \(seed), from \(day)")
          if let index = store.usableIndex(in: reader) {
            if index.recent?.keeps(day) == true {
              kept += 1
            } else if (ReviewStore.lineStart(of: index, from: day, in: reader) ?? 0) > 0 {
              skipped += 1
            }
          }
          // And so `quiz stats --json` for the day whose retention starts there.
          let today = day + (ReviewStatistics.retentionDays - 1)
          let all = try store.journalEvents().reviewsInEffect().map(CountedGrade.init)
          #expect(
            try Self.statistics(store, grades: fast, today: today)
              == (try Self.statistics(store, grades: all, today: today)))
        }
      }
      // Both shortcuts were taken: the property holds of them, not only of a full read.
      #expect(kept > 0)
      #expect(skipped > 0)
    }
  }
}

/// A state folder changed at random, one step at a time, in the ways a journal comes to be.
struct RandomJournal {
  let folder: URL
  let other: URL
  private var random: SeededGenerator
  private var now = moment("2026-01-05T10:00:00Z")
  private var savedSnapshot: Data?
  private var savedIndex: Data?
  private var tornAtEnd = false
  private let cards = ["a", "b", "c", "d", "e", "f", "g"]

  init(root: URL, seed: UInt64) {
    folder = root.appending(path: "state")
    other = root.appending(path: "other")
    random = SeededGenerator(seed: seed &* 7919 &+ 17)
  }

  private mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  /// A clock whose days start at 0, 4 or 12 o'clock, in UTC or a few hours away from it.
  private mutating func dayClock() -> DayClock {
    let offset = [0, 0, -5, 3, 9].randomElement(using: &random)! * 3600
    return DayClock(
      timeZone: TimeZone(secondsFromGMT: offset)!,
      dayStartHour: [0, 4, 4, 12].randomElement(using: &random)!)
  }

  /// A session in `folder` that grades, undoes, suspends and imports, sometimes closed and
  /// sometimes dropped as a crash would leave it; the clock mostly moves forward.
  private mutating func session(in place: URL, from clock: Date, merging: Bool) throws -> Date {
    let threshold = Int.random(in: 2...40, using: &random)
    var time = clock
    let ticks = TestClock("2026-01-01T00:00:00Z")
    ticks.now = time
    if place == folder { tornAtEnd = false }
    let store = try ReviewStore.open(
      folder: place, dayClock: dayClock(), now: { ticks.now }, compactionThreshold: threshold)
    for _ in 0..<Int.random(in: 1...30, using: &random) {
      let roll = Int.random(in: 0..<100, using: &random)
      let card = cards.randomElement(using: &random)!
      switch roll {
      case 0..<62:
        try store.record(Grade(rawValue: Int.random(in: 0...5, using: &random))!, for: card)
      case 62..<78:
        try store.undo()
      case 78..<84:
        if store.isSuspended(card) { try store.unsuspend(card) } else { try store.suspend(card) }
      case 84..<89:
        let at = ticks.now - Double(Int.random(in: 0...90, using: &random)) * 86_400
        let state = CardState(
          repetitions: Int.random(in: 0...4, using: &random), interval: 3,
          due: utcMidnight.day(for: at),
          reviews: 2, lastReview: chance(80) ? at : nil)
        try store.appendImported([
          .imported(
            ImportEvent(
              id: JournalEvent.derivedID("\(card) \(at)"), card: card, at: ticks.now,
              origin: "anki", state: state))
        ])
      default:
        break
      }
      // Seconds apart, hours, days, and now and then a clock set back by a day or two.
      let step: [Double] = [5, 40, 3_600, 7 * 3_600, 86_400, 2 * 86_400, -86_400, -2 * 86_400]
      ticks.now += step.randomElement(using: &random)! + Double.random(in: 0...60, using: &random)
      time = max(time, ticks.now)
    }
    if merging {
      try store.merge(from: other)
      // A snapshot from before a merge may name a torn-line marker that the merge left out.
      savedSnapshot = nil
    }
    if chance(85) { try store.close() }
    return time + 3_600
  }

  /// One thing that happens to the folder.
  mutating func step() throws {
    // Now and then a break of days or weeks, so that the journal outgrows the grades kept.
    if chance(40) { now += Double(Int.random(in: 5...20, using: &random)) * 86_400 }
    let roll = Int.random(in: 0..<100, using: &random)
    switch roll {
    case 0..<55:
      now = try session(in: folder, from: now, merging: false)
    case 55..<70:
      // Another machine's grades, interleaved by time with this one's.
      let start = now + Double(Int.random(in: -3...0, using: &random)) * 86_400
      _ = try session(in: other, from: start, merging: false)
      now = try session(in: folder, from: now, merging: true)
    case 70..<76:
      try? FileManager.default.removeItem(at: folder.snapshot)
    case 76..<82:
      try? FileManager.default.removeItem(at: folder.appending(path: "journal-index.json"))
    case 82..<88:
      // Files put back from an earlier copy: an old snapshot (replayed from), an old index.
      if let savedSnapshot, chance(50) { try savedSnapshot.write(to: folder.snapshot) }
      if let savedIndex, chance(50) {
        try savedIndex.write(to: folder.appending(path: "journal-index.json"))
      }
      savedSnapshot = try? Data(contentsOf: folder.snapshot)
      savedIndex = try? Data(contentsOf: folder.appending(path: "journal-index.json"))
    case 88..<94:
      if FileManager.default.fileExists(atPath: folder.journal.path), !tornAtEnd {
        // A write cut short: a torn last line, which the next writer marks as such.
        try append(Data(#"{"v":1,"id":"0b"#.utf8), to: folder.journal)
        tornAtEnd = true
      }
      if chance(50) { now = try session(in: folder, from: now, merging: false) }
    default:
      savedSnapshot = try? Data(contentsOf: folder.snapshot)
      savedIndex = try? Data(contentsOf: folder.appending(path: "journal-index.json"))
      now = try session(in: folder, from: now, merging: false)
    }
  }
}

/// `journal-index.json`: written with the snapshot, used only while it fits the journal.
@Suite("Journal day index")
struct JournalDayIndexTests {
  /// A folder with grades on ten days, one session a day, its index written by each close.
  static func tenDays(_ folder: URL) throws {
    let clock = TestClock("2026-11-01T10:00:00Z")
    for _ in 0..<10 {
      let store = try openStore(folder, clock: clock, compactionThreshold: 3)
      for card in ["a", "b", "c", "d"] {
        try store.record(4, for: card)
        clock.advance(seconds: 30)
      }
      try store.close()
      clock.advance(days: 1)
    }
  }

  static func index(_ folder: URL) throws -> JournalDayIndex {
    try #require(try JournalDayIndex.read(folder.appending(path: "journal-index.json")))
  }

  /// Where `gradesInEffect(from:)` would start reading for `firstDay` without kept grades,
  /// after checking what it gives against the simple model.
  static func start(_ folder: URL, from firstDay: Day) throws -> Int? {
    let store = try ReviewStore.openReadOnly(folder: folder)
    #expect(
      try store.gradesInEffect(from: firstDay)
        == (try ReviewsFromDayTests.model(store, from: firstDay)))
    let reader = JournalReader(file: try OpenFile(folder.journal, flags: O_RDONLY))
    return store.usableIndex(in: reader).flatMap {
      ReviewStore.lineStart(of: $0, from: firstDay, in: reader)
    }
  }

  @Test("names, for each new latest day, the offset of its first line")
  func offsets() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let index = try Self.index(folder)
      let journal = try lines(of: folder.journal)
      #expect(index.starts.count == 10)
      #expect(index.starts.first == .init(day: day("2026-11-01"), offset: 0))
      // Four grades a day: the eighth line starts the third day.
      let third = journal[0..<8].reduce(0) { $0 + $1.utf8.count + 1 }
      #expect(index.starts[2] == .init(day: day("2026-11-03"), offset: third))
      #expect(index.journalBytes == (try Data(contentsOf: folder.journal)).count)
      #expect(try Self.start(folder, from: day("2026-11-03")) == third)
      #expect(try Self.start(folder, from: day("2026-12-30")) == index.journalBytes)
      #expect(try Self.start(folder, from: day("2026-10-01")) == 0)
    }
  }

  @Test("keeps the grades and undos of the last 35 days, which stats takes instead of lines")
  func keptGrades() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-10-01T10:00:00Z")
      for _ in 0..<40 {
        let store = try openStore(folder, clock: clock, compactionThreshold: 7)
        try store.record(4, for: "a")
        try store.record(2, for: "b")
        try store.undo()
        try store.close()
        clock.advance(days: 1)
      }
      let recent = try #require(try Self.index(folder).recent)
      #expect(recent.from == day("2026-11-09") - 34)
      #expect(recent.grades.count == 70)
      #expect(recent.undos.count == 35)
      #expect(recent.grades.allSatisfy { $0.grade.day >= day("2026-10-06") })
      // The kept grades are what is counted: changed in the file, they change what stats sees.
      var index = try Self.index(folder)
      index.recent?.grades.removeAll { $0.grade.card == "a" }
      try index.encoded().write(to: folder.appending(path: "journal-index.json"))
      let store = try ReviewStore.openReadOnly(folder: folder)
      #expect(try store.gradesInEffect(from: day("2026-11-01")).isEmpty)
      #expect(try ReviewsFromDayTests.model(store, from: day("2026-11-01")).count == 9)
      // Earlier than it keeps: the lines, from where that day begins.
      #expect(try Self.start(folder, from: day("2026-10-03")) ?? 0 > 0)
    }
  }

  @Test(
    "writes kept grades that read back, whatever the card id, and declines text of another form")
  func keptGradesText() throws {
    let cards = [
      "a", "two words", #"quote " and \ slash"#, "größe", String(repeating: "x", count: 256),
    ]
    var recent = JournalDayIndex.Recent(from: day("2026-10-01"))
    for (offset, card) in cards.enumerated() {
      recent.grades.append(
        .init(
          id: UUID().journalText,
          grade: CountedGrade(
            card: card, day: day("2026-10-01") + offset, isOfLearntCard: offset % 2 == 0,
            isRecalled: offset % 3 == 0)))
      recent.undos.append(.init(undoes: UUID().journalText, day: day("2026-10-02") + offset))
    }
    var index = JournalDayIndex(journal: .init(device: 1, inode: 2))
    index.recent = recent
    #expect(try JournalDayIndex.decode(try index.encoded()).recent == recent)
    let text = recent.gradesText
    for damaged in [
      String(text.dropLast()), text.replacingOccurrences(of: " 9 two", with: " 8 two"),
      text.uppercased(), "x" + text, text.replacingOccurrences(of: " 256 ", with: " 257 "),
    ] {
      #expect(
        JournalDayIndex.Recent(grades: damaged, undos: recent.undosText, from: nil) == nil,
        "\(damaged.prefix(60))")
    }
    #expect(JournalDayIndex.Recent(grades: text, undos: recent.undosText + "x", from: nil) == nil)
  }

  @Test(
    "kept without grades, as before they were kept, still says where days begin; the next snapshot keeps them"
  )
  func indexWithoutGrades() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      var index = try Self.index(folder)
      index.recent = nil
      try index.encoded().write(to: folder.appending(path: "journal-index.json"))
      #expect(try Self.index(folder).recent == nil)
      #expect(try Self.start(folder, from: day("2026-11-08")) ?? 0 > 0)
      let store = try openStore(folder, clock: TestClock("2026-11-20T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      #expect(try Self.index(folder).recent?.grades.count == 41)
    }
  }

  @Test("extended snapshot by snapshot, is the index made from the whole journal at once")
  func extendedEqualsBuilt() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let extended = try Self.index(folder)
      try FileManager.default.removeItem(at: folder.appending(path: "journal-index.json"))
      let store = try openStore(folder, clock: TestClock("2026-11-20T10:00:00Z"))
      store.updateDayIndex()
      #expect(try Self.index(folder) == extended)
    }
  }

  @Test(
    "is not used for another journal file, a journal whose covered end changed, or a shorter one")
  func refusedWhenItDoesNotFit() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let firstDay = day("2026-11-08")
      #expect(try Self.start(folder, from: firstDay) != nil)
      let bytes = try Data(contentsOf: folder.journal)
      let index = try Data(contentsOf: folder.appending(path: "journal-index.json"))

      // A copy renamed over the journal: the same bytes, another inode.
      try bytes.write(to: folder.journal, options: .atomic)
      #expect(try Self.start(folder, from: firstDay) == nil)

      // Put back on the journal's new inode, the index fits again...
      var status = stat()
      stat(folder.journal.path, &status)
      var moved = try JournalDayIndex.decode(index)
      moved.journal = OpenFile.Identity(
        device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      try moved.encoded().write(to: folder.appending(path: "journal-index.json"))
      #expect(try Self.start(folder, from: firstDay) != nil)
      // ...until the last line it covers names another event (changed in place, same length;
      // the snapshot, which names that event too, moved away).
      try FileManager.default.removeItem(at: folder.snapshot)
      let lastLine = try #require(try lines(of: folder.journal).last)
      let id = try #require(try jsonObject(lastLine)["id"] as? String)
      let newLast = lastLine.replacingOccurrences(of: id, with: UUID().journalText)
      var changed = bytes
      changed.replaceSubrange(
        (bytes.count - lastLine.utf8.count - 1)..<(bytes.count - 1), with: Data(newLast.utf8))
      let handle = try FileHandle(forWritingTo: folder.journal)
      try handle.write(contentsOf: changed)
      try handle.close()
      #expect(try Self.start(folder, from: firstDay) == nil)

      // Cut short.
      try FileHandle(forWritingTo: folder.journal).truncate(atOffset: UInt64(bytes.count / 2))
      #expect(try Self.start(folder, from: firstDay) == nil)
    }
  }

  @Test("is not used when it names an offset inside a line, or cannot be read")
  func refusedWhenDamaged() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let url = folder.appending(path: "journal-index.json")
      var index = try Self.index(folder)
      index.starts[5].offset += 1
      try index.encoded().write(to: url)
      #expect(try Self.start(folder, from: index.starts[5].day) == nil)
      for damaged in ["", "{", "[]", #"{"version":1,"journalBytes":-4}"#, "\u{0}"] {
        try Data(damaged.utf8).write(to: url)
        #expect(try Self.start(folder, from: day("2026-11-08")) == nil, "\(damaged)")
      }
    }
  }

  @Test("planted as a link, is not followed by a reader, and is replaced by the writer")
  func plantedLink() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let url = folder.appending(path: "journal-index.json")
      let target = folder.appending(path: "elsewhere.json")
      try FileManager.default.moveItem(at: url, to: target)
      let planted = try Data(contentsOf: target)
      try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
      #expect(try Self.start(folder, from: day("2026-11-08")) == nil)
      let store = try openStore(folder, clock: TestClock("2026-11-20T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      #expect(try Data(contentsOf: target) == planted)
      let type = try FileManager.default.attributesOfItem(atPath: url.path)[.type]
      #expect(type as? FileAttributeType == .typeRegular)
      #expect(try Self.start(folder, from: day("2026-11-08")) != nil)
    }
  }

  @Test(
    "of a newer version is neither used nor replaced; missing keys take an empty index's values")
  func versions() throws {
    #expect(throws: JournalDayIndex.Refusal.newerVersion(found: 2)) {
      try JournalDayIndex.decode(Data(#"{"version":2}"#.utf8))
    }
    try withTemporaryDirectory { folder in
      try JournalDayIndexTests.tenDays(folder)
      let url = folder.appending(path: "journal-index.json")
      let newer = Data(#"{"version":2,"dayStarts":{"2026-11-01":0}}"#.utf8)
      try newer.write(to: url)
      #expect(try Self.start(folder, from: day("2026-11-08")) == nil)
      let store = try openStore(folder, clock: TestClock("2026-11-20T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      #expect(try Data(contentsOf: url) == newer)
    }
    let empty = try JournalDayIndex.decode(Data("{}".utf8))
    var nothing = JournalDayIndex(journal: .init(device: 0, inode: 0))
    nothing.recent = nil
    #expect(empty == nothing)
    #expect(throws: JournalDayIndex.Refusal.self) {
      try JournalDayIndex.decode(
        Data(#"{"journalBytes":10,"dayStarts":{"2026-11-02":3,"2026-11-03":2}}"#.utf8))
    }
  }

  @Test("counts an undo on its review's day, even when a hand-made journal puts it first")
  func undoBeforeItsReview() throws {
    try withTemporaryDirectory { folder in
      let late = ReviewEvent(
        id: UUID(), card: "b", at: moment("2026-11-10T10:00:00Z"), day: day("2026-11-10"),
        grade: 5, seconds: nil,
        before: CardState(repetitions: 2, interval: 6, due: day("2026-11-10")),
        after: CardState(repetitions: 3, interval: 15, due: day("2026-11-25")))
      var events: [JournalEvent] = [
        .undo(
          UndoEvent(
            id: UUID(), at: moment("2026-11-01T10:00:00Z"), undoes: late.id, card: "b",
            reviewDay: late.day, restored: late.before))
      ]
      for offset in 0..<9 {
        let on = day("2026-11-01") + offset
        events.append(
          .review(
            ReviewEvent(
              id: UUID(), card: "a", at: moment("2026-11-01T10:00:00Z") + Double(offset) * 86_400,
              day: on, grade: 4, seconds: nil,
              before: CardState(repetitions: 1, interval: 1, due: on),
              after: CardState(repetitions: 2, interval: 6, due: on + 6))))
      }
      events.append(.review(late))
      var journal = Data()
      for event in events { journal += try event.encodedLine() + Data("\n".utf8) }
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try journal.write(to: folder.journal)
      try openStore(folder, clock: TestClock("2026-11-11T10:00:00Z")).close()
      #expect(try Self.index(folder).starts.first?.day == late.day)
      #expect(try Self.start(folder, from: late.day) == 0)
      let store = try ReviewStore.openReadOnly(folder: folder)
      #expect(try store.gradesInEffect(from: late.day).isEmpty)
      #expect(try store.gradesInEffect(from: day("2026-11-09")).map(\.day) == [day("2026-11-09")])
    }
  }

  @Test("is read, never written, by a reader")
  func readersDoNotWrite() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      try FileManager.default.removeItem(at: folder.appending(path: "journal-index.json"))
      try append(Data(#"{"v":1,"id":"0b"#.utf8), to: folder.journal)
      let before = try stateFiles(in: folder)
      let store = try ReviewStore.openReadOnly(folder: folder)
      _ = try store.gradesInEffect(from: day("2026-11-05"))
      #expect(try stateFiles(in: folder) == before)
    }
  }

  @Test("does not read a line damaged in place inside the part it shows cannot count")
  func damagedLineInTheSkippedPart() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let journal = try lines(of: folder.journal)
      let handle = try FileHandle(forWritingTo: folder.journal)
      try handle.write(contentsOf: Data("x".utf8))
      try handle.close()
      let store = try ReviewStore.openReadOnly(folder: folder)
      #expect(throws: StateError.self) { try store.journalEvents() }
      // As loading does not read what the snapshot covers, stats does not read what the index
      // skips: the grades of the last day are those the journal holds.
      let recent = try store.gradesInEffect(from: day("2026-11-10"))
      #expect(recent.map(\.card) == ["a", "b", "c", "d"])
      #expect(journal.count == 40)
    }
  }

  @Test("leaves a damaged line where it reads to fail as the whole journal does")
  func damagedLineInTheReadPart() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      // An index of the first nine days, as a failed write of the last one would leave: the
      // last day's lines are read.
      let url = folder.appending(path: "journal-index.json")
      var index = try Self.index(folder)
      let journalBytes = index.starts[9].offset
      index.journalBytes = journalBytes
      index.lastEventID = try ReviewStore.openReadOnly(folder: folder).journalEvents()[35].id
      index.starts.removeLast()
      index.recent?.grades.removeLast(4)
      try index.encoded().write(to: url)
      #expect(try Self.index(folder).journalBytes == journalBytes)
      // Damaged in place, its length kept, so that the snapshot still fits and loading does
      // not read it.
      let journal = try lines(of: folder.journal)
      let damaged = journal.count - 3
      let offset = journal[..<damaged].reduce(0) { $0 + $1.utf8.count + 1 }
      let handle = try FileHandle(forWritingTo: folder.journal)
      try handle.seek(toOffset: UInt64(offset))
      try handle.write(contentsOf: Data("x".utf8))
      try handle.close()
      let store = try ReviewStore.openReadOnly(folder: folder)
      var whole: StateError?
      do throws(StateError) { _ = try store.journalEvents() } catch { whole = error }
      var recent: StateError?
      do throws(StateError) {
        _ = try store.gradesInEffect(from: day("2026-11-10"))
      } catch { recent = error }
      guard case .malformedJournalLine(_, let line, _) = try #require(recent) else {
        Issue.record("\(String(describing: recent))")
        return
      }
      #expect(line == damaged + 1)
      #expect(recent == whole)
    }
  }
}
