import CardDeck
import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

/// An import reads the review log one card at a time through an index (issue 31): whatever
/// index the package has, or none, it gives what reading the whole log gave.
@Suite("The review log read one card at a time")
struct AnkiReviewLogTests {
  let today = Day(year: 2023, month: 11, day: 20)!
  let now = Date(timeIntervalSince1970: 1_700_600_000)

  /// A line of card `card`'s log at `ms` milliseconds.
  func line(_ ms: Int64, card: Int64, ease: Int64 = 3, kind: AnkiReview.Kind = .review)
    -> AnkiReview
  {
    AnkiReview(
      id: ms, card: card, ease: ease, interval: 1, lastInterval: 0, factor: 2500,
      milliseconds: 3_000, kind: kind)
  }

  /// The sample collection with a log over its cards, written out of time order, with a line
  /// dated after tomorrow.
  func collection() -> AnkiCollection {
    var collection = sampleCollection()
    collection.cards[1].kind = .learning
    collection.cards[1].reviews = 2
    collection.reviews = [
      line(1_700_400_000_000, card: 100, ease: 1),
      line(1_700_100_000_000, card: 100, kind: .learning),
      line(1_700_300_000_000, card: 200, ease: 2, kind: .learning),
      line(1_700_200_000_000, card: 200, kind: .manual),
      line(1_700_500_000_000, card: 100, ease: 4),
      line(1_800_000_000_000, card: 100),
    ]
    return collection
  }

  /// What importing the package at `path` makes, compared whole.
  struct Made: Equatable {
    var decks: [Deck]
    var events: [JournalEvent]
    var history: [HistoryEvent]
    var warnings: [String]
  }

  func imported(_ path: String, scratch: ScratchFolder? = nil) throws -> Made {
    // A memory limit of a byte puts the collection in a scratch file, when there is a folder.
    let reader = AnkiPackageReader(memoryLimit: scratch == nil ? 64 << 20 : 1)
    let imported = try reader.importing(
      path: path, shown: "p.apkg", now: now, today: today, existingFiles: [],
      scratchFolder: { scratch?.path })
    return Made(
      decks: imported.decks, events: imported.events, history: Array(imported.history),
      warnings: imported.warnings)
  }

  @Test("a package whose log has no index imports as one with Anki's, in memory or from a file")
  func withoutIndex() throws {
    let scratch = try ScratchFolder()
    let indexed = try package(collection(), name: "indexed.apkg", in: scratch)
    let bare = try package(
      collection(), tampered: "DROP INDEX ix_revlog_cid", name: "bare.apkg", in: scratch)
    let expected = try imported(indexed)
    #expect(expected.history.count == 4)
    #expect(expected.warnings.contains { $0.contains("1 review-log line dated after tomorrow") })
    // Read whole, as a package's log was: in the order of the lines' ids.
    var sorted = collection()
    sorted.reviews.sort { $0.id < $1.id }
    let whole = AnkiImport(sorted, path: "p.apkg", now: now, today: today)
    #expect(expected.history == Array(whole.history))
    #expect(expected.events == whole.events)
    #expect(try imported(bare) == expected)
    #expect(try imported(bare, scratch: scratch) == expected)
    #expect(try imported(indexed, scratch: scratch) == expected)
  }

  @Test("a package imported without keeping history makes the same decks, events and warnings")
  func withoutHistory() throws {
    let scratch = try ScratchFolder()
    let path = try package(collection(), name: "plain.apkg", in: scratch)
    var expected = try imported(path)
    #expect(!expected.history.isEmpty)
    expected.history = []
    let imported = try AnkiPackageReader().importing(
      path: path, shown: "p.apkg", now: now, today: today, existingFiles: [],
      keepingHistory: false)
    #expect(imported.history.isEmpty)
    #expect(
      Made(
        decks: imported.decks, events: imported.events, history: [], warnings: imported.warnings)
        == expected)
  }

  @Test("a package's own index named as quiz's changes nothing: quiz's is named apart")
  func nameTaken() throws {
    let scratch = try ScratchFolder()
    let expected = try imported(try package(collection(), name: "plain.apkg", in: scratch))
    let tampered = try package(
      collection(),
      tampered: "DROP INDEX ix_revlog_cid; CREATE INDEX quiz_revlog_card ON revlog (usn)",
      name: "tampered.apkg", in: scratch)
    #expect(try imported(tampered) == expected)
  }

  @Test("lines of cards not in the package are skipped, and counted only when undated")
  func otherCards() throws {
    let scratch = try ScratchFolder()
    let expected = try imported(try package(collection(), name: "plain.apkg", in: scratch))
    var more = collection()
    more.reviews += [line(1_700_450_000_000, card: 999), line(1_700_460_000_000, card: 999)]
    #expect(try imported(try package(more, name: "more.apkg", in: scratch)) == expected)
  }

  @Test("a line whose card id is stored as a real is its integer's card's, as when read whole")
  func realCardID() throws {
    let scratch = try ScratchFolder()
    let expected = try imported(try package(collection(), name: "plain.apkg", in: scratch))
    let real = try package(
      collection(), tampered: "UPDATE revlog SET cid = 100.5 WHERE cid = 100",
      name: "real.apkg", in: scratch)
    #expect(try imported(real) == expected)
  }
}

@Suite("The review log's index")
struct AnkiReviewLogIndexTests {
  /// The names of the indexes on `revlog` once the log of a collection, tampered by `sql`, is
  /// opened for reading by card.
  func indexes(after sql: String) throws -> [String] {
    let written = try SQLiteDatabase()
    try written.execute(AnkiPackageWriter.schema)
    try written.execute(
      "INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', '{}', '{}', '{}', '{}');" + sql)
    let database = try SQLiteDatabase(bytes: try written.serialized())
    _ = try AnkiReviewLog(database)
    let names = try database.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'revlog' ORDER BY name")
    var found: [String] = []
    while try names.step() { found.append(names.text(0)) }
    return found
  }

  @Test("Anki's index on the card is used as it is; without it, quiz makes one on the copy")
  func made() throws {
    #expect(try indexes(after: "") == ["ix_revlog_cid", "ix_revlog_usn"])
    #expect(
      try indexes(after: "DROP INDEX ix_revlog_cid") == ["ix_revlog_usn", "quiz_revlog_card"])
  }
}
