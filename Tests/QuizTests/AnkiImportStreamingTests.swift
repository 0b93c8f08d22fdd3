import Basics
import CardDeck
import Foundation
import Glibc
import Testing

@testable import AnkiPackage
@testable import QuizApp

/// `quiz import` writes and checks a deck a part at a time: what it writes, and what it takes
/// for the same file, must be what it wrote when it held the whole text.
@Suite("quiz import of large Anki decks, a part at a time")
struct AnkiImportStreamingTests {
  /// A package of `count` Basic notes in one deck, "D".
  func package(in folder: TemporaryFolder, count: Int) throws -> String {
    try AnkiImportHardeningTests().package(
      in: folder, (0..<count).map { (guid: "n\($0)", deck: "D") })
  }

  @Test("a deck of several parts is written as one text that loads with every card")
  func severalParts() throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, count: 1_500)
    let decks = folder.path + "/decks"
    let result = runQuiz(
      ["import", package, "--output", decks, "--no-progress"],
      variables: ["QUIZ_STATE": folder.path + "/state"])
    #expect(result.status == .success, "\(result.error)")
    let bytes = try #require(FileManager.default.contents(atPath: decks + "/d.md"))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("# D\n\n## Trick · D · anki-n0\n"))
    #expect(text.components(separatedBy: "# D\n").count == 2)
    let (deck, diagnostics) = NativeDeckParser(deckName: "d").parse(
      SourceText(bytes: bytes, path: "d.md"))
    #expect(diagnostics.isEmpty)
    #expect(deck.cards.map(\.id) == (0..<1_500).map { "anki-n\($0)" })
  }

  @Test(
    "a deck file that is the text, but for a byte at its end, is another file: kept unless --force",
    arguments: ["cut", "longer", "changed"])
  func almostTheSameFile(_ change: String) throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, count: 1_500)
    let decks = folder.path + "/decks"
    let variables = ["QUIZ_STATE": folder.path + "/state"]
    let arguments = ["import", package, "--output", decks, "--no-progress"]
    #expect(runQuiz(arguments, variables: variables).status == .success)
    let path = decks + "/d.md"
    let written = try #require(FileManager.default.contents(atPath: path))
    let same = runQuiz(arguments, variables: variables)
    #expect(same.status == .success)
    #expect(same.out.contains("are up to date"))
    var other = written
    switch change {
    case "cut": other.removeLast()
    case "longer": other.append(contentsOf: Array("x\n".utf8))
    default: other[other.count - 2] = UInt8(ascii: "?")
    }
    try other.write(to: URL(fileURLWithPath: path))
    let refused = runQuiz(arguments, variables: variables)
    #expect(refused.status == .failure)
    #expect(refused.error.contains("\(path): already exists; pass --force"))
    #expect(FileManager.default.contents(atPath: path) == other)
    let forced = runQuiz(arguments + ["--force"], variables: variables)
    #expect(forced.status == .success, "\(forced.error)")
    #expect(FileManager.default.contents(atPath: path) == written)
  }

  /// A package whose collection is larger than the import holds in memory (64 MiB, a table
  /// the import does not read): two Basic cards, one reviewed.
  func largePackage(in folder: TemporaryFolder) throws -> String {
    var collection = AnkiCollection(created: Date(timeIntervalSince1970: 1_790_000_000))
    collection.notetypes[1] = AnkiNotetype(
      id: 1, name: "Basic", fields: ["Front", "Back"],
      templates: [AnkiNotetype.Template(name: "Card 1", front: "{{Front}}", back: "{{Back}}")])
    collection.decks[100] = "Big"
    for id in Int64(1)...2 {
      collection.notes.append(
        AnkiNote(id: id, guid: "big\(id)", notetype: 1, fields: ["Q?", "A."]))
      collection.cards.append(
        AnkiCard(
          id: id, note: id, deck: 100, ordinal: 0, kind: id == 1 ? .review : .new,
          queue: id == 1 ? 2 : 0, due: 90, interval: id == 1 ? 30 : 0, factor: 2500,
          reviews: id == 1 ? 3 : 0))
    }
    let database = try SQLiteDatabase()
    try database.execute(AnkiPackageWriter.schema)
    try AnkiPackageWriter().insert(collection, into: database)
    try database.execute(
      "CREATE TABLE filler (x); INSERT INTO filler VALUES (zeroblob(\(65 << 20)))")
    let path = folder.path + "/large.apkg"
    try ZipArchive.write([("collection.anki21", .bytes(try database.serialized()))], to: path)
    return path
  }

  func scratchFiles(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.contains(".quiz-tmp-")
    }
  }

  @Test("a collection larger than memory is read from a copy in the new output folder, then gone")
  func largeCollection() throws {
    let folder = try TemporaryFolder()
    let package = try largePackage(in: folder)
    let decks = folder.path + "/new/decks"
    let result = runQuiz(
      ["import", package, "--output", decks],
      variables: ["QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": "2026-11-29T12:00:00Z"])
    #expect(result.status == .success, "\(result.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: decks) == ["big.md"])
    #expect(result.out.contains("1 progress event"))
  }

  @Test(
    "an import that fails after its output folder was made, for the copy or the decks, removes it",
    arguments: [true, false])
  func failedImportLeavesNoFolder(_ large: Bool) throws {
    let folder = try TemporaryFolder()
    let package =
      large
      ? try largePackage(in: folder)
      : try AnkiImportHardeningTests().package(
        in: folder, [(guid: "one", deck: "D")], reviewed: "one")
    // A state folder that cannot be made: a file is in its place.
    let state = try folder.write("state", "a file\n")
    let decks = folder.path + "/new/decks"
    let result = runQuiz(
      ["import", package, "--output", decks],
      variables: ["QUIZ_STATE": state, "QUIZ_NOW": "2026-11-29T12:00:00Z"])
    #expect(result.status == .failure)
    #expect(result.error.contains("nothing imported"), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/new"))
  }

  @Test("a copy that a killed import left in the output folder is removed by the next import")
  func killedImportsCopySwept() throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, count: 3)
    let decks = folder.path + "/decks"
    try FileManager.default.createDirectory(atPath: decks, withIntermediateDirectories: false)
    let prefix = AtomicFile.temporaryPrefix(for: AnkiPackageReader.scratchName)
    // No process has this pid (Linux's largest is 2^22).
    let dead = try folder.write("decks/" + prefix + "99999999-1a2b", "a copy")
    let live = try folder.write("decks/" + prefix + "\(getpid())-3c4d", "in use")
    let result = runQuiz(
      ["import", package, "--output", decks, "--no-progress"],
      variables: ["QUIZ_STATE": folder.path + "/state"])
    #expect(result.status == .success, "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(scratchFiles(decks) == [prefix + "\(getpid())-3c4d"])
  }
}
