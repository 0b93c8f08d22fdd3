import Foundation
import Testing

@testable import CardDeck

@Suite("Loading decks")
struct DeckLoaderTests {
  @Test("loads native decks and lesson pages side by side, and skips README files")
  func mixedFolder() throws {
    let folder = try TemporaryDirectory()
    try folder.write("garden.md", NativeDeckParserTests.deck)
    try folder.write("pages/lesson-page.txt", try fixture("lesson-page.txt"))
    try folder.write("README.md", "# Not a deck\n")
    let collection = try DeckLoader().load(folder: folder.path)
    #expect(collection.diagnostics == [])
    #expect(collection.decks.map(\.name) == ["garden", "lesson-7"])
    #expect(collection.decks.map(\.format) == [.native, .lessonPage])
    #expect(collection.cards.count == 4 + 9)
  }

  @Test("reports an id used twice, naming the first place, and keeps the first card")
  func duplicateIds() throws {
    let folder = try TemporaryDirectory()
    try folder.write("a.md", "# A\n\n## Trick · T · same\nQ\n---\nA\n")
    try folder.write("b.md", "# B\n\n## Trick · T · same\nQ2\n---\nA2\n")
    let collection = try DeckLoader().load(folder: folder.path)
    #expect(
      collection.errors.map(\.description) == [
        "\(folder.path)/b.md:3: error: the id 'same' is already used at \(folder.path)/a.md:3"
      ])
    #expect(collection.cards.map(\.deck) == ["a"])
  }

  @Test("an id used again in the same file and in another names the first place each time")
  func duplicateIdsInOneFile() throws {
    let folder = try TemporaryDirectory()
    try folder.write(
      "a.md",
      "# A\n\n## Trick · T · other\nQ\n---\nA\n\n## Trick · T · same\nQ\n---\nA\n\n"
        + "## Trick · T · same\nQ3\n---\nA3\n")
    try folder.write("b.md", "# B\n\n## Trick · T · same\nQ2\n---\nA2\n")
    let collection = try DeckLoader().load(folder: folder.path)
    #expect(
      collection.errors.map(\.description) == [
        "\(folder.path)/a.md:13: error: the id 'same' is already used at \(folder.path)/a.md:8",
        "\(folder.path)/b.md:3: error: the id 'same' is already used at \(folder.path)/a.md:8",
      ])
    #expect(collection.cards.map(\.id) == ["other", "same"])
    #expect(collection.cards.map(\.location.line) == [3, 8])
  }

  @Test("refuses a folder that is missing or a file")
  func badFolder() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write("x.md", "# X\n")
    #expect(throws: DeckLoader.FolderError.notFound(folder.path + "/nope")) {
      try DeckLoader().load(folder: folder.path + "/nope")
    }
    #expect(throws: DeckLoader.FolderError.notAFolder(file)) { try DeckLoader().load(folder: file) }
  }

  @Test("imports a lesson page into a native deck that loads back to the same cards")
  func roundTrip() throws {
    let page = parsePage(try fixture("lesson-page.txt"))
    let text = NativeDeckWriter().write(page.deck)
    let reread = parseDeck(text, name: page.deck.name)
    #expect(reread.diagnostics == [])
    #expect(reread.deck.title == page.deck.title)
    #expect(reread.deck.cards.map(\.withoutLocation) == page.deck.cards.map(\.withoutLocation))
  }

  @Test("writes text that would read as deck syntax with an escape, and round-trips it")
  func roundTripEscapes() throws {
    let card = Card(
      id: "x", deck: "d", topic: "T", location: SourceLocation(path: "", line: 0),
      content: .trick(
        TrickCard(
          question: Prompt(
            "## looks like a heading\n\nsection: looks like a setting",
            code: CodeBlock("```\nfenced\n```")),
          answer: Passage([.text("Source: not really"), .text("---"), .text("| not a table")]))))
    let deck = Deck(name: "d", title: "D", path: "d.md", format: .native, cards: [card])
    let reread = parseDeck(NativeDeckWriter().write(deck), name: "d")
    #expect(reread.diagnostics == [])
    #expect(reread.deck.cards.map(\.withoutLocation) == [card.withoutLocation])
  }
}

@Suite("Filtering cards")
struct CardFilterTests {
  static let cards = parseDeck(NativeDeckParserTests.deck, name: "garden").deck.cards.map(\.heading)

  @Test(
    "matches a topic as whole words in the topic or the section, ignoring case",
    arguments: [
      ("soil", 2), ("SOIL", 2), ("planters", 2), ("planters and soil", 1), ("soi", 0),
      ("persistence", 1),
    ])
  func topics(query: String, count: Int) {
    #expect(Self.cards.filter(CardFilter(topics: [query]).matches).count == count)
  }

  @Test("filters by kind, deck and lesson together")
  func combined() {
    #expect(
      Self.cards.filter(
        CardFilter(kinds: [.edge, .trick], decks: ["GARDEN"], lessons: [7]).matches
      ).count == 2)
    #expect(Self.cards.filter(CardFilter(lessons: [8]).matches).isEmpty)
  }

  @Test("suggests the topics a mistyped one probably meant")
  func suggestions() {
    #expect(
      CardFilter.suggestions(for: "sheet", among: ["Sheets", "Search", "Alerts"]) == ["Sheets"])
    #expect(CardFilter.suggestions(for: "Serch", among: ["Sheets", "Search"]) == ["Search"])
  }
}

@Suite("JSON records")
struct CardRecordTests {
  @Test("has every documented key, with null for absent values")
  func keys() throws {
    let cards = parseDeck(NativeDeckParserTests.deck, name: "garden").deck.cards
    let data = try JSONEncoder().encode(cards.map(CardRecord.init))
    let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let keys: Set<String> = [
      "id", "deck", "lesson", "kind", "topic", "section", "title", "prompt", "promptCode", "answer",
      "answerCode", "answerBlocks", "source", "listenFor", "location",
    ]
    #expect(objects.allSatisfy { Set($0.keys) == keys })
    #expect(objects[0]["kind"] as? String == "syntax")
    #expect(objects[0]["answerCode"] as? String == "struct Planter {\n    var name: String\n}")
    #expect(objects[0]["promptCode"] is NSNull)
    #expect(objects[1]["promptCode"] as? String == "print(\"Clay\" == \"clay\")")
    #expect(
      objects[2]["answer"] as? String
        == "It prints a number twice the dry weight.\n\n4.2\n\nsoil | wet\nclay | 4.2")
    #expect(objects[3]["listenFor"] as? String == "a seam for tests.")
    #expect(objects[3]["location"] as? String == "garden.md:57")
    #expect(try JSONDecoder().decode([CardRecord].self, from: data) == cards.map(CardRecord.init))
  }
}
