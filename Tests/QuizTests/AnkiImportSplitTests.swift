import AnkiPackage
import CardDeck
import Foundation
import Glibc
import ReviewStorage
import Testing

@testable import QuizApp

/// `quiz import` of an Anki deck whose cards make more text than a deck file may hold: it is
/// written in parts, each of which loads, and a later import replaces them all.
@Suite("quiz import of Anki decks larger than a deck file")
struct AnkiImportSplitTests {
  static let now = "2026-11-29T12:00:00Z"
  /// The largest deck file the imports of these tests write: parts of at most 60 KiB.
  static let limit = 64 << 10

  /// A package of `count` Basic notes in the Anki deck "Big Deck", each answer about
  /// `answerBytes` long and ending in `version`; the first note's card is reviewed.
  func package(
    in folder: TemporaryFolder, count: Int, answerBytes: Int = 1_000, version: String = "v1",
    name: String = "p.apkg"
  ) throws -> String {
    var collection = AnkiCollection(created: Date(timeIntervalSince1970: 1_790_000_000))
    collection.notetypes[1] = AnkiNotetype(
      id: 1, name: "Basic", fields: ["Front", "Back"],
      templates: [AnkiNotetype.Template(name: "Card 1", front: "{{Front}}", back: "{{Back}}")])
    collection.decks[100] = "Big Deck"
    let filler = String(repeating: "words of an answer ", count: answerBytes / 19)
    for id in Int64(1)...Int64(count) {
      collection.notes.append(
        AnkiNote(
          id: id, guid: "n\(id)", notetype: 1,
          fields: ["Question \(id)?", "Answer \(id): \(filler)\(version)."]))
      let isReviewed = id == 1
      collection.cards.append(
        AnkiCard(
          id: id, note: id, deck: 100, ordinal: 0, kind: isReviewed ? .review : .new,
          queue: isReviewed ? 2 : 0, due: isReviewed ? 90 : id, interval: isReviewed ? 30 : 0,
          factor: isReviewed ? 2500 : 0, reviews: isReviewed ? 3 : 0))
    }
    let path = folder.path + "/" + name
    try? FileManager.default.removeItem(atPath: path)
    try AnkiPackageWriter().write(collection, toNewFileAt: path)
    return path
  }

  /// `quiz import` of `package` into `decks`, deck files of at most `limit` bytes.
  func runImport(
    _ package: String, into decks: String, in folder: TemporaryFolder, _ extra: [String] = [],
    limit: Int = Self.limit
  ) -> (status: ExitCode, out: String, error: String) {
    runQuiz(
      ["import", package, "--output", decks] + extra,
      variables: ["QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": Self.now]
    ) { $0.deckFileLimit = limit }
  }

