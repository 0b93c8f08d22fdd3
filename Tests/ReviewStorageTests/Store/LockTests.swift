import Foundation
import Glibc
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: one writer at a time")
struct LockTests {
  @Test("A second writer is refused at once, naming the folder and the first one's pid")
  func secondWriterRefused() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let first = try openStore(folder, clock: clock)
      let error = try #require(throws: StateError.self) { try openStore(folder, clock: clock) }
      #expect(error == .locked(folder: folder, pid: getpid()))
      #expect(error.description.contains("Another quiz session (process \(getpid()))"))
      #expect(error.description.contains(folder.path))
      // The first writer is unharmed, and a reader still gets in.
      try first.record(4, for: "a")
      #expect(try ReviewStore.openReadOnly(folder: folder).state(of: "a") != nil)
    }
  }

  @Test("Once the first writer closes, or goes away, the next one gets in")
  func lockReleased() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let first = try openStore(folder, clock: clock)
      try first.close()
      do {
        let second = try openStore(folder, clock: clock)
        try second.record(4, for: "a")
      }
      let third = try openStore(folder, clock: clock)
      #expect(third.state(of: "a")?.reviews == 1)
    }
  }
}
