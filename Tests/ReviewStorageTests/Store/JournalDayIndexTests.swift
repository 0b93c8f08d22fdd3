import Basics
import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

/// `journal-index.bin`: written with the snapshot, used only while it fits the journal.
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
    try #require(try JournalDayIndex.read(folder.appending(path: "journal-index.bin")))
  }

  /// Where `gradesInEffect(from:)` would start reading for `firstDay` without kept grades,
  /// after checking what it gives against the simple model.
  static func start(_ folder: URL, from firstDay: Day) throws -> Int? {
    let store = try ReviewStore.openReadOnly(folder: folder)
    #expect(
      try store.gradesInEffect(from: firstDay)
        == (try ReviewsFromDayTests.model(store, from: firstDay)))
    let reader = JournalReader(file: try StateFile(folder.journal, flags: O_RDONLY))
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
      try index.encoded().write(to: folder.appending(path: "journal-index.bin"))
      let store = try ReviewStore.openReadOnly(folder: folder)
      #expect(try store.gradesInEffect(from: day("2026-11-01")).isEmpty)
      #expect(try ReviewsFromDayTests.model(store, from: day("2026-11-01")).count == 9)
      // Earlier than it keeps: the lines, from where that day begins.
      #expect(try Self.start(folder, from: day("2026-10-03")) ?? 0 > 0)
    }
  }

  @Test("writes an index that reads back the same, whatever the card ids")
  func roundTrip() throws {
    let cards = [
      "a", "two words", #"quote " and \ slash"#, "größe", String(repeating: "x", count: 256),
    ]
    var recent = JournalDayIndex.Recent(from: day("2026-10-01"))
    for (offset, card) in cards.enumerated() {
      recent.grades.append(
        .init(
          id: UUID(),
          grade: CountedGrade(
            card: card, day: day("2026-10-01") + offset, isOfLearntCard: offset % 2 == 0,
            isRecalled: offset % 3 == 0)))
      recent.undos.append(.init(undoes: UUID(), day: day("2026-10-02") + offset))
    }
    var index = JournalDayIndex(journal: .init(device: 1, inode: 2))
    index.journalBytes = 4000
    index.lastEventID = UUID()
    index.starts = [
      .init(day: day("2026-09-01"), offset: 0), .init(day: day("2026-10-02"), offset: 99),
    ]
    index.recent = recent
    #expect(try JournalDayIndex.decode(index.encoded()) == index)
    index.recent = nil
    index.lastEventID = nil
    #expect(try JournalDayIndex.decode(index.encoded()) == index)
    let nothing = JournalDayIndex(journal: .init(device: 0, inode: 0))
    #expect(try JournalDayIndex.decode(nothing.encoded()) == nothing)
  }

  /// `index` as written, with the body changed by `change` and its hash made right again: what
  /// damage that the hash missed, or a writer's bug, would look like.
  static func rehashed(_ index: JournalDayIndex, _ change: (inout [UInt8]) -> Void) -> Data {
    var bytes = Array(index.encoded())
    var body = Array(bytes[JournalDayIndex.headLength...])
    change(&body)
    bytes.removeSubrange(JournalDayIndex.headLength...)
    bytes += body
    let length = UInt64(body.count).littleEndian
    let hash = StableHash.of(body).littleEndian
    // The head ends with the body's length and hash.
    let lengthAt = JournalDayIndex.headLength - 16
    withUnsafeBytes(of: length) { bytes.replaceSubrange(lengthAt..<lengthAt + 8, with: $0) }
    withUnsafeBytes(of: hash) { bytes.replaceSubrange(lengthAt + 8..<lengthAt + 16, with: $0) }
    return Data(bytes)
  }

  @Test("refuses every cut, every flipped byte, and values the journal could not have given")
  func refusesDamage() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let index = try Self.index(folder)
      let bytes = index.encoded()
      for length in 0..<bytes.count {
        #expect(throws: JournalDayIndex.Refusal.self, "cut at \(length)") {
          try JournalDayIndex.decode(bytes.prefix(length))
        }
      }
      #expect(throws: JournalDayIndex.Refusal.self) { try JournalDayIndex.decode(bytes + [0]) }
      // Every byte flipped: refused, or of another journal or another end of it; never used.
      let url = folder.appending(path: "journal-index.bin")
      let reader = JournalReader(file: try StateFile(folder.journal, flags: O_RDONLY))
      let store = try ReviewStore.openReadOnly(folder: folder)
      for offset in 0..<bytes.count {
        var damaged = bytes
        damaged[offset] ^= 0x10
        try damaged.write(to: url)
        #expect(store.usableIndex(in: reader) == nil, "byte \(offset) flipped")
      }
      try bytes.write(to: url)
      #expect(store.usableIndex(in: reader) == index)
      // With the hash made right: offsets out of order or past the end, a day twice, a card id
      // the journal would not read, flags it never writes.
      let first = 1 + 16 + 8
      func copy(_ from: Int, to: Int) -> (inout [UInt8]) -> Void {
        { $0.replaceSubrange(to..<to + 8, with: $0[from..<from + 8]) }
      }
      let end = withUnsafeBytes(of: UInt64(index.journalBytes).littleEndian, Array.init)
      for change: (inout [UInt8]) -> Void in [
        { $0.replaceSubrange(first + 8..<first + 16, with: end) },  // an offset at the end
        copy(first, to: first + 16),  // the second day the first's
        copy(first + 8, to: first + 24),  // the second day's offset the first's
      ] {
        #expect(throws: JournalDayIndex.Refusal.self) {
          try JournalDayIndex.decode(Self.rehashed(index, change))
        }
      }
      var late = index
      late.starts[9].offset = index.journalBytes
      #expect(throws: JournalDayIndex.Refusal.self) { try JournalDayIndex.decode(late.encoded()) }
      var control = index
      control.recent?.grades[0].grade.card = "new\nline"
      #expect(throws: JournalDayIndex.Refusal.self) {
        try JournalDayIndex.decode(control.encoded())
      }
      var empty = index
      empty.recent?.grades[0].grade.card = ""
      #expect(throws: JournalDayIndex.Refusal.self) { try JournalDayIndex.decode(empty.encoded()) }
      // The last event's id, the days, the kept days' start, the card ids (four of one byte),
      // the grades' count, the first grade's id and day.
      let gradeFlags = 17 + 8 + index.starts.count * 16 + 1 + 9 + 8 + 4 * 3 + 8 + 16 + 8
      #expect(index.recent.map { Set($0.grades.map(\.grade.card)) } == ["a", "b", "c", "d"])
      #expect(
        try JournalDayIndex.decode(Self.rehashed(index) { _ = $0 }) == index)
      #expect(throws: JournalDayIndex.Refusal.self) {
        try JournalDayIndex.decode(Self.rehashed(index) { $0[gradeFlags] = 4 })
      }
      // A grade whose card is not among the card ids.
      #expect(throws: JournalDayIndex.Refusal.self) {
        try JournalDayIndex.decode(Self.rehashed(index) { $0[gradeFlags + 1] = 4 })
      }
      #expect(try JournalDayIndex.decode(Self.rehashed(index) { $0[gradeFlags + 1] = 3 }) != index)
    }
  }

  @Test(
    "kept without grades, as before they were kept, still says where days begin; the next snapshot keeps them"
  )
  func indexWithoutGrades() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      var index = try Self.index(folder)
      index.recent = nil
      try index.encoded().write(to: folder.appending(path: "journal-index.bin"))
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
      try FileManager.default.removeItem(at: folder.appending(path: "journal-index.bin"))
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
      let index = try Data(contentsOf: folder.appending(path: "journal-index.bin"))

      // A copy renamed over the journal: the same bytes, another inode.
      try bytes.write(to: folder.journal, options: .atomic)
      #expect(try Self.start(folder, from: firstDay) == nil)

      // Put back on the journal's new inode, the index fits again...
      var status = stat()
      stat(folder.journal.path, &status)
      var moved = try JournalDayIndex.decode(index)
      moved.journal = FileInode(
        device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      try moved.encoded().write(to: folder.appending(path: "journal-index.bin"))
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
      let url = folder.appending(path: "journal-index.bin")
      var index = try Self.index(folder)
      index.starts[5].offset += 1
      try index.encoded().write(to: url)
      #expect(try Self.start(folder, from: index.starts[5].day) == nil)
      for damaged in ["", "{", "quiz-index.bin\n\0", "\u{0}"] {
        try Data(damaged.utf8).write(to: url)
        #expect(try Self.start(folder, from: day("2026-11-08")) == nil, "\(damaged)")
      }
    }
  }

  @Test("planted as a link, is not followed by a reader, and is replaced by the writer")
  func plantedLink() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let url = folder.appending(path: "journal-index.bin")
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

  @Test("of a newer version, or one never written, is neither used nor replaced")
  func versions() throws {
    try withTemporaryDirectory { folder in
      try JournalDayIndexTests.tenDays(folder)
      let url = folder.appending(path: "journal-index.bin")
      var newer = try Data(contentsOf: url)
      newer[JournalDayIndex.magic.count] = 2
      #expect(throws: JournalDayIndex.Refusal.newerVersion(found: 2)) {
        try JournalDayIndex.decode(newer)
      }
      var never = newer
      never[JournalDayIndex.magic.count] = 0
      #expect(throws: JournalDayIndex.Refusal.unreadable("version 0 was never written")) {
        try JournalDayIndex.decode(never)
      }
      try newer.write(to: url)
      #expect(try Self.start(folder, from: day("2026-11-08")) == nil)
      let store = try openStore(folder, clock: TestClock("2026-11-20T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      #expect(try Data(contentsOf: url) == newer)
      // One of version 0, which no quiz wrote, is replaced.
      try never.write(to: url)
      let next = try openStore(folder, clock: TestClock("2026-11-21T10:00:00Z"))
      try next.record(4, for: "a")
      try next.close()
      #expect(try Self.start(folder, from: day("2026-11-08")) != nil)
    }
  }

  @Test(
    "of an earlier quiz, journal-index.json, is neither read nor removed; the writer makes the binary one"
  )
  func earlierJSONIndex() throws {
    try withTemporaryDirectory { folder in
      try Self.tenDays(folder)
      let binary = folder.appending(path: "journal-index.bin")
      let json = folder.appending(path: "journal-index.json")
      try FileManager.default.removeItem(at: binary)
      let old = Data(#"{"dayStarts":{"2026-11-01":0},"journalBytes":1,"version":1}"#.utf8)
      try old.write(to: json)
      #expect(try Self.start(folder, from: day("2026-11-08")) == nil)
      let store = try openStore(folder, clock: TestClock("2026-11-20T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      #expect(try Self.start(folder, from: day("2026-11-08")) != nil)
      #expect(try Data(contentsOf: json) == old)
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
      try FileManager.default.removeItem(at: folder.appending(path: "journal-index.bin"))
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
      let url = folder.appending(path: "journal-index.bin")
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
