import Foundation
import Glibc
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Review store: planted links, odd files and other people's folders")
struct HostileFolderTests {
  /// A file outside the state folder that a planted link points at, and its bytes.
  static let victim = Data("someone else's file\n".utf8)

  @Test(
    "refuses a symbolic link in place of a state file, and leaves its target alone",
    arguments: ["lock", "reviews.jsonl", "state.json"])
  func plantedLink(name: String) throws {
    try withTemporaryDirectory { root in
      let folder = root.appending(path: "state")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let target = root.appending(path: "victim")
      try Self.victim.write(to: target)
      try FileManager.default.createSymbolicLink(
        atPath: folder.appending(path: name).path, withDestinationPath: target.path)
      let clock = TestClock("2026-11-29T10:00:00Z")
      #expect(
        throws: StateError.notRegularFile(
          file: folder.appending(path: name), found: "a symbolic link")
      ) {
        let store = try openStore(folder, clock: clock)
        try store.record(4, for: "a")
      }
      #expect(try Data(contentsOf: target) == Self.victim)
    }
  }

  @Test("never creates the target of a dangling link")
  func danglingLink() throws {
    try withTemporaryDirectory { root in
      let folder = root.appending(path: "state")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let target = root.appending(path: "made-by-quiz")
      try FileManager.default.createSymbolicLink(
        atPath: folder.appending(path: "reviews.jsonl").path, withDestinationPath: target.path)
      #expect(throws: StateError.self) {
        _ = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      }
      #expect(!FileManager.default.fileExists(atPath: target.path))
    }
  }

  @Test(
    "refuses a FIFO in place of a state file at once, for writers and readers",
    .timeLimit(.minutes(1)), arguments: ["reviews.jsonl", "state.json", "lock"])
  func fifo(name: String) throws {
    try withTemporaryDirectory { folder in
      #expect(mkfifo(folder.appending(path: name).path, 0o600) == 0)
      let expected = StateError.notRegularFile(file: folder.appending(path: name), found: "a FIFO")
      #expect(throws: expected) {
        _ = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      }
      if name != "lock" {
        #expect(throws: expected) { _ = try ReviewStore.openReadOnly(folder: folder) }
      }
    }
  }

  @Test("creates the state folder for its owner only, and its files readable by them alone")
  func privateFiles() throws {
    try withTemporaryDirectory { root in
      let folder = root.appending(path: "new/state")
      let store = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
          ?? -1
      }
      #expect(try mode(folder) == 0o700)
      for name in ["reviews.jsonl", "state.json", "lock"] {
        #expect(try mode(folder.appending(path: name)) == 0o600, "\(name)")
      }
    }
  }

  @Test("refuses a state folder that others may write in")
  func sharedFolder() throws {
    try withTemporaryDirectory { root in
      let folder = root.appending(path: "state")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      #expect(chmod(folder.path, 0o777) == 0)
      #expect(throws: StateError.unsafeFolder(folder: folder, reason: "others may write in it")) {
        _ = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  @Test(
    "accepts a folder its own group may write in (umask 002), refuses one a shared group may",
    .enabled(if: geteuid() == 0, "only root can give a folder to another group"))
  func groupWritable() throws {
    try withTemporaryDirectory { root in
      let own = root.appending(path: "own")
      try FileManager.default.createDirectory(at: own, withIntermediateDirectories: false)
      #expect(chmod(own.path, 0o775) == 0)
      // root's primary group is root, a group of its own.
      let store = try openStore(own, clock: TestClock("2026-11-29T10:00:00Z"))
      try store.close()
      let shared = root.appending(path: "shared")
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
      #expect(chmod(shared.path, 0o770) == 0)
      #expect(chown(shared.path, geteuid(), 65534) == 0)
      #expect(throws: StateError.unsafeFolder(folder: shared, reason: "others may write in it")) {
        _ = try openStore(shared, clock: TestClock("2026-11-29T10:00:00Z"))
      }
    }
  }

  @Test(
    "refuses a state folder that another user owns",
    .enabled(if: geteuid() == 0, "only root can give a folder to another user"))
  func othersFolder() throws {
    try withTemporaryDirectory { root in
      let folder = root.appending(path: "state")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      #expect(chown(folder.path, 65534, 65534) == 0)
      #expect(throws: StateError.self) {
        _ = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  @Test("follows a link its owner made to the state folder itself")
  func linkedFolder() throws {
    try withTemporaryDirectory { root in
      let real = root.appending(path: "synced")
      try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
      let link = root.appending(path: "state")
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
      let store = try openStore(link, clock: TestClock("2026-11-29T10:00:00Z"))
      try store.record(4, for: "a")
      try store.close()
      #expect(FileManager.default.fileExists(atPath: real.appending(path: "reviews.jsonl").path))
    }
  }

  @Test(
    "calls a snapshot with a number it cannot hold JSON, saying what is wrong",
    arguments: [#"{"version": 1.5}"#, #"{"version": 1e400}"#])
  func validJSON(text: String) throws {
    try withTemporaryDirectory { folder in
      try Data(text.utf8).write(to: folder.snapshot)
      #expect(throws: StateError.self) { _ = try ReviewStore.openReadOnly(folder: folder) }
      do {
        _ = try ReviewStore.openReadOnly(folder: folder)
      } catch let error as StateError {
        #expect(error.description.contains("it is JSON, but a number in it does not fit"))
        #expect(!error.description.contains("not valid JSON"))
      }
    }
  }
}
