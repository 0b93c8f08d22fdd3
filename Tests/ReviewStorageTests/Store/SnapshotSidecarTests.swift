import Foundation
import Glibc
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("The snapshot's binary sidecar, state.bin")
struct SnapshotSidecarTests {
  /// A snapshot with `count` cards of every kind of value: ids in ASCII and not, with spaces and
  /// 256 bytes, with and without a last review, extra reviews, suspended cards and day counts.
  static func snapshot(seed: UInt64, count: Int) -> Snapshot {
    var random = SeededGenerator(seed: seed)
    var snapshot = Snapshot(
      journalEntries: Int(random.next() % 100_000),
      journalBytes: seed % 5 == 0 ? nil : Int(random.next() % 50_000_000),
      lastEventID: seed % 3 == 0 ? nil : UUID())
    let names = ["swift.optionals", "ä · ü", "a b", String(repeating: "x", count: 256), "日本"]
    for index in 0..<count {
      let id = index < names.count ? names[index] : "card-\(index)"
      snapshot.state.cards[id] = CardState(
        repetitions: Int(random.next() % 9),
        easeFactor: index % 7 == 0
          ? 2.3600000000000003 : 1.3 + Double(random.next() % 170) / 100,
        interval: index == 1 ? SM2.maximumInterval : Int(random.next() % 400),
        due: Day(daysSince1970: index == 2 ? -40_000 : 11_000 + Int(random.next() % 900)),
        needsExtraReview: random.next() % 2 == 0, lapses: Int(random.next() % 5),
        reviews: index == 3 ? CardState.maximumCount : Int(random.next() % 50),
        lastReview: index % 3 == 0
          ? nil
          : Timestamp.parse(
            "2026-11-\(10 + index % 19)T0\(index % 10):04:05.\(100 + index % 900)Z"))
      if random.next() % 5 == 0 { snapshot.state.suspended.insert(id) }
    }
    snapshot.state.suspended.insert("gone, not reviewed")
    for offset in 0..<Int(random.next() % 40) {
      snapshot.state.newCardsByDay[Day(daysSince1970: 11_000 + offset)] = Int(random.next() % 20)
      snapshot.state.reviewsByDay[Day(daysSince1970: 11_000 + offset)] = Int(random.next() % 300)
    }
    return snapshot
  }

  @Test(
    "A sidecar decodes to exactly the snapshot its state.json decodes to",
    arguments: 0..<12 as Range<UInt64>)
  func decodesAsTheJSONDoes(seed: UInt64) throws {
    let snapshot = Self.snapshot(seed: seed, count: Int(seed * 37))
    let json = snapshot.encoded()
    let fromJSON = try Snapshot.decode(json, file: URL(fileURLWithPath: "/x/state.json"))
    let sidecar = SnapshotSidecar.encode(snapshot, json: json)
    #expect(SnapshotSidecar.decode(sidecar, json: json) == fromJSON)
    #expect(fromJSON == snapshot)
    #expect(sidecar.count < json.count)
  }

  @Test("A sidecar is not used with any other state.json: one byte changed, or one byte more")
  func refusesAnotherSnapshot() throws {
    let snapshot = Self.snapshot(seed: 1, count: 20)
    let json = snapshot.encoded()
    let sidecar = SnapshotSidecar.encode(snapshot, json: json)
    var edited = json
    let digit = try #require(edited.firstIndex(of: UInt8(ascii: "7")))
    edited[digit] = UInt8(ascii: "8")
    #expect(SnapshotSidecar.decode(sidecar, json: edited) == nil)
    #expect(SnapshotSidecar.decode(sidecar, json: json + Data(" ".utf8)) == nil)
    #expect(SnapshotSidecar.decode(sidecar, json: Data()) == nil)
  }

