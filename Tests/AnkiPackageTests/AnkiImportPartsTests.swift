import Basics
import CardDeck
import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

/// Anki decks whose cards make more text than a deck file may hold: split into parts, named
/// apart from every other file, each part known again by a later import.
@Suite("Anki decks in parts")
struct AnkiImportPartsTests {
  let today = Day(year: 2026, month: 12, day: 11)!

  /// A collection of `count` Basic notes with answers of about `answerBytes` bytes, in the
  /// Anki deck "Big", and of one note in the deck "Small".
  func collection(count: Int, answerBytes: Int) -> AnkiCollection {
    var collection = AnkiCollection(created: Date(timeIntervalSince1970: 1_790_000_000))
    collection.notetypes[1] = AnkiNotetype(
      id: 1, name: "Basic", fields: ["Front", "Back"],
      templates: [AnkiNotetype.Template(name: "Card 1", front: "{{Front}}", back: "{{Back}}")])
    collection.decks[10] = "Big"
    collection.decks[20] = "Small"
    let filler = String(repeating: "x", count: answerBytes)
    for id in Int64(1)...Int64(count + 1) {
      collection.notes.append(
        AnkiNote(id: id, guid: "g\(id)", notetype: 1, fields: ["Q\(id)?", "A\(id) \(filler)"]))
      collection.cards.append(
        AnkiCard(
          id: id, note: id, deck: id > count ? 20 : 10, ordinal: 0, kind: .new, queue: 0,
          due: id))
    }
    return collection
  }

  func imported(_ collection: AnkiCollection, limit: Int) -> AnkiImport {
    AnkiImport(
      collection, path: "p.apkg", now: Date(timeIntervalSince1970: 1_795_000_000), today: today,
      deckFileLimit: limit)
  }

  @Test("a deck larger than a deck file is split into parts in order, its cards' ids kept")
  func split() {
    let collection = collection(count: 100, answerBytes: 500)
    let limit = 16 << 10
    let parts = imported(collection, limit: limit)
    let whole = imported(collection, limit: DeckLoader.largestFile)
    #expect(whole.decks.map(\.name) == ["big", "small"])
    let names = parts.decks.map(\.name)
    #expect(names.count > 3)
    #expect(names.first == "big")
    #expect(names.last == "small")
    #expect(Array(names.dropFirst().dropLast()) == (2..<names.count).map { "big.part-\($0)" })
    #expect(parts.files.map(\.names) == [Array(names.dropLast()), ["small"]])
    #expect(parts.files.map(\.isSplit) == [true, false])
    #expect(parts.files[0].cards == 100)
    #expect(parts.files[0].size == NativeDeckWriter().write(whole.decks[0]).utf8.count)
    #expect(parts.decks.flatMap(\.cards).map(\.id) == whole.decks.flatMap(\.cards).map(\.id))
    #expect(parts.oversized.isEmpty)
    for deck in parts.decks {
      #expect(deck.title == (deck.name == "small" ? "Small" : "Big"))
      #expect(deck.path == deck.name + ".md")
      #expect(deck.cards.allSatisfy { $0.deck == deck.name && $0.topic == deck.title })
      let size =
        NativeDeckWriter().write(deck).utf8.count
        + AnkiImport.partNote(9, of: "big", checksum: 0).utf8.count
      #expect(size <= AnkiImport.partBudget(limit: limit))
      #expect(CheckedDeckText.parts(of: deck) { _ in } == nil)
    }
  }

  @Test("cards go in order, as many as fit in each part; a card too large alone is a part")
  func partition() {
    #expect(AnkiImport.partition([4, 4, 4], heading: 2, budget: 10) == [0..<2, 2..<3])
    #expect(AnkiImport.partition([4, 20, 4], heading: 2, budget: 10) == [0..<1, 1..<2, 2..<3])
    #expect(AnkiImport.partition([8], heading: 2, budget: 10) == [0..<1])
    #expect(AnkiImport.partition([], heading: 2, budget: 10) == [0..<0])
  }

  @Test("a card too large for a deck file alone is listed, with its note, and refuses a package")
  func oversizedCard() throws {
    var collection = collection(count: 3, answerBytes: 100)
    collection.notes[1].fields[1] = String(repeating: "y", count: 5_000)
    let imported = imported(collection, limit: 4_096)
    #expect(imported.oversized.map(\.id) == ["anki-g2"])
    let card = try #require(imported.oversized.first)
    #expect(card.note == "g2")
    #expect(card.card == 1)
    #expect(card.size > 5_000)
    let error = AnkiPackageError.cardTooLarge(card, limit: 4_096, more: 0)
    #expect(error.description.hasPrefix("note g2's card 1 (anki-g2) is too large for a deck file"))
    #expect(error.description.contains("up to 4 KiB (4096 bytes). Shorten it in Anki"))
  }

