import Foundation
import Glibc
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

@Suite("Reading Anki packages")
struct AnkiPackageReaderTests {
  @Test(
    "reads the notes, cards, decks, note types and review log of a package Anki made",
    arguments: ["current.apkg", "legacy.apkg"])
  func readsAnkisPackages(_ name: String) throws {
    let facts = try FixtureFacts.load()
    let collection = try AnkiPackageReader().read(path: fixturePath(name))
    #expect(collection.schemaVersion == (name == "current.apkg" ? 18 : 11))
    #expect(collection.notes.count == 3)
    #expect(collection.cards.count == facts.cards)
    #expect(Set(collection.decks.values).isSuperset(of: ["Swift::Basics", "Other"]))
    #expect(collection.media == facts.media)
    let cloze = try #require(collection.notetypes.values.first { $0.name == "Cloze" })
    #expect(cloze.isCloze)
    #expect(cloze.fields == ["Text", "Back Extra"])
    let reversed = try #require(
      collection.notetypes.values.first { $0.name == "Basic (and reversed card)" })
    #expect(!reversed.isCloze)
    #expect(reversed.templates.map(\.front) == ["{{Front}}", "{{Back}}"])
    let note = try #require(collection.notes.first { $0.guid == facts.reviewed.guid })
    #expect(note.tags == ["basics", "swift"])
    #expect(note.fields[0].contains("<code>let</code>"))
    let card = try #require(collection.cards.first { $0.note == note.id })
    #expect(card.kind == .review)
    #expect(card.interval == Int64(facts.reviewed.interval))
    #expect(card.factor == Int64((facts.reviewed.ease * 1000).rounded()))
    #expect(card.reviews == Int64(facts.reviewed.reviews))
    #expect(card.lapses == Int64(facts.reviewed.lapses))
    #expect(collection.reviews.filter { $0.card == card.id }.map(\.ease) == [3, 1, 3])
    let suspendedNote = try #require(collection.notes.first { $0.guid == facts.suspended.guid })
    #expect(
      collection.cards.filter { $0.note == suspendedNote.id }.map(\.isSuspended) == [false, true])
  }

  @Test("a card in a filtered deck is read in its home deck, with its own due day")
  func filteredDeck() throws {
    let database = try SQLiteDatabase()
    try database.execute(AnkiPackageWriter.schema)
    try database.execute(
      """
      INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', '{}',
        '{"5": {"id": 5, "name": "Home"}, "9": {"id": 9, "name": "Filtered", "dyn": 1}}', '{}', '');
      INSERT INTO cards VALUES (1, 1, 9, 0, 0, 0, 2, 2, -100000, 10, 2500, 3, 0, 0, 42, 5, 0, '');
      """)
    let scratch = try ScratchFolder()
    let path = try scratch.zip("filtered.apkg", [("collection.anki21", try database.serialized())])
    let card = try #require(try AnkiPackageReader().read(path: path).cards.first)
    #expect(card.deck == 5)
    #expect(card.due == 42)
  }

  @Test("refuses a file that is not a zip archive")
  func notAZip() throws {
    let scratch = try ScratchFolder()
    try Data("just text\n".utf8).write(to: URL(fileURLWithPath: scratch.file("text.apkg")))
    #expect {
      try AnkiPackageReader().read(path: scratch.file("text.apkg"))
    } throws: { error in
      guard case .notAZip = error as? AnkiPackageError else { return false }
      return true
    }
  }

  @Test("a folder, a FIFO or a missing file is named as what it is")
  func notAFile() throws {
    let scratch = try ScratchFolder()
    #expect(mkfifo(scratch.file("fifo.apkg"), 0o600) == 0)
    for (path, message) in [
      (scratch.path, "it is a folder"), (scratch.file("fifo.apkg"), "not a regular file"),
      (scratch.file("absent.apkg"), "No such file"),
    ] {
      #expect {
        try AnkiPackageReader().read(path: path)
      } throws: { error in
        (error as? AnkiPackageError)?.description.contains(message) == true
      }
    }
  }

  @Test("two entries of the same name are named as such")
  func duplicateEntries() throws {
    let scratch = try ScratchFolder()
    let database = try collectionFile(version: 11)
    let path = try scratch.zip(
      "two.apkg", [("collection.anki21", database), ("collection.anki2Z", database)])
    // The second entry renamed as the first, in its local header and in the central directory.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes = Data(
      bytes.split(separator: Data("collection.anki2Z".utf8), omittingEmptySubsequences: false)
        .joined(separator: Data("collection.anki21".utf8)))
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect {
      try AnkiPackageReader().read(path: path)
    } throws: { error in
      (error as? AnkiPackageError)?.description.contains("two of its entries have the same name")
        == true
    }
  }

  @Test("refuses a truncated package")
  func truncated() throws {
    let scratch = try ScratchFolder()
    let whole = try Data(contentsOf: URL(fileURLWithPath: fixturePath("current.apkg")))
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: scratch.file("cut.apkg")))
    #expect(throws: AnkiPackageError.self) {
      try AnkiPackageReader().read(path: scratch.file("cut.apkg"))
    }
  }

  @Test("refuses a package with no collection inside")
  func noCollection() throws {
    let scratch = try ScratchFolder()
    let path = try scratch.zip("empty.apkg", [("media", Data("{}".utf8))])
    #expect(throws: AnkiPackageError.noCollection) { try AnkiPackageReader().read(path: path) }
  }

  @Test("refuses a collection whose schema version it does not know", arguments: [10, 19, 99])
  func unknownSchema(_ version: Int) throws {
    let scratch = try ScratchFolder()
    let path = try scratch.zip(
      "schema.apkg", [("collection.anki21", try collectionFile(version: version))])
    #expect(throws: AnkiPackageError.unknownSchema(version)) {
      try AnkiPackageReader().read(path: path)
    }
  }

  @Test("refuses a package from a newer Anki")
  func newerFormat() throws {
    let scratch = try ScratchFolder()
    let path = try scratch.zip(
      "newer.apkg",
      [("meta", Data([0x08, 0x04])), ("collection.anki21c", Data("future".utf8))])
    #expect(throws: AnkiPackageError.newerFormat(4)) { try AnkiPackageReader().read(path: path) }
  }

  @Test("refuses a zip entry that decompresses past the limit")
  func zipBomb() throws {
    let scratch = try ScratchFolder()
    let path = try scratch.zip(
      "bomb.apkg", [("collection.anki21", Data(count: 3 << 20))])
    #expect(throws: AnkiPackageError.tooLarge(entry: "collection.anki21", limit: 1 << 20)) {
      try AnkiPackageReader(sizeLimit: 1 << 20).read(path: path)
    }
  }

  @Test("refuses a zstd collection that decompresses past the limit")
  func zstdBomb() throws {
    let scratch = try ScratchFolder()
    let path = try scratch.zip(
      "bomb.apkg",
      [
        ("meta", Data([0x08, 0x03])),
        ("collection.anki21b", try Zstd.compress(Data(count: 3 << 20))),
      ])
    #expect(throws: AnkiPackageError.tooLarge(entry: "collection.anki21b", limit: 1 << 20)) {
      try AnkiPackageReader(sizeLimit: 1 << 20).read(path: path)
    }
  }

  @Test(
    "refuses a media list that names a file outside the media folder",
    arguments: ["../evil.png", "a/b.png", "..", ""])
  func unsafeMedia(_ name: String) throws {
    let scratch = try ScratchFolder()
    let media = try JSONSerialization.data(withJSONObject: ["0": name])
    let path = try scratch.zip(
      "media.apkg",
      [("collection.anki21", try collectionFile(version: 11)), ("media", media)])
    #expect(throws: AnkiPackageError.unsafeMediaName(name)) {
      try AnkiPackageReader().read(path: path)
    }
  }

  @Test("refuses a current package whose media list names '../'")
  func unsafeMediaInCurrentFormat() throws {
    let scratch = try ScratchFolder()
    // MediaEntries { entries: [MediaEntry { name: "../x" }] }.
    let entry = Data([0x0A, 0x04]) + Data("../x".utf8)
    let list = Data([0x0A, UInt8(entry.count)]) + entry
    let path = try scratch.zip(
      "media.apkg",
      [
        ("meta", Data([0x08, 0x03])),
        ("collection.anki21b", try Zstd.compress(try collectionFile(version: 18))),
        ("media", try Zstd.compress(list)),
      ])
    #expect(throws: AnkiPackageError.unsafeMediaName("../x")) {
      try AnkiPackageReader().read(path: path)
    }
  }

  @Test("refuses a collection entry that is not an SQLite database")
  func notADatabase() throws {
    let scratch = try ScratchFolder()
    let path = try scratch.zip("junk.apkg", [("collection.anki2", Data(repeating: 7, count: 4096))])
    #expect {
      try AnkiPackageReader().read(path: path)
    } throws: { error in
      guard case .database = error as? AnkiPackageError else { return false }
      return true
    }
  }

  @Test("an empty entry is written without a copy, and reads back empty")
  func emptyEntry() throws {
    let scratch = try ScratchFolder()
    let path = try scratch.zip(
      "empty.apkg", [("collection.anki21b", Data()), ("meta", Data([8, 3]))])
    #expect(try ZipArchive(path: path).read("collection.anki21b", limit: 1 << 20) == Data())
    #expect {
      try AnkiPackageReader().read(path: path)
    } throws: { error in
      guard case .malformed = error as? AnkiPackageError else { return false }
      return true
    }
  }
}