  func files(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// The decks of the folder `path` as quiz loads them, which must load without a problem.
  func loaded(_ path: String) throws -> [Deck] {
    let collection = try DeckLoader().load(folder: path)
    #expect(collection.diagnostics.isEmpty, "\(collection.diagnostics)")
    return try collection.decks.map { try $0.withContent() }
  }

  @Test("a deck too large for one file is imported in parts that all load, each card once")
  func splitIntoParts() throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, count: 300)
    let decks = folder.path + "/decks"
    let result = runImport(package, into: decks, in: folder)
    #expect(result.status == .success, "\(result.error)")
    let names = files(decks)
    #expect(names.count > 2)
    #expect(names.first == "big-deck.md")
    #expect(Array(names.dropFirst()) == (2...names.count).map { "big-deck.part-\($0).md" })
    for name in names {
      let size = try #require(
        FileManager.default.attributesOfItem(atPath: decks + "/" + name)[.size] as? Int)
      #expect(size <= AnkiImport.partBudget(limit: Self.limit), "\(name): \(size) bytes")
      #expect(result.out.contains("\(decks)/\(name): "))
    }
    #expect(result.out.contains("the deck Big Deck (300 cards, "))
    #expect(result.out.contains("is split into \(names.count) files of at most 60 KiB"))
    #expect(result.out.contains("1 progress event recorded"))
    // Every card once, in the order of the notes, each under the id it has in one file.
    let parts = try loaded(decks)
    #expect(parts.map(\.name) == names.map { String($0.dropLast(3)) })
    #expect(Set(parts.map(\.title)) == ["Big Deck"])
    let ids = parts.flatMap(\.cards).map(\.id)
    #expect(ids == (1...300).map { "anki-n\($0)" })
    let whole = folder.path + "/whole"
    let unsplit = runImport(package, into: whole, in: folder, limit: DeckLoader.largestFile)
    #expect(unsplit.status == .success, "\(unsplit.error)")
    #expect(files(whole) == ["big-deck.md"])
    let cards = try loaded(whole).flatMap(\.cards)
    #expect(cards.map(\.id) == ids)
    #expect(cards.map(\.content) == parts.flatMap(\.cards).map(\.content))
    let again = runImport(package, into: decks, in: folder)
    #expect(again.status == .success, "\(again.error)")
    #expect(again.out.contains("are up to date"))
    #expect(!again.out.contains("split"))
  }

  @Test("a deck's parts go back to Anki as one deck, and come back as the same parts")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    let decks = folder.path + "/decks"
    #expect(
      runImport(try package(in: folder, count: 300), into: decks, in: folder).status == .success)
    let exported = folder.path + "/back.apkg"
    let export = runQuiz(
      ["export", "--decks", decks, "--output", exported],
      variables: ["QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": Self.now])
    #expect(export.status == .success, "\(export.error)")
    let collection = try AnkiPackageReader().read(path: exported)
    #expect(Set(collection.decks.values).contains("quiz::Big Deck"))
    #expect(Set(collection.cards.map(\.deck)).count == 1)
    #expect(collection.notes.count == 300)
    let again = folder.path + "/again"
    #expect(runImport(exported, into: again, in: folder).status == .success)
    #expect(files(again) == files(decks))
    #expect(try loaded(again).flatMap(\.cards).map(\.id) == (1...300).map { "anki-n\($0)" })
  }

  @Test("a changed package replaces every part with --force, and only with it")
  func forcedReimportReplacesParts() throws {
    let folder = try TemporaryFolder()
    let decks = folder.path + "/decks"
    let first = try package(in: folder, count: 300)
    #expect(runImport(first, into: decks, in: folder).status == .success)
    let names = files(decks)
    let before = try names.map { try Data(contentsOf: URL(fileURLWithPath: decks + "/" + $0)) }
    let second = try package(in: folder, count: 300, version: "v2")
    let refused = runImport(second, into: decks, in: folder)
    #expect(refused.status == .failure)
    #expect(refused.error.contains("\(decks)/big-deck.md: already exists; pass --force"))
    #expect(
      try names.map { try Data(contentsOf: URL(fileURLWithPath: decks + "/" + $0)) } == before)
    let forced = runImport(second, into: decks, in: folder, ["--force"])
    #expect(forced.status == .success, "\(forced.error)")
    #expect(forced.out.contains("is split into \(names.count) files"))
    #expect(files(decks) == names)
    let cards = try loaded(decks).flatMap(\.cards)
    #expect(cards.map(\.id) == (1...300).map { "anki-n\($0)" })
    #expect(cards.allSatisfy { $0.answer.prose.hasSuffix("v2.") })
  }

  @Test("a re-import that needs fewer parts removes those the earlier import wrote, with --force")
  func shrinkingReimportRemovesStaleParts() throws {
    let folder = try TemporaryFolder()
    let decks = folder.path + "/decks"
    let first = try package(in: folder, count: 300)
    #expect(runImport(first, into: decks, in: folder).status == .success)
    let earlier = files(decks)
    // The user's own files, named like parts or not, and one of another deck.
    let mine = "# Mine\n\n## Trick · Mine · my-own-card\n\nQ?\n\n---\n\nA.\n"
    try folder.write("decks/big-deck.part-9.md", mine)
    try folder.write("decks/notes.md", mine.replacing("my-own-card", with: "my-note"))
    let second = try package(in: folder, count: 100, name: "fewer.apkg")
    let refused = runImport(second, into: decks, in: folder)
    #expect(refused.status == .failure)
    #expect(refused.error.contains("pass --force"), "\(refused.error)")
    #expect(files(decks) == (earlier + ["big-deck.part-9.md", "notes.md"]).sorted())
    let forced = runImport(second, into: decks, in: folder, ["--force"])
    #expect(forced.status == .success, "\(forced.error)")
    let now = files(decks).filter { $0 != "notes.md" && $0 != "big-deck.part-9.md" }
    #expect(now.count < earlier.count)
    for gone in earlier where !now.contains(gone) {
      #expect(forced.out.contains("\(decks)/\(gone): removed: part "), "\(forced.out)")
    }
    #expect(try String(contentsOfFile: decks + "/big-deck.part-9.md", encoding: .utf8) == mine)
    #expect(
      forced.error.contains(
        "big-deck.part-9.md: named as a part of the deck Big Deck, but not as "),
      "\(forced.error)")
    let cards = try loaded(decks).flatMap(\.cards).map(\.id)
    #expect(cards == (1...100).map { "anki-n\($0)" } + ["my-own-card", "my-note"])
    // Down to one file: every part goes.
    let one = try package(in: folder, count: 10, name: "one.apkg")
    let single = runImport(one, into: decks, in: folder, ["--force"])
    #expect(single.status == .success, "\(single.error)")
    #expect(files(decks) == ["big-deck.md", "big-deck.part-9.md", "notes.md"])
    #expect(!single.out.contains("split"))
  }

  @Test("a part changed by hand since is not removed: the import is refused, naming it")
  func changedStalePartIsKept() throws {
    let folder = try TemporaryFolder()
    let decks = folder.path + "/decks"
    let first = try package(in: folder, count: 300)
    #expect(runImport(first, into: decks, in: folder).status == .success)
    let earlier = files(decks)
    let last = decks + "/" + (earlier.last ?? "")
    var text = try String(contentsOfFile: last, encoding: .utf8)
    text = text.replacing("v1.\n", with: "v1, and a note of mine.\n")
    try text.write(toFile: last, atomically: true, encoding: .utf8)
    // The same notes, shorter: the changed part's cards are in the parts written now.
    let second = try package(in: folder, count: 300, answerBytes: 300, name: "shorter.apkg")
    let result = runImport(second, into: decks, in: folder, ["--force"])
    #expect(result.status == .failure)
    #expect(result.error.contains("has the id of a card in \(last)"), "\(result.error)")
    #expect(result.error.contains("not as quiz import wrote it"))
    #expect(files(decks) == earlier)
    #expect(try String(contentsOfFile: last, encoding: .utf8) == text)
  }

  @Test("a link named as a part, even to a part as an import wrote it, is never removed")
  func linkNamedAsPartIsKept() throws {
    let folder = try TemporaryFolder()
    let decks = folder.path + "/decks"
    #expect(
      runImport(try package(in: folder, count: 300), into: decks, in: folder).status == .success)
    let count = files(decks).count
    // The last part moved out of the folder, and a link to it in its place.
    let last = decks + "/big-deck.part-\(count).md"
    let moved = folder.path + "/moved.md"
    try FileManager.default.moveItem(atPath: last, toPath: moved)
    #expect(symlink(moved, last) == 0)
    let fewer = try package(in: folder, count: 100, name: "fewer.apkg")
    let result = runImport(fewer, into: decks, in: folder, ["--force"])
    #expect(result.status == .success, "\(result.error)")
    #expect(result.error.contains("\(last): named as a part of the deck Big Deck"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: last) == moved)
    #expect(!FileManager.default.fileExists(atPath: decks + "/big-deck.part-3.md"))
  }

  @Test("imports split decks at the loader's own limit, into parts of at most 15 MiB")
  func defaultLimit() {
    let environment = Environment(variables: [:], shippedDecks: [])
    #expect(environment.deckFileLimit == DeckLoader.largestFile)
    #expect(AnkiImport.partBudget(limit: environment.deckFileLimit) == 15 << 20)
  }

  @Test("a card too large for a deck file alone refuses the package, naming it, writing nothing")
  func oversizedCardRefused() throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, count: 3, answerBytes: 70_000)
    let decks = folder.path + "/new/decks"
    let result = runImport(package, into: decks, in: folder)
    #expect(result.status == .failure)
    #expect(
      result.error.contains("note n1's card 1 (anki-n1) is too large for a deck file: alone, "),
      "\(result.error)")
    #expect(result.error.contains("it makes one of 68.7 KiB (70"))
    #expect(result.error.contains("quiz reads deck files of up to 64 KiB (65536 bytes)"))
    #expect(result.error.contains("; 2 other cards too. Shorten them in Anki"))
    #expect(result.error.contains("nothing imported"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/new"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"))
  }

  @Test("a deck file too large to load, from an earlier import, is replaced by parts with --force")
  func oversizedEarlierFileReplaced() throws {
    let folder = try TemporaryFolder()
    let decks = folder.path + "/decks"
    try FileManager.default.createDirectory(atPath: decks, withIntermediateDirectories: true)
    let old = decks + "/big-deck.md"
    let bytes = Data(repeating: UInt8(ascii: "x"), count: DeckLoader.largestFile + 1)
    try bytes.write(to: URL(fileURLWithPath: old))
    let package = try package(in: folder, count: 300)
    let refused = runImport(package, into: decks, in: folder)
    #expect(refused.status == .failure)
    #expect(refused.error.contains("\(old): already exists; pass --force"), "\(refused.error)")
    let forced = runImport(package, into: decks, in: folder, ["--force"])
    #expect(forced.status == .success, "\(forced.error)")
    #expect(files(decks).count > 2)
    #expect(try loaded(decks).flatMap(\.cards).count == 300)
  }
}
