import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: merging two machines' folders")
struct MergeTests {
  /// Two folders graded on two machines in the same hour, their events interleaved in time.
  private func makeTwoMachines(in root: URL) throws -> (laptop: URL, desktop: URL) {
    let laptop = root.appending(path: "laptop")
    let desktop = root.appending(path: "desktop")
    let laptopClock = TestClock("2026-11-29T10:00:00Z")
    let desktopClock = TestClock("2026-11-29T10:01:00Z")
    let onLaptop = try openStore(laptop, clock: laptopClock)
    let onDesktop = try openStore(desktop, clock: desktopClock)
    try onLaptop.record(4, for: "a")  // 10:00
    try onDesktop.record(3, for: "b")  // 10:01
    laptopClock.advance(seconds: 120)
    try onLaptop.record(5, for: "b")  // 10:02, from a new b: it never saw the desktop's grade
    desktopClock.advance(seconds: 120)
    try onDesktop.record(4, for: "c")  // 10:03
    desktopClock.advance(seconds: 60)
    try onDesktop.record(2, for: "d")  // 10:04
    desktopClock.advance(seconds: 60)
    try onDesktop.undo()  // 10:05, undoes d
    try onLaptop.close()
    try onDesktop.close()
    return (laptop, desktop)
  }

  @Test("A merge holds every event once and replays both machines' grades in time order")
  func mergeCombines() throws {
    try withTemporaryDirectory { root in
      let (laptop, desktop) = try makeTwoMachines(in: root)
      let desktopState = try ReviewStore.openReadOnly(folder: desktop).state
      let store = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      let report = try store.merge(from: desktop)
      #expect(report.added == 4)
      #expect(report.total == 6)

      let today = day("2026-11-29")
      #expect(store.state(of: "c") == desktopState.cards["c"])
      #expect(store.state(of: "d") == nil)
      // b: the desktop's 3 at 10:01, then the laptop's 5 at 10:02 applied on top of it.
      let afterDesktop = try #require(desktopState.cards["b"])
      let b = try #require(store.state(of: "b"))
      #expect(
        b == SM2.review(afterDesktop, grade: 5, on: today, at: moment("2026-11-29T10:02:00Z")))
      #expect(b.reviews == 2)
      #expect(!b.needsExtraReview)
      // No event counts twice: a, b, b, c graded; a, b, c new.
      #expect(store.state.reviews(on: today) == 4)
      #expect(store.state.newCards(on: today) == 3)
      #expect(!store.canUndo)

      let reopened = try ReviewStore.openReadOnly(folder: laptop)
      #expect(reopened.state == store.state)
      #expect(reopened.warnings.isEmpty)
    }
  }

  @Test("An undo takes back only its own machine's grade, even with the other's in between")
  func undoAcrossMachines() throws {
    try withTemporaryDirectory { root in
      let laptopClock = TestClock("2026-11-29T10:00:00Z")
      let desktopClock = TestClock("2026-11-29T10:05:00Z")
      let laptop = try openStore(root.appending(path: "laptop"), clock: laptopClock)
      let desktop = try openStore(root.appending(path: "desktop"), clock: desktopClock)
      try laptop.record(5, for: "x")  // 10:00
      let desktopGrade = try desktop.record(2, for: "x")  // 10:05
      laptopClock.advance(seconds: 600)
      try laptop.undo()  // 10:10
      try laptop.merge(from: root.appending(path: "desktop"))
      #expect(laptop.state(of: "x") == desktopGrade)
      #expect(laptop.state.reviews(on: day("2026-11-29")) == 1)
      #expect(laptop.state.newCards(on: day("2026-11-29")) == 1)
      try laptop.close()
      let reopened = try ReviewStore.openReadOnly(folder: root.appending(path: "laptop"))
      #expect(reopened.state(of: "x") == desktopGrade)
    }
  }

  @Test("Merging the same folder again changes no byte")
  func idempotent() throws {
    try withTemporaryDirectory { root in
      let (laptop, desktop) = try makeTwoMachines(in: root)
      let store = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      try store.merge(from: desktop)
      let state = store.state
      let files = try stateFiles(in: laptop)
      let again = try store.merge(from: desktop)
      #expect(again == MergeReport(added: 0, total: 6, backup: nil))
      #expect(try stateFiles(in: laptop) == files)
      #expect(store.state == state)
      // Merging a folder into itself adds nothing either.
      #expect(try store.merge(from: laptop).added == 0)
    }
  }

  @Test("Merging either way gives the same journal and the same state")
  func symmetric() throws {
    try withTemporaryDirectory { root in
      let (laptop, desktop) = try makeTwoMachines(in: root)
      let first = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      try first.merge(from: desktop)
      let second = try openStore(desktop, clock: TestClock("2026-11-29T12:00:00Z"))
      try second.merge(from: laptop)
      #expect(first.state == second.state)
      #expect(try Data(contentsOf: laptop.journal) == Data(contentsOf: desktop.journal))
      // And each merged folder now has nothing new for the other.
      #expect(try first.merge(from: desktop).added == 0)
    }
  }

  @Test("The journal as it was before the merge is kept beside it")
  func backup() throws {
    try withTemporaryDirectory { root in
      let (laptop, desktop) = try makeTwoMachines(in: root)
      let before = try Data(contentsOf: laptop.journal)
      let store = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      let backup = try #require(try store.merge(from: desktop).backup)
      #expect(backup.deletingLastPathComponent().path == laptop.path)
      #expect(backup.lastPathComponent.hasPrefix("reviews-before-merge-2026-11-29T12-00-00.000Z"))
      #expect(try Data(contentsOf: backup) == before)
    }
  }

  @Test("A crash between the journal's rename and the snapshot's leaves a loadable folder")
  func crashDuringMerge() throws {
    try withTemporaryDirectory { root in
      let (laptop, desktop) = try makeTwoMachines(in: root)
      let oldSnapshot = try Data(contentsOf: laptop.snapshot)
      let store = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      try store.merge(from: desktop)
      let merged = store.state
      try store.close()
      try oldSnapshot.write(to: laptop.snapshot)  // as if the snapshot's rename never happened

      let reopened = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      #expect(reopened.state == merged)
      #expect(reopened.warnings.count == 1)
    }
  }

  @Test("Grades recorded after a merge go to the merged journal")
  func recordAfterMerge() throws {
    try withTemporaryDirectory { root in
      let (laptop, desktop) = try makeTwoMachines(in: root)
      let store = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      try store.merge(from: desktop)
      try store.record(5, for: "e")
      try store.close()
      let reopened = try ReviewStore.openReadOnly(folder: laptop)
      #expect(reopened.state(of: "e")?.reviews == 1)
      #expect(reopened.state(of: "c") != nil)
    }
  }

  @Test("Merging from a folder without a journal is an error, and changes nothing")
  func missingJournal() throws {
    try withTemporaryDirectory { root in
      let (laptop, _) = try makeTwoMachines(in: root)
      let files = try stateFiles(in: laptop)
      let store = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      let empty = root.appending(path: "empty")
      let error = try #require(throws: StateError.self) { try store.merge(from: empty) }
      #expect(error == .missingJournal(empty.journal))
      #expect(try stateFiles(in: laptop) == files)
    }
  }

  @Test("A newer-format line in the other journal stops the merge before any change")
  func newerLineInOther() throws {
    try withTemporaryDirectory { root in
      let (laptop, desktop) = try makeTwoMachines(in: root)
      try append(Data(#"{"v":9,"id":"x"}"#.utf8 + [UInt8(ascii: "\n")]), to: desktop.journal)
      let files = try stateFiles(in: laptop)
      let store = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      let error = try #require(throws: StateError.self) { try store.merge(from: desktop) }
      #expect(error == .newerVersion(file: desktop.journal, line: 5, found: 9, supported: 3))
      #expect(try stateFiles(in: laptop) == files)
    }
  }

  @Test("A torn last line in the other journal is left out, with a warning")
  func tornLineInOther() throws {
    try withTemporaryDirectory { root in
      let (laptop, desktop) = try makeTwoMachines(in: root)
      try append(Data(#"{"v":1,"id":"#.utf8), to: desktop.journal)
      let store = try openStore(laptop, clock: TestClock("2026-11-29T12:00:00Z"))
      #expect(try store.merge(from: desktop).added == 4)
      #expect(store.warnings == [.droppedTornLines(file: desktop.journal, count: 1)])
      #expect(try ReviewStore.openReadOnly(folder: laptop).warnings.isEmpty)
    }
  }
}