@Suite("Importing with the notes read one at a time")
struct NoteStreamingTests {
  let today = Day(year: 2026, month: 12, day: 11)!

  /// The import of the package at `path` both ways: notes read one at a time as they are
  /// converted, and the collection read whole first.
  func bothWays(_ path: String) throws -> (streamed: AnkiImport, whole: AnkiImport) {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let streamed = try AnkiPackageReader().importing(
      path: path, shown: "p.apkg", now: now, today: today, existingFiles: ["a.md"])
    let whole = AnkiImport(
      try AnkiPackageReader().read(path: path), path: "p.apkg", now: now, today: today,
      existingFiles: ["a.md"])
    return (streamed, whole)
  }

  @Test(
    "the decks, events and warnings are those of the collection read whole",
    arguments: ["current.apkg", "legacy.apkg"])
  func sameAsWhole(_ name: String) throws {
    let (streamed, whole) = try bothWays(fixturePath(name))
    #expect(!streamed.decks.isEmpty)
    #expect(streamed.decks == whole.decks)
    #expect(streamed.events == whole.events)
    #expect(streamed.warnings == whole.warnings)
  }

  @Test(
    "notes of a missing note type, cards without a note and notes without cards are skipped alike")
  func skippedAlike() throws {
    let scratch = try ScratchFolder()
    var collection = sampleCollection()
    collection.notes.append(AnkiNote(id: 3, guid: "lost", notetype: 99, fields: ["q", "a"]))
    collection.notes.append(AnkiNote(id: 4, guid: "alone", notetype: 1, fields: ["q", "a"]))
    collection.cards.append(
      AnkiCard(id: 300, note: 3, deck: 10, ordinal: 0, kind: .new, queue: 0, due: 3))
    collection.cards.append(
      AnkiCard(id: 500, note: 5, deck: 10, ordinal: 0, kind: .new, queue: 0, due: 4))
    let (streamed, whole) = try bothWays(try package(collection, in: scratch))
    #expect(
      streamed.decks.flatMap(\.cards).map(\.id) == ["anki-basic1", "anki-cloze1", "anki-cloze1-c2"])
    #expect(streamed.decks == whole.decks)
    #expect(streamed.events == whole.events)
    #expect(streamed.warnings == whole.warnings)
    #expect(streamed.warnings.contains("p.apkg: 1 note type missing; their notes skipped"))
  }
}
