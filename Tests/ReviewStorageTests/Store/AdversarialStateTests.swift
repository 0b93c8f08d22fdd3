import Basics
import Foundation
import Glibc
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

/// Attacks from an adversarial pass over the first round of hardening.
@Suite("Review store: the adversarial pass")
struct AdversarialStateTests {
  @Test("stops counts at what the files hold, so a state at the limit is never written past it")
  func saturatedCounts() {
    let limit = CardState.maximumCount
    let state = CardState(
      repetitions: limit, interval: 6, due: day("2026-11-29"), lapses: limit, reviews: limit)
    for grade in [0, 5] as [Grade] {
      let next = SM2.review(
        state, grade: grade, on: day("2026-11-29"), at: moment("2026-11-29T08:00:00Z"))
      #expect(next.reviews == limit && next.lapses <= limit && next.repetitions <= limit)
    }
  }

  @Test(
    "refuses to record a review whose day the journal could not read back",
    arguments: [
      "-99999-01-01T00:00:00Z", "99999-12-31T23:00:00Z",
    ])
  func edgeOfTime(now: String) throws {
    try withTemporaryDirectory { folder in
      let at = try #require(Timestamp.parse(now))
      // Days start at 04:00 a day east of UTC: the first moment is the last day of year -100000,
      // and the last one is in year 100000.
      let clock = DayClock(timeZone: TimeZone(secondsFromGMT: now.hasPrefix("-") ? 0 : 14 * 3600)!)
      let store = try ReviewStore.open(folder: folder, dayClock: clock, now: { at })
      #expect(throws: StateError.self) { try store.record(4, for: "a") }
      try store.close()
      #expect(try ReviewStore.openReadOnly(folder: folder).state.cards.isEmpty)
    }
  }

  @Test(
    "refuses a snapshot whose ids break the journal's rule, and never writes such an id",
    arguments: [
      #"{"version":1,"journalEntries":0,"journalBytes":0,"cards":{},"suspended":["x\u001b]52;c;Zm9v\u0007"]}"#,
      #"{"version":1,"journalEntries":0,"journalBytes":0,"cards":{"a\u009b":{"due":"2026-11-29"}},"suspended":[]}"#,
    ])
  func snapshotIDs(text: String) throws {
    try withTemporaryDirectory { folder in
      try Data(text.utf8).write(to: folder.snapshot)
      #expect(throws: StateError.self) { _ = try ReviewStore.openReadOnly(folder: folder) }
    }
    try withTemporaryDirectory { folder in
      let store = try openStore(folder, clock: TestClock("2026-11-29T08:00:00Z"))
      #expect(throws: StateError.self) { try store.suspend("x\u{1B}]52;c;Zm9v\u{07}") }
      #expect(throws: StateError.self) { try store.record(4, for: "x\u{9B}") }
      try store.close()
    }
  }

  @Test(
    "refuses a link to the state folder that another user made",
    .enabled(if: geteuid() == 0, "only root can make a link belong to another user"))
  func foreignLink() throws {
    try withTemporaryDirectory { root in
      let real = root.appending(path: "victim")
      try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
      let link = root.appending(path: "state")
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
      #expect(lchown(link.path, 1, 1) == 0)
      #expect(throws: StateError.self) {
        _ = try openStore(link, clock: TestClock("2026-11-29T08:00:00Z"))
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
    }
  }

  @Test("refuses a journal too large to read at once, quickly, instead of trapping")
  func sparseJournal() throws {
    try withTemporaryDirectory { folder in
      #expect(FileManager.default.createFile(atPath: folder.journal.path, contents: nil))
      #expect(truncate(folder.journal.path, off_t(StateFile.largestRead + 1)) == 0)
      #expect(throws: StateError.self) { _ = try ReviewStore.openReadOnly(folder: folder) }
    }
  }

  @Test(
    "does not take a FIFO or a file that is not a zone for the zone TZ names",
    .timeLimit(.minutes(1)))
  func zoneFiles() throws {
    try withTemporaryDirectory { folder in
      let fifo = folder.appending(path: "zone").path
      #expect(mkfifo(fifo, 0o600) == 0)
      #expect(LocalTime.named(byTZ: fifo) == nil)
      #expect(LocalTime.named(byTZ: "/etc/passwd") == nil)
      #expect(LocalTime.named(byTZ: "/usr/share/zoneinfo/Europe/Paris") != nil)
    }
  }
}
