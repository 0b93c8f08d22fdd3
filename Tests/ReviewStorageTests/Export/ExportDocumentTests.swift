import Foundation
import Scheduler
import Testing

@testable import ReviewStorage

@Suite("The JSON export, written a piece at a time")
struct ExportDocumentTests {
  /// A document of `cards` rows and `events` journal events of every kind, from `seed`.
  static func document(cards: Int, events: Int, seed: UInt64) -> ExportDocument {
    var random = SeededGenerator(seed: seed)
    let start = Day(daysSince1970: 20_000)
    func state() -> CardState {
      CardState(
        repetitions: Int.random(in: 0...9, using: &random),
        easeFactor: [1.3, 2.5, 2.36, 2.0000000000000004][Int.random(in: 0...3, using: &random)],
        interval: Int.random(in: 0...400, using: &random),
        due: start + Int.random(in: 0...90, using: &random),
        needsExtraReview: Bool.random(using: &random),
        lapses: Int.random(in: 0...3, using: &random),
        reviews: Int.random(in: 0...20, using: &random),
        lastReview: Bool.random(using: &random)
          ? Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random)))
          : nil)
    }
    func id() -> UUID {
      var bytes = [UInt8](repeating: 0, count: 16)
      for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
      return UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6],
          bytes[7], bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14],
          bytes[15]
        ))
    }
    // Names with what JSON escapes: quotes, backslashes, a slash, a control character, é.
    let names = ["plain", "with \"quotes\"", "back\\slash/slash", "tab\there", "é-accent"]
    let rows = (0..<cards).map { index in
      ExportRow(
        id: "card-\(index)",
        card: index % 3 == 0
          ? nil
          : TrackedCard(
            id: "card-\(index)", deck: names[index % names.count], topic: "Sheets", kind: "syntax"),
        state: index % 4 == 0 ? nil : state(), isSuspended: index % 5 == 0)
    }
    let at = Date(timeIntervalSince1970: 1_780_000_000.123)
    let journal: [JournalEvent] = (0..<events).map { index in
      switch index % 4 {
      case 0, 1:
        .review(
          ReviewEvent(
            id: id(), card: names[index % names.count], at: at, day: start + index,
            grade: Grade.allCases[index % 6],
            seconds: index % 3 == 0 ? nil : Double(index) / 7, before: state(), after: state()))
      case 2:
        .undo(
          UndoEvent(
            id: id(), at: at, undoes: id(), card: "card-\(index)", reviewDay: start,
            restored: state()))
      default:
        .suspension(
          SuspensionEvent(id: id(), card: "card-\(index)", at: at, isSuspended: index % 8 == 3))
      }
    }
    return ExportDocument(
      exportedAt: at, cards: rows,
      reviews: journal.enumerated().map { ExportedEvent(event: $1, isUndone: $0 % 5 == 0) })
  }

  @Test(
    "writes the same bytes as JSONEncoder's encoding of the whole document",
    arguments: [
      (0, 0), (1, 0), (0, 1), (3, 5), (300, 0), (0, 300), (257, 611),
    ])
  func sameBytes(cards: Int, events: Int) throws {
    let document = Self.document(cards: cards, events: events, seed: UInt64(cards * 1000 + events))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let whole = String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    var pieces: [Data] = []
    document.writeJSON { pieces.append($0) }
    #expect(String(decoding: pieces.reduce(Data(), +), as: UTF8.self) == whole)
    #expect(document.json() == whole)
    // Pieces stay small: none holds more than a piece and one row or event, and a large
    // document comes in many.
    let bytes = pieces.reduce(0) { $0 + $1.count }
    #expect(pieces.allSatisfy { $0.count <= ExportDocument.pieceSize + 4096 })
    #expect(pieces.count >= max(1, bytes / (ExportDocument.pieceSize + 4096)))
    if bytes > 2 * ExportDocument.pieceSize { #expect(pieces.count >= 2) }
  }
}
