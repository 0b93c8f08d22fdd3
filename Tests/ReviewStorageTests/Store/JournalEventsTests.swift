import Basics
import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: reading the journal's events")
struct JournalEventsTests {
  @Test("Every event comes back in journal order, with the snapshot covering part of it")
  func everyEventInOrder() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a", seconds: 2.5)
      try store.compact()
      clock.advance(seconds: 10)
      try store.suspend("b")
      clock.advance(seconds: 10)
      try store.record(2, for: "b")
      try store.undo()
      try store.close()

      let reader = try ReviewStore.openReadOnly(folder: folder)
      let events = try reader.journalEvents()
      #expect(events.count == 4)
      guard case .review(let first) = events[0], case .suspension(let suspension) = events[1],
        case .review(let second) = events[2], case .undo(let undo) = events[3]
      else {
        Issue.record("unexpected events: \(events)")
        return
      }
      #expect(first.card == "a" && first.grade == 4 && first.seconds == 2.5)
      #expect(suspension.card == "b" && suspension.isSuspended)
      #expect(undo.undoes == second.id)
      #expect(events.map(\.at) == events.map(\.at).sorted())
    }
  }

  @Test(
    "Reading a few bytes at a time finds what reading the whole journal finds",
    arguments: [
      "", "blank\n\n", "torn last line", "torn, acknowledged", "no final newline",
      "blank lines at the end",
    ])
  func chunkedReading(shape: String) throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      for index in 0..<12 {
        try store.record(Grade.allCases[index % 6], for: "card-\(index % 5)", seconds: 1.5)
        clock.advance(seconds: 60)
      }
      try store.suspend("card-1")
      try store.close()
      let handle = try FileHandle(forWritingTo: folder.journal)
      handle.seekToEndOfFile()
      switch shape {
      case "blank\n\n": handle.write(Data("\n  \n".utf8))
      case "torn last line": handle.write(Data(#"{"v":1,"id":"4f0c"#.utf8))
      case "no final newline":
        handle.truncateFile(atOffset: handle.offsetInFile - 1)
      case "blank lines at the end": handle.write(Data("\n\n\n".utf8))
      default: break
      }
      try handle.close()
      if shape == "torn, acknowledged" {
        // A torn line, then a writer that marks it torn and appends after it.
        let torn = try FileHandle(forWritingTo: folder.journal)
        torn.seekToEndOfFile()
        torn.write(Data(#"{"v":1,"id":"4f0c"#.utf8))
        try torn.close()
        let writer = try openStore(folder, clock: clock)
        try writer.record(3, for: "card-2")
        try writer.close()
      }

      let reader = JournalReader(file: try StateFile(folder.journal, flags: O_RDONLY))
      let whole = try reader.read(from: 0)
      #expect(whole.entries.count >= 13)
      for chunkSize in [1, 2, 7, 64, 97, 256, 1 << 22] {
        let chunked = try reader.read(from: 0, keepingLines: false, chunkSize: chunkSize)
        #expect(chunked.entries.map(\.event) == whole.entries.map(\.event), "\(chunkSize)")
        #expect(chunked.entries.map(\.offset) == whole.entries.map(\.offset), "\(chunkSize)")
        #expect(chunked.entries.allSatisfy { $0.line.isEmpty })
        #expect(chunked.end == whole.end)
        #expect(chunked.lacksFinalNewline == whole.lacksFinalNewline)
        #expect(chunked.acknowledgedTornLines == whole.acknowledgedTornLines)
        #expect(chunked.tornTail?.offset == whole.tornTail?.offset)
        #expect(chunked.tornTail?.isTerminated == whole.tornTail?.isTerminated)
        #expect(chunked.tornTail?.lineNumber == whole.tornTail?.lineNumber)
      }
      if shape == "torn last line" { #expect(whole.tornTail != nil) }
      if shape == "torn, acknowledged" { #expect(whole.acknowledgedTornLines == 1) }
      if shape == "no final newline" { #expect(whole.lacksFinalNewline) }
    }
  }

  @Test("A writer's events include what it appended since opening")
  func writerSeesItsOwnEvents() throws {
    try withTemporaryDirectory { folder in
      let store = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      #expect(try store.journalEvents().isEmpty)
      try store.record(5, for: "a")
      #expect(try store.journalEvents().map(\.id).count == 1)
    }
  }

  @Test("A folder with no journal has no events, and reading it creates nothing")
  func noJournal() throws {
    try withTemporaryDirectory { folder in
      let missing = folder.appending(path: "never-used")
      let events = try ReviewStore.openReadOnly(folder: missing).journalEvents()
      #expect(events.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
  }

  @Test("A torn last line is skipped, and the file is left as it is")
  func tornLastLine() throws {
    try withTemporaryDirectory { folder in
      let store = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      try append(
        Data(#"{"v":1,"id":"5b0c","card":"a","at":"2026-11-29T1"#.utf8), to: folder.journal)
      let files = try stateFiles(in: folder)

      #expect(try ReviewStore.openReadOnly(folder: folder).journalEvents().count == 1)
      #expect(try stateFiles(in: folder) == files)
    }
  }

  @Test(
    "Events appended by a writer after a reader opened are not read, so they agree with its state")
  func readerStopsWhereItsStateStops() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let writer = try openStore(folder, clock: clock)
      try writer.record(4, for: "a")
      let reader = try ReviewStore.openReadOnly(folder: folder)
      try writer.record(5, for: "b")
      #expect(try reader.journalEvents().count == 1)
      #expect(reader.state.cards.keys.sorted() == ["a"])
    }
  }

  @Test("Reviews in effect leave out the undone grades and keep the rest in order")
  func reviewsInEffect() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      clock.advance(seconds: 5)
      try store.record(1, for: "b")
      try store.undo()
      clock.advance(seconds: 5)
      try store.record(3, for: "b")
      try store.suspend("a")

      let reviews = try store.journalEvents().reviewsInEffect()
      #expect(reviews.map(\.card) == ["a", "b"])
      #expect(reviews.map(\.grade) == [4, 3])
    }
  }

  @Test("Read without holding the events, the journal gives the same events, undone ones marked")
  func streamedEvents() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      clock.advance(seconds: 5)
      try store.record(1, for: "b")
      try store.undo()
      try store.compact()
      clock.advance(seconds: 5)
      try store.record(3, for: "b")
      try store.record(2, for: "a")
      try store.undo()
      try store.suspend("a")

      let events = try store.journalEvents()
      var streamed: [JournalEvent] = []
      try store.forEachJournalEvent { streamed.append($0) }
      #expect(streamed == events)

      var marked: [(JournalEvent, Bool)] = []
      try store.forEachJournalEvent { marked.append(($0, $1)) }
      #expect(marked.map(\.0) == events)
      let undone = Set(
        events.compactMap { if case .undo(let undo) = $0 { undo.undoes } else { nil } })
      #expect(marked.map(\.1) == events.map { undone.contains($0.id) })
      #expect(marked.filter(\.1).count == 2)

      var reviews: [ReviewEvent] = []
      try store.forEachReviewInEffect { reviews.append($0) }
      #expect(reviews == events.reviewsInEffect())
      #expect(reviews.map(\.card) == ["a", "b"])
    }
  }

  @Test("A damaged line in the middle stops the streamed reading with the journal's error")
  func streamedDamage() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      try store.record(3, for: "b")
      try store.close()
      // Damaged after the reader read it, in place, its length kept.
      let reader = try ReviewStore.openReadOnly(folder: folder)
      let journal = folder.appendingPathComponent("reviews.jsonl")
      var text = try String(contentsOf: journal, encoding: .utf8)
      let card = try #require(text.range(of: "\"card\""))
      text.replaceSubrange(card, with: "\"cxrd\"")
      try text.write(to: journal, atomically: false, encoding: .utf8)
      var visited = 0
      #expect(throws: StateError.self) {
        try reader.forEachJournalEvent { _, _ in visited += 1 }
      }
      // The first read, for the undo events, finds it before any event is handed on.
      #expect(visited == 0)

      // Reading only the lines that may be undos first, the damage is found when it is reached.
      let marked = try reader.markedJournal(findingDamageFirst: false)
      #expect(throws: StateError.self) {
        // A journal read from its file, not a sequence: its `forEach` has no `for` loop.
        // swift-format-ignore: ReplaceForEachWithForLoop
        try marked.forEach { _, _ in visited += 1 }
      }
      #expect(visited == 0)
    }
  }

  @Test("A damaged line past the first events is found after them when damage is not sought first")
  func lateDamage() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      try store.record(3, for: "b")
      try store.record(2, for: "c")
      try store.close()
      let reader = try ReviewStore.openReadOnly(folder: folder)
      let journal = folder.appendingPathComponent("reviews.jsonl")
      var text = try String(contentsOf: journal, encoding: .utf8)
      // Not the last line, which would read as torn by a crash.
      let second = try #require(text.range(of: #""card":"b""#))
      text.replaceSubrange(second, with: #""cxrd":"b""#)
      try text.write(to: journal, atomically: false, encoding: .utf8)

      #expect(throws: StateError.self) { try reader.markedJournal() }
      var cards: [String] = []
      #expect(throws: StateError.self) {
        try reader.forEachReviewInEffect(findingDamageFirst: false) { cards.append($0.card) }
      }
      #expect(cards == ["a"])
    }
  }

  @Test(
    "Reading only the lines that may be undos marks the same reviews undone, escaped or torn lines among them"
  )
  func undoLinesOnly() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      for (index, card) in ["a", "b", "c", "d", "e", "f"].enumerated() {
        clock.advance(seconds: 5)
        try store.record(Grade(rawValue: index % 5 + 1)!, for: card)
        if index % 2 == 1 { try store.undo() }
      }
      try store.close()
      let journal = folder.appendingPathComponent("reviews.jsonl")
      var text = try String(contentsOf: journal, encoding: .utf8)
      // An undo whose type is spelled with an escape, as a JSON tool may write it, and a torn
      // line acknowledged by the writer after it.
      let undo = try #require(text.range(of: #""type":"undo""#))
      text.replaceSubrange(undo, with: #""type":"\u0075ndo""#)
      try text.write(to: journal, atomically: false, encoding: .utf8)
      let handle = try FileHandle(forWritingTo: journal)
      handle.seekToEndOfFile()
      handle.write(Data(#"{"v":1,"id":"4f0c"#.utf8))
      try handle.close()
      let writer = try openStore(folder, clock: clock)
      try writer.record(2, for: "g")
      try writer.undo()
      try writer.close()

      let reader = try ReviewStore.openReadOnly(folder: folder)
      var everyLine: [(JournalEvent, Bool)] = []
      try reader.forEachJournalEvent { everyLine.append(($0, $1)) }
      var undoLines: [(JournalEvent, Bool)] = []
      try reader.forEachJournalEvent(findingDamageFirst: false) { undoLines.append(($0, $1)) }
      #expect(undoLines.map(\.0) == everyLine.map(\.0))
      #expect(undoLines.map(\.1) == everyLine.map(\.1))
      #expect(everyLine.filter(\.1).count == 4)
      #expect(everyLine.contains { if case .tornLine = $0.0 { true } else { false } })
    }
  }

  @Test(
    "An undo line in UTF-16, which the decoder reads, is found when reading only the lines that may be undos"
  )
  func utf16Undo() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      try store.undo()
      try store.record(3, for: "b")
      try store.close()
      let journal = folder.appendingPathComponent("reviews.jsonl")
      let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
      var bytes: [UInt8] = []
      for line in lines {
        if line.contains("\"undo\"") {
          bytes += line.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        } else {
          bytes += line.utf8
        }
        bytes.append(0x0A)
      }
      try Data(bytes).write(to: journal)
      // The snapshot and its companions no longer fit the journal; the store replays it.
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name != "reviews.jsonl" {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
      }

      let reader = try ReviewStore.openReadOnly(folder: folder)
      var full: [String] = []
      try reader.forEachReviewInEffect { full.append($0.card) }
      var undoLines: [String] = []
      try reader.forEachReviewInEffect(findingDamageFirst: false) { undoLines.append($0.card) }
      #expect(full == ["b"])
      #expect(undoLines == full)
    }
  }
}