  @Test("A damaged or cut sidecar is refused, never trapped on")
  func refusesDamage() throws {
    let snapshot = Self.snapshot(seed: 2, count: 30)
    let json = snapshot.encoded()
    let sidecar = SnapshotSidecar.encode(snapshot, json: json)
    for cut in stride(from: 0, to: sidecar.count, by: 7) {
      #expect(SnapshotSidecar.decode(sidecar.prefix(cut), json: json) == nil, "cut at \(cut)")
      _ = SnapshotSidecar.decodeUnchecked(sidecar.prefix(cut))
    }
    for position in stride(from: 0, to: sidecar.count, by: 5) {
      var damaged = sidecar
      damaged[position] ^= 0x41
      #expect(SnapshotSidecar.decode(damaged, json: json) == nil, "byte \(position)")
      // Past the hashes, the reader's own checks: whatever it takes is a snapshot the JSON
      // reader would take too.
      if let taken = SnapshotSidecar.decodeUnchecked(damaged) {
        #expect(
          try Snapshot.decode(taken.encoded(), file: URL(fileURLWithPath: "/x")) == taken)
      }
    }
    #expect(SnapshotSidecar.decode(sidecar + Data([0]), json: json) == nil)
  }

  @Test("A sidecar of a newer format is not read, and a writer's start leaves it alone")
  func newerFormat() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock)
      try store.record(4, for: "a")
      try store.close()
      var newer = try Data(contentsOf: folder.sidecar)
      newer[SnapshotSidecar.magic.count] = UInt8(SnapshotSidecar.currentVersion + 1)
      #expect(SnapshotSidecar.isNewer(newer))
      #expect(SnapshotSidecar.decode(newer, json: try Data(contentsOf: folder.snapshot)) == nil)
      try newer.write(to: folder.sidecar)

      #expect(try ReviewStore.openReadOnly(folder: folder).state == store.state)
      let writer = try openStore(folder, clock: clock)
      #expect(writer.state == store.state)
      #expect(try Data(contentsOf: folder.sidecar) == newer)
      // A new snapshot makes any sidecar stale: it is replaced then.
      try writer.record(5, for: "b")
      try writer.close()
      #expect(try Data(contentsOf: folder.sidecar) != newer)
      #expect(try sidecarFits(folder))
    }
  }

  /// Whether the folder's `state.bin` reads as the sidecar of its `state.json`.
  private func sidecarFits(_ folder: URL) throws -> Bool {
    SnapshotSidecar.decode(
      try Data(contentsOf: folder.sidecar), json: try Data(contentsOf: folder.snapshot)) != nil
  }

  @Test("Every snapshot a writer writes comes with its sidecar, and loading reads it")
  func writtenWithEverySnapshot() throws {
    try withTemporaryDirectory { folder in
      let clock = TestClock("2026-11-29T10:00:00Z")
      let store = try openStore(folder, clock: clock, compactionThreshold: 3)
      for (index, card) in ["a", "b", "c", "d", "a", "e"].enumerated() {
        try store.record(Grade(rawValue: index % 6)!, for: card)
        clock.advance(seconds: 30)
      }
      try store.suspend("c")
      #expect(try sidecarFits(folder))
      try store.close()
      #expect(try sidecarFits(folder))

      // The sidecar is what loading reads: one that holds another state (with this state.json's
      // hash) is believed, which the tests below rely on to show that a sidecar was not used.
      var other = try #require(try Snapshot.read(folder.snapshot))
      other.state.cards["planted"] = .new(due: Day(daysSince1970: 5))
      let json = try Data(contentsOf: folder.snapshot)
      try SnapshotSidecar.encode(other, json: json).write(to: folder.sidecar)
      #expect(try ReviewStore.openReadOnly(folder: folder).state.cards["planted"] != nil)
    }
  }

  /// A closed folder, its state, and a sidecar that holds another state under the hash of its
  /// `state.json`: read only while the sidecar is taken to fit.
  private func plantedFolder(_ folder: URL) throws -> ReviewState {
    let clock = TestClock("2026-11-29T10:00:00Z")
    let store = try openStore(folder, clock: clock)
    try store.record(4, for: "a")
    clock.advance(seconds: 30)
    try store.record(2, for: "b")
    try store.close()
    var other = try #require(try Snapshot.read(folder.snapshot))
    other.state.cards["planted"] = .new(due: Day(daysSince1970: 5))
    try SnapshotSidecar.encode(other, json: try Data(contentsOf: folder.snapshot))
      .write(to: folder.sidecar)
    return store.state
  }

  @Test(
    "A stale, damaged, cut, oversized or missing sidecar gives the JSON's state, and a writer replaces it",
    arguments: ["stale", "damaged", "cut", "empty", "oversized", "missing", "json edited"])
  func fallsBackToTheJSON(damage: String) throws {
    try withTemporaryDirectory { folder in
      let expected = try plantedFolder(folder)
      var sidecar = try Data(contentsOf: folder.sidecar)
      var json = try Data(contentsOf: folder.snapshot)
      var state = expected
      switch damage {
      case "stale":
        // The sidecar of an earlier snapshot of the same folder.
        let earlier = Snapshot(journalEntries: 1, journalBytes: 10, state: ReviewState())
        sidecar = SnapshotSidecar.encode(earlier, json: earlier.encoded())
      case "damaged": sidecar[sidecar.count / 2] ^= 0xFF
      case "cut": sidecar = sidecar.prefix(sidecar.count - 3)
      case "empty": sidecar = Data()
      case "oversized": sidecar += Data(count: json.count + 5000)
      case "missing": break
      case "json edited":
        // state.json edited by hand (as the docs allow): its new content wins.
        let text = String(decoding: json, as: UTF8.self)
          .replacingOccurrences(of: "\"lapses\" : 0", with: "\"lapses\" : 9")
        json = Data(text.utf8)
        try json.write(to: folder.snapshot)
        for id in state.cards.keys { state.cards[id]?.lapses = 9 }
      default: Issue.record("unknown case \(damage)")
      }
      if damage == "missing" {
        try FileManager.default.removeItem(at: folder.sidecar)
      } else if damage != "json edited" {
        try sidecar.write(to: folder.sidecar)
      }
      let files = try stateFiles(in: folder)
      #expect(try ReviewStore.openReadOnly(folder: folder).state == state)
      #expect(try stateFiles(in: folder) == files)
      // A writer that did not use the sidecar writes the right one, even without a grade.
      let writer = try openStore(folder, clock: TestClock("2026-11-30T10:00:00Z"))
      #expect(writer.state == state)
      #expect(try sidecarFits(folder))
      #expect(try Data(contentsOf: folder.snapshot) == json)
      try writer.close()
      #expect(try ReviewStore.openReadOnly(folder: folder).state == state)
    }
  }

  @Test(
    "A state.json of many parts is hashed as it is read: a byte changed in its last part is seen",
    arguments: [false, true])
  func largeSnapshot(edited: Bool) throws {
    try withTemporaryDirectory { folder in
      let snapshot = Self.snapshot(seed: 3, count: 2_000)
      var json = snapshot.encoded()
      #expect(json.count > 3 * 128 << 10)
      // A sidecar of another state, under this state.json's hash: believed while it fits.
      var other = snapshot
      other.state.cards["planted"] = .new(due: Day(daysSince1970: 5))
      try SnapshotSidecar.encode(other, json: json).write(to: folder.sidecar)
      if edited {
        let digit = try #require(json.lastIndex(of: UInt8(ascii: "7")))
        json[digit] = UInt8(ascii: "8")
      }
      try json.write(to: folder.snapshot)
      let read = try #require(
        try Snapshot.read(folder.snapshot, sidecar: folder.sidecar, preparingSidecar: false))
      #expect(read.snapshot == (edited ? try Snapshot.decode(json, file: folder.snapshot) : other))
    }
  }

  @Test("A link or a FIFO in place of state.bin is not followed, not read, and replaced")
  func hostileFile() throws {
    try withTemporaryDirectory { folder in
      let state = try plantedFolder(folder)
      let target = folder.deletingLastPathComponent().appending(path: "target-\(UUID())")
      try FileManager.default.copyItem(at: folder.sidecar, to: target)
      defer { try? FileManager.default.removeItem(at: target) }
      let planted = try Data(contentsOf: target)
      for kind in ["link", "fifo"] {
        try? FileManager.default.removeItem(at: folder.sidecar)
        if kind == "link" {
          #expect(symlink(target.path, folder.sidecar.path) == 0)
        } else {
          #expect(mkfifo(folder.sidecar.path, 0o600) == 0)
        }
        #expect(try ReviewStore.openReadOnly(folder: folder).state == state)
        let writer = try openStore(folder, clock: TestClock("2026-11-30T10:00:00Z"))
        #expect(writer.state == state)
        try writer.close()
        #expect(try sidecarFits(folder))
        #expect(try Data(contentsOf: target) == planted)
      }
    }
  }

  @Test("A reader never writes a sidecar")
  func readerWritesNothing() throws {
    try withTemporaryDirectory { folder in
      let state = try plantedFolder(folder)
      try FileManager.default.removeItem(at: folder.sidecar)
      let files = try stateFiles(in: folder)
      #expect(try ReviewStore.openReadOnly(folder: folder).state == state)
      #expect(try stateFiles(in: folder) == files)
    }
  }
}

extension URL {
  fileprivate var sidecar: URL { appending(path: "state.bin") }
}
