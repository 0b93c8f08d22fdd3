import Foundation
import Testing

@testable import Scheduler

/// `state.json` is written by quiz's own writer; its bytes must stay those of `JSONEncoder`.
@Suite("Writing state.json")
struct SnapshotEncodingTests {
  /// `JSONEncoder`'s encoding of `snapshot`, as `state.json` was written before.
  private func encoderBytes(_ snapshot: Snapshot) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(snapshot) + Data("\n".utf8)
  }

  /// A snapshot of `count` cards with seeded states, under ids that sort differently by bytes,
  /// by number and by case.
  private static func snapshot(cards count: Int, seed: UInt64) -> Snapshot {
    var random = SeededGenerator(seed: seed)
    var snapshot = Snapshot(
      journalEntries: count * 3, journalBytes: count * 400, lastEventID: UUID())
    let names = ["card-", "Card-", "café-", "ü/", "a\"b\\", "日本-", "Z"]
    for index in 0..<count {
      let id = names[Int(random.next() % UInt64(names.count))] + "\(random.next() % 200)"
      snapshot.state.cards[id] = CardState(
        repetitions: Int(random.next() % 9), easeFactor: 1.3 + Double(random.next() % 171) / 100,
        interval: Int(random.next() % 4000), due: Day(daysSince1970: 11_000 + index),
        needsExtraReview: random.next() % 2 == 0, lapses: Int(random.next() % 5),
        reviews: Int(random.next() % 50),
        lastReview: index % 3 == 0
          ? nil : Date(timeIntervalSince1970: 950_000_000 + Double(index) * 86_400.25))
      if random.next() % 7 == 0 { snapshot.state.suspended.insert(id) }
      let day = Day(daysSince1970: 11_000 + Int(random.next() % 40))
      snapshot.state.reviewsByDay[day, default: 0] += 1
      if random.next() % 3 == 0 { snapshot.state.newCardsByDay[day, default: 0] += 1 }
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
