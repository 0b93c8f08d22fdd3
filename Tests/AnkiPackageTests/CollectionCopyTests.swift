import Basics
import CardDeck
import Foundation
import Scheduler
import Testing

@testable import AnkiPackage

/// A collection larger than the reader's memory limit is read from a scratch copy: the same
/// import as from memory, and no copy left behind, whatever happens.
@Suite("Large collections read from a scratch copy")
struct CollectionCopyTests {
  let today = Day(year: 2026, month: 12, day: 11)!
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// The import of the package at `path`, its collection copied to `folder` (`memoryLimit` 0:
  /// whatever its size); and how many times the folder was asked for.
  func imported(
    _ path: String, copiedTo folder: String?, memoryLimit: Int = 0, sizeLimit: Int = 512 << 20
  ) throws(AnkiPackageError) -> (AnkiImport, asked: Int) {
    var asked = 0
    let imported = try AnkiPackageReader(sizeLimit: sizeLimit, memoryLimit: memoryLimit).importing(
      path: path, shown: "p.apkg", now: now, today: today, existingFiles: []
    ) {
      asked += 1
      return folder
    }
    return (imported, asked)
  }

  /// The import of the package at `path`, its collection held in memory.
  func inMemory(_ path: String) throws -> AnkiImport {
    try AnkiPackageReader().importing(
      path: path, shown: "p.apkg", now: now, today: today, existingFiles: [])
  }

  func names(in folder: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  }

  @Test(
    "read from a copy, a package gives the import it gives from memory, and no copy stays",
    arguments: ["current.apkg", "legacy.apkg"])
  func sameAsInMemory(_ name: String) throws {
    let scratch = try ScratchFolder()
    let (copied, asked) = try imported(fixturePath(name), copiedTo: scratch.path)
    let held = try inMemory(fixturePath(name))
    #expect(asked == 1)
    #expect(!copied.decks.isEmpty)
    #expect(copied.decks == held.decks)
    #expect(copied.events == held.events)
    #expect(copied.warnings == held.warnings)
    #expect(names(in: scratch.path).isEmpty)
  }

  @Test("a collection within the memory limit is not copied, and the folder never asked for")
  func smallStaysInMemory() throws {
    let scratch = try ScratchFolder()
    let (_, asked) = try imported(
      fixturePath("legacy.apkg"), copiedTo: scratch.path, memoryLimit: 64 << 20)
    #expect(asked == 0)
  }

  @Test("with no folder, or one where no file can be made, the collection stays in memory")
  func noFolder() throws {
    let scratch = try ScratchFolder()
    let file = scratch.file("a-file")
    #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let held = try inMemory(fixturePath("current.apkg"))
    for folder in [nil, file, scratch.file("missing")] {
      let (copied, asked) = try imported(fixturePath("current.apkg"), copiedTo: folder)
      #expect(asked == 1)
      #expect(copied.decks == held.decks)
    }
    #expect(names(in: scratch.path) == ["a-file"])
  }

  @Test("a collection saved in WAL mode is read from its copy as from memory")
  func walMode() throws {
    let scratch = try ScratchFolder()
    var database = try collectionDatabase(sampleCollection())
    database[18] = 2
    database[19] = 2
    let path = try scratch.zip("wal.apkg", [("collection.anki21", database)])
    let folder = scratch.file("copies")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let (copied, _) = try imported(path, copiedTo: folder)
    #expect(copied.decks.flatMap(\.cards).count == 3)
    #expect(try inMemory(path).decks == copied.decks)
    #expect(names(in: folder).isEmpty)
  }

  @Test(
    "a copy that is no database, a damaged one or a bomb is refused as from memory, and removed",
    arguments: ["not", "cut", "bomb"])
  func refusedCopies(_ kind: String) throws {
    let scratch = try ScratchFolder()
    let database = try collectionDatabase(sampleCollection())
    let collection: Data =
      switch kind {
      case "not": Data(repeating: 0x41, count: 300_000)
      case "cut": database.prefix(4_096) + Data(count: 4_096)
      default: Data(count: 3 << 20)
      }
    let path = try scratch.zip("bad.apkg", [("collection.anki21", collection)])
    let folder = scratch.file("copies")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    var fromCopy: AnkiPackageError?
    var fromMemory: AnkiPackageError?
    do { _ = try imported(path, copiedTo: folder, sizeLimit: 1 << 20) } catch { fromCopy = error }
    do {
      _ = try AnkiPackageReader(sizeLimit: 1 << 20).importing(
        path: path, shown: "p.apkg", now: now, today: today, existingFiles: [])
    } catch { fromMemory = error }
    #expect(fromCopy != nil)
    #expect(fromCopy == fromMemory)
    #expect(names(in: folder).isEmpty)
  }

  @Test("a folder whose name holds URI syntax, spaces and non-ASCII letters holds the copy")
  func awkwardFolderName() throws {
    let scratch = try ScratchFolder()
    let folder = scratch.file("a %3F?#b é;x=1")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let (copied, _) = try imported(fixturePath("legacy.apkg"), copiedTo: folder)
    #expect(copied.decks == (try inMemory(fixturePath("legacy.apkg"))).decks)
    #expect(names(in: folder).isEmpty)
  }

  @Test("an SQLite URI is absolute, its bytes beyond a few percent-encoded")
  func uri() {
    #expect(SQLiteDatabase.uri("/t/a b/%?#é") == "file:///t/a%20b/%25%3F%23%C3%A9?immutable=1")
    #expect(SQLiteDatabase.uri("//t/x") == "file:////t/x?immutable=1")
    let relative = SQLiteDatabase.uri("x y")
    #expect(relative.hasPrefix("file:///") && relative.hasSuffix("/x%20y?immutable=1"))
  }

  @Test("the copy is named for the process, as a killed import's copy is swept by the next")
  func copyName() throws {
    let scratch = try ScratchFolder()
    let copy = try CollectionCopy(reserving: 0, memoryLimit: 0) { scratch.path }
    try Data(count: 10).withUnsafeBytes { try copy.append($0) }
    #expect(copy.isInFile)
    let name = try #require(names(in: scratch.path).first)
    #expect(name.hasPrefix(AtomicFile.temporaryPrefix(for: "anki-import") + "\(getpid())-"))
    // What a killed process left, and what this one has, as the next import finds them.
    let left = scratch.file(AtomicFile.temporaryPrefix(for: "anki-import") + "99999999-x")
    #expect(FileManager.default.createFile(atPath: left, contents: Data()))
    AtomicFile.sweep(scratch.path, name: AnkiPackageReader.scratchName)
    #expect(names(in: scratch.path) == [name])
  }

  /// The SQLite file of a collection made in code.
  func collectionDatabase(_ collection: AnkiCollection) throws -> Data {
    let database = try SQLiteDatabase()
    try database.execute(AnkiPackageWriter.schema)
    try AnkiPackageWriter().insert(collection, into: database)
    return try database.serialized()
  }
}
