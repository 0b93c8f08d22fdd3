import CardDeck
import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

/// Strings from a package: line breaks and control characters never reach a deck file, a file
/// name or the terminal as the package wrote them.
@Suite("Foreign text in Anki packages")
struct ForeignTextTests {
  let today = Day(year: 2026, month: 12, day: 11)!

  /// The package's decks as quiz writes them, read back: card ids and questions by deck.
  func writtenAndReadBack(_ collection: AnkiCollection) throws -> (AnkiImport, [Card]) {
    let scratch = try ScratchFolder()
    let path = try package(collection, in: scratch)
    let imported = AnkiImport(
      try AnkiPackageReader().read(path: path), path: path, now: Date(), today: today)
    var cards: [Card] = []
    for deck in imported.decks {
      let (parsed, diagnostics) = NativeDeckParser(deckName: deck.name).parse(
        SourceText(NativeDeckWriter().write(deck), path: deck.path))
      #expect(diagnostics.isEmpty, "\(diagnostics)")
      cards += parsed.cards
    }
    return (imported, cards)
  }

  @Test(
    "line breaks in a field inject no heading, fence or card",
    arguments: [
      "Q\r## Trick · T · planted\r\rA?", "Q\r\n## Trick · T · planted",
      "<pre>x\r```\r## Trick · T · planted</pre>",
      "Q\u{0B}## Trick · T · planted", "Q\u{85}## Trick · T · planted",
      "<pre>a\r\nb\r\n```\r\n## Trick · T · planted\r\n</pre>",
      "<pre>let a = 1\r\n```\r\nlet b = 2\r\n</pre>",
    ])
  func fieldInjection(_ field: String) throws {
    var collection = sampleCollection()
    collection.notes[0].fields[0] = field
    let (imported, cards) = try writtenAndReadBack(collection)
    #expect(cards.map(\.id) == imported.decks.flatMap(\.cards).map(\.id))
    #expect(!cards.contains { $0.id == "planted" })
    #expect(cards.map(\.prompt) == imported.decks.flatMap(\.cards).map(\.prompt))
  }

  @Test(
    "an entity's carriage return or control character is made harmless: the package imports",
    arguments: [
      ("line one&#13;<br>line two", "line one\n\nline two"),
      ("a&#13;\nb&#x0D;c", "a\n\nb\n\nc"), ("red &#27;[31m", "red ␛[31m"),
      ("x&#x202E;y", "x\\u{202E}y"), ("<code>a&#13;\nb</code>", ""),
    ])
  func entityInjection(_ field: String, _ prompt: String) throws {
    var collection = sampleCollection()
    collection.notes[0].fields[0] = field
    let (imported, cards) = try writtenAndReadBack(collection)
    #expect(cards.map(\.prompt) == imported.decks.flatMap(\.cards).map(\.prompt))
    #expect(cards.first?.prompt.text == prompt)
    for deck in imported.decks { #expect(CheckedDeckText.parts(of: deck) { _ in } == nil) }
  }

  @Test(
    "a line break or control character in a deck name moves no card's id and reaches no title",
    arguments: ["A\n## Trick · T · planted", "A\r# Other", "A\u{1B}]0;pwned\u{07}", "\n"])
  func deckNameInjection(_ name: String) throws {
    var collection = sampleCollection()
    collection.decks[10] = name
    let (imported, cards) = try writtenAndReadBack(collection)
    #expect(cards.map(\.id) == ["anki-basic1", "anki-cloze1", "anki-cloze1-c2"])
    for deck in imported.decks {
      #expect(!deck.title.unicodeScalars.contains { ControlCharacters.isControl($0) })
      #expect(!deck.title.isEmpty)
    }
  }

  @Test("a deck named with the heading's separator is imported, its topic without it")
  func separatorInDeckName() throws {
    var collection = sampleCollection()
    collection.decks[10] = "Kanji · N5 ·"
    let (imported, cards) = try writtenAndReadBack(collection)
    #expect(imported.decks.map(\.title) == ["Kanji · N5 ·"])
    #expect(cards.map(\.topic) == ["Kanji - N5", "Kanji - N5", "Kanji - N5"])
  }

  @Test("warnings show a GUID, a note type's name and media names without control characters")
  func warnings() throws {
    var collection = sampleCollection()
    collection.notes[0].guid = "g\u{1B}[2J"
    collection.notes[0].fields[0] = "<img src=\"a\u{9B}b.png\">"
    collection.notetypes[1]?.name = "Basic\u{1B}]0;x\u{07}"
    collection.cards[0].ordinal = 5
    let scratch = try ScratchFolder()
    let path = try package(collection, in: scratch)
    let imported = AnkiImport(
      try AnkiPackageReader().read(path: path), path: path, now: Date(), today: today)
    #expect(!imported.warnings.isEmpty)
    for warning in imported.warnings {
      #expect(!warning.unicodeScalars.contains { ControlCharacters.isControl($0) }, "\(warning)")
    }
  }

  @Test(
    "text keeps its lines with every line end as \\n; a line has none",
    arguments: [
      ("a\r\nb\rc\nd", "a\nb\nc\nd", "a b c d"), ("\u{1B}[31m", "␛[31m", "␛[31m"),
      (" x\ty\u{7F} ", " x\ty␡ ", "x y␡"), ("plain", "plain", "plain"), ("é\r", "é\n", "é"),
    ])
  func cleaning(_ input: String, _ text: String, _ line: String) {
    #expect(ForeignText.text(input) == text)
    #expect(ForeignText.line(input) == line)
  }
}