  @Test(
    "a part is named `name.part-N`, and only a file spelt so is taken for one",
    arguments: [
      ("big.part-2.md", 2), ("big.part-12.md", 12), ("big.part-1.md", nil), ("big.part-02.md", nil),
      ("Big.part-2.md", nil), ("big.part-2.txt", nil), ("big.part-.md", nil), ("big.md", nil),
      ("big.part-2x.md", nil), ("big-2.part-2.md", nil), ("big.part-+2.md", nil),
    ] as [(String, Int?)])
  func partNames(_ file: String, _ number: Int?) {
    #expect(AnkiImport.partNumber(of: file, in: "big") == number)
    if let number { #expect(AnkiImport.partName("big", number) + ".md" == file) }
  }

  @Test(
    "a deck's parts are named apart from the folder's files in another case, the deck numbered",
    arguments: [
      ([1: "a"], [1: 2], ["A.part-2.md"], [1: "a-2"]),
      ([1: "a"], [1: 2], ["a.part-2.md", "a.md"], [1: "a"]),
      ([1: "a"], [1: 1], ["A.part-2.md"], [1: "a"]),
      ([1: "a", 2: "a"], [1: 3, 2: 2], ["a-2.PART-2.md"], [1: "a", 2: "a-3"]),
    ] as [([Int64: String], [Int64: Int], [String], [Int64: String])])
  func partsApartFromFiles(
    _ names: [Int64: String], _ parts: [Int64: Int], _ existing: [String],
    _ expected: [Int64: String]
  ) {
    #expect(AnkiImport.fileNames(names, parts: parts, existing: existing) == expected)
  }

  /// Part `number` of `deck` (named `name`) as `quiz import` writes it: its note below its
  /// title, with the checksum of the rest.
  func written(_ deck: Deck, number: Int, name: String) -> [UInt8] {
    let writer = NativeDeckWriter()
    var hash = FNV1a64()
    hash.add(writer.write(deck))
    let heading = Array(writer.heading(of: deck).utf8)
    return heading + Array(AnkiImport.partNote(number, of: name, checksum: hash.value).utf8)
      + Array(writer.write(deck).utf8.dropFirst(heading.count))
  }

  @Test("a part is known again as an import wrote it only while no byte of it has changed")
  func unchangedPart() throws {
    let parts = imported(collection(count: 100, answerBytes: 500), limit: 16 << 10)
    let deck = try #require(parts.decks.first { $0.name == "big.part-3" })
    let bytes = written(deck, number: 3, name: "big")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("# Big\n\nPart 3 of big.md, as quiz import wrote it (checksum "))
    let (read, diagnostics) = NativeDeckParser(deckName: "big.part-3").parse(
      SourceText(bytes: bytes, path: "big.part-3.md"))
    #expect(diagnostics.isEmpty)
    #expect(AnkiImport.difference(between: deck, and: read.cards) == nil)
    let check = { (bytes: [UInt8], file: String, title: String) in
      AnkiImport.isUnchangedPart(bytes, file: file, name: "big", title: title)
    }
    #expect(check(bytes, "big.part-3.md", "Big"))
    #expect(!check(bytes, "big.part-4.md", "Big"))
    #expect(!check(bytes, "big.part-3.md", "Other"))
    #expect(!check(bytes, "big.md", "Big"))
    for index in [0, 10, bytes.count / 2, bytes.count - 1] {
      var changed = bytes
      changed[index] ^= 0x01
      #expect(!check(changed, "big.part-3.md", "Big"), "byte \(index)")
    }
    #expect(!check(bytes + Array("x".utf8), "big.part-3.md", "Big"))
    #expect(!check(Array(bytes.dropLast()), "big.part-3.md", "Big"))
  }

  @Test("sizes are told in the largest unit they have one of, to a tenth")
  func sizes() {
    #expect(ReportText.size(1) == "1 byte")
    #expect(ReportText.size(1_023) == "1023 bytes")
    #expect(ReportText.size(64 << 10) == "64 KiB")
    #expect(ReportText.size(70_073) == "68.4 KiB")
    #expect(ReportText.size(16 << 20) == "16 MiB")
    #expect(ReportText.size(15_716_147) == "15 MiB")
    #expect(ReportText.size(17_700_000) == "16.9 MiB")
  }
}
