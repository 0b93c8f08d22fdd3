import Foundation
import Scheduler
import Testing

@testable import ReviewStorage

/// `state.json` is written by quiz's own writer; its bytes must stay those of `JSONEncoder`.
@Suite("Writing state.json")
struct SnapshotEncodingTests {
  /// `JSONEncoder`'s encoding of `snapshot`, as `state.json` was written before.
  private func encoderBytes(_ snapshot: Snapshot) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(snapshot) + Data("\n".utf8)
  }

  /// The sidecar tests' seeded snapshot of `count` cards, with more under ids that sort
  /// differently by bytes, by number and by case, and ids that need escaping.
  private static func snapshot(cards count: Int, seed: UInt64) -> Snapshot {
    var snapshot = SnapshotSidecarTests.snapshot(seed: seed, count: count)
    guard let sample = snapshot.state.cards.values.first else { return snapshot }
    for id in ["card-9", "card-10", "Card-a", "café-1", "ü/2", "a\"b\\", "日本-3", "Z"] {
      snapshot.state.cards[id] = sample
    }
    return snapshot
  }

  @Test("writes the bytes JSONEncoder wrote, whatever the cards", arguments: [0, 1, 2, 40, 700])
  func sameBytesAsJSONEncoder(cards: Int) throws {
    for seed in UInt64(1)...4 {
      let snapshot = Self.snapshot(cards: cards, seed: seed &* 31 &+ UInt64(cards))
      let bytes = snapshot.encoded()
      #expect(bytes == (try encoderBytes(snapshot)), "seed \(seed)")
      #expect(try JSONDecoder().decode(Snapshot.self, from: bytes) == snapshot)
    }
  }

  @Test("leaves out the journal's size and last event when the snapshot does not know them")
  func unknownJournalPosition() throws {
    var snapshot = Self.snapshot(cards: 3, seed: 9)
    snapshot.journalBytes = nil
    snapshot.lastEventID = nil
    let text = String(decoding: snapshot.encoded(), as: UTF8.self)
    #expect(!text.contains("journalBytes") && !text.contains("lastEventID"))
    #expect(snapshot.encoded() == (try encoderBytes(snapshot)))
    #expect(text.hasPrefix("{\n  \"cards\" : {\n    \""))
    #expect(text.hasSuffix("\"version\" : 1\n}\n"))
  }
}
