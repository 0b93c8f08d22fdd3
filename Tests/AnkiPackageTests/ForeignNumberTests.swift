import CardDeck
import Foundation
import Testing

@testable import AnkiPackage
@testable import ReviewStorage
@testable import Scheduler

/// Numbers Anki's schema allows but Anki never writes: each is read, converted and written back
/// without trapping, and gives only values the journal reads back.
@Suite("Foreign numbers in Anki packages")
struct ForeignNumberTests {
  let today = Day(year: 2026, month: 12, day: 11)!
  let now = Date(timeIntervalSince1970: 1_796_032_800)

  static let max = "9223372036854775807"
  static let min = "-9223372036854775808"

  /// SQL that gives the sample collection values out of every range quiz has.
  static let tamperings = [
    "UPDATE cards SET ord = -1 WHERE id = 100",
    "UPDATE cards SET ord = \(max) WHERE id = 100",
    "UPDATE cards SET ord = -1 WHERE id = 200",
    "UPDATE cards SET ord = \(max) WHERE id = 201",
    "UPDATE cards SET due = \(min) WHERE id = 100",
    "UPDATE cards SET due = \(max) WHERE id = 100",
    "UPDATE col SET crt = \(min); UPDATE cards SET due = \(max) WHERE id = 100",
    "UPDATE col SET crt = \(max); UPDATE cards SET due = \(min) WHERE id = 100",
    "UPDATE revlog SET id = \(max)",
    "UPDATE revlog SET id = \(min)",
    "UPDATE revlog SET id = 10000000000000000",
    """
    DROP TABLE revlog; CREATE TABLE revlog (id REAL, cid, usn, ease, ivl, lastIvl, factor, time, type);
    INSERT INTO revlog VALUES (1e300, 100, -1, 3, 10, 4, 2500, 5000, 1)
    """,
    "UPDATE cards SET factor = \(max), ivl = \(max), reps = \(max), lapses = \(max) WHERE id = 100",
    "UPDATE cards SET factor = \(min), ivl = \(min), reps = \(min), lapses = \(min) WHERE id = 100",
    "UPDATE cards SET type = 1, due = \(min), factor = -1 WHERE id = 100",
    "UPDATE revlog SET ease = \(max), type = \(min), time = \(min), ivl = \(min)",
  ]

  @Test("a number out of quiz's ranges gives states the journal reads back", arguments: tamperings)
  func importsWithinRanges(_ sql: String) throws {
    let scratch = try ScratchFolder()
    let path = try package(sampleCollection(), tampered: sql, in: scratch)
    let collection = try AnkiPackageReader().read(path: path)
    let imported = AnkiImport(collection, path: path, now: now, today: today)
    for event in imported.events {
      #expect(throws: Never.self) { try JournalEvent.decode(line: try event.encodedLine()) }
      guard case .imported(let event) = event else { continue }
      #expect((0...SM2.maximumInterval).contains(event.state.interval))
      #expect((1.3...1000).contains(event.state.easeFactor))
      #expect(AnkiNumber.dueOffsets.contains(event.state.due - today))
    }
  }

  @Test("a card whose ord is no template's is skipped with a warning naming it")
  func ordinalOutOfRange() throws {
    var collection = sampleCollection()
    collection.cards[0].ordinal = -1
    let imported = AnkiImport(collection, path: "p.apkg", now: now, today: today)
    #expect(!imported.decks.flatMap(\.cards).contains { $0.id.hasPrefix("anki-basic1") })
    #expect(imported.warnings.contains { $0.contains("ord -1") && $0.contains("card 100") })
  }

  @Test("review-log lines dated beyond the years the journal reads are left out, with a warning")
  func reviewBeyondTheJournalsYears() throws {
    var collection = sampleCollection()
    // 1e16 ms after 1970: the year 318857.
    collection.reviews[0].id = 10_000_000_000_000_000
    let imported = AnkiImport(collection, path: "p.apkg", now: now, today: today)
    guard case .imported(let event) = imported.events.first else {
      Issue.record("no import event: \(imported.events)")
      return
    }
    #expect(event.state.lastReview == nil)
    #expect(
      imported.warnings.contains {
        $0.contains("1 review-log line dated after tomorrow or outside the years")
      })
  }

  @Test("a review-log line dated after tomorrow is left out: it would win over every review")
  func reviewInTheFuture() throws {
    var collection = sampleCollection()
    collection.reviews[0].id = Int64(now.timeIntervalSince1970 * 1000) + 2 * 86_400_000
    let imported = AnkiImport(collection, path: "p.apkg", now: now, today: today)
    guard case .imported(let event) = imported.events.first else {
      Issue.record("no import event: \(imported.events)")
      return
    }
    #expect(event.state.lastReview == nil)
  }

  @Test("the export turns any ease factor and answer time the journal accepts into Anki's ranges")
  func exportOfExtremeValues() {
    let state = CardState(
      repetitions: 3, easeFactor: 1e16, interval: 15, due: today + 4, lapses: 0, reviews: 9,
      lastReview: now)
    let card = AnkiExport.scheduled(
      AnkiCard(id: 1, note: 1, deck: 2, ordinal: 0, kind: .new, queue: 0, due: 1),
      state: state, isSuspended: false, today: today, now: now)
    #expect(card.factor == 1_000_000)
    let review = ReviewEvent(
      id: UUID(), card: "c", at: now, day: today, grade: .init(rawValue: 4)!, seconds: -1e300,
      before: state, after: state)
    let log = AnkiExport.reviewLog(
      [JournalEvent.review(review)].forEachReviewInEffect, cardIDs: ["c": 1])
    #expect(log.map(\.factor) == [1_000_000])
    #expect(log.map(\.milliseconds) == [0])
  }

  @Test(
    "the checked conversions clamp every value into range, NaN and infinities too",
    arguments: [
      (Double.nan, 0), (-.infinity, 0), (.infinity, 100), (1e300, 100), (-1e300, 0), (49.5, 50),
      (Double(Int64.max), 100),
    ])
  func clamping(_ value: Double, _ expected: Int) {
    #expect(AnkiNumber.clamped(value, to: 0...100) == expected)
  }
}
