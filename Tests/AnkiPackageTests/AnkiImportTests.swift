import CardDeck
import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

@Suite("Anki packages as quiz decks and progress")
struct AnkiImportTests {
  let today = Day(year: 2026, month: 12, day: 11)!

  /// The fixture converted `days` days (and an hour) after its collection was made.
  func converted(_ name: String, daysLater days: Int = 10) throws -> (AnkiImport, AnkiCollection) {
    let collection = try AnkiPackageReader().read(path: fixturePath(name))
    let now = collection.created.addingTimeInterval(Double(days) * 86_400 + 3_600)
    return (AnkiImport(collection, path: name, now: now, today: today), collection)
  }

  @Test("one deck per Anki deck, titled with its name", arguments: ["current.apkg", "legacy.apkg"])
  func decks(_ name: String) throws {
    let (imported, _) = try converted(name)
    #expect(imported.decks.map(\.name) == ["other", "swift--basics"])
    #expect(imported.decks.map(\.title) == ["Other", "Swift::Basics"])
    #expect(imported.decks.map(\.cards.count) == [2, 3])
  }

  @Test("both formats give the same cards and the same events")
  func formatsAgree() throws {
    let (current, _) = try converted("current.apkg")
    let (legacy, _) = try converted("legacy.apkg")
    #expect(current.decks == legacy.decks)
    #expect(current.events == legacy.events)
  }

  @Test("a Basic note's HTML becomes prose and a fenced code block, its media a warning")
  func basicNote() throws {
    let (imported, _) = try converted("current.apkg")
    let card = try #require(imported.decks[1].cards.first { $0.id == "anki-basicGUID1" })
    #expect(card.prompt.text == "What does `let` declare?\n\nSay & show <one>.")
    #expect(card.prompt.code == nil)
    #expect(
      card.answer.blocks == [
        .text("A constant."), .code(CodeBlock("let x = 1\nlet y = 2", language: nil)),
        .text("[image: pic.png]"),
      ])
    #expect(card.topic == "Swift::Basics")
    #expect(
      imported.warnings.contains { $0.contains("media not imported") && $0.contains("pic.png") })
  }

  @Test("a reversed note gives two cards, the second asking the back; ids valid")
  func reversedNote() throws {
    let (imported, _) = try converted("current.apkg")
    let cards = imported.decks[1].cards.filter { $0.id.hasPrefix("anki.") }
    // "rev/GUID+2" is no valid id, so its bytes in hex.
    #expect(cards.map(\.id) == ["anki.7265762f475549442b32", "anki.7265762f475549442b32-2"])
    #expect(cards.map(\.prompt.text) == ["Optional", "A value or nothing"])
    #expect(cards.allSatisfy { CardID.isValid($0.id) })
  }

  @Test("a cloze note gives a card per deletion, asking it as [...] or its hint")
  func clozeNote() throws {
    let (imported, _) = try converted("current.apkg")
    let cards = imported.decks[0].cards
    #expect(cards.map(\.id) == ["anki-clozeGUID3", "anki-clozeGUID3-c2"])
    #expect(cards[0].prompt.text == "[...] are value types; classes are reference types.")
    #expect(cards[1].prompt.text == "Structs are value types; [kind] are reference types.")
    #expect(
      cards[1].answer.blocks == [
        .text("classes"), .text("Structs are value types; classes are reference types."),
        .text("Copy on assignment."),
      ])
  }

  @Test("a reviewed card's scheduling becomes its state; a suspended card a suspension")
  func progress() throws {
    let facts = try FixtureFacts.load()
    let (imported, _) = try converted("current.apkg", daysLater: 10)
    #expect(imported.events.count == 2)
    guard case .imported(let event) = imported.events.first else {
      Issue.record("no import event: \(imported.events)")
      return
    }
    #expect(event.card == "anki-basicGUID1")
    #expect(event.origin == "anki")
    #expect(event.state.interval == facts.reviewed.interval)
    #expect(event.state.easeFactor == facts.reviewed.ease)
    #expect(event.state.reviews == facts.reviewed.reviews)
    #expect(event.state.lapses == facts.reviewed.lapses)
    #expect(event.state.repetitions == facts.reviewed.repetitions)
    // Due 5 days after the collection's first day, looked at 10 days on: 5 days overdue.
    #expect(event.state.due == today + (facts.today + facts.reviewed.dueInDays - 10))
    #expect(event.state.lastReview == Date(timeIntervalSince1970: 1_700_172_800))
    guard case .suspension(let suspension) = imported.events.last else {
      Issue.record("no suspension: \(imported.events)")
      return
    }
    #expect(suspension.card == "anki.7265762f475549442b32-2")
    #expect(suspension.isSuspended)
  }

  @Test("converting the same package again, even days later, gives events with the same ids")
  func deterministicIDs() throws {
    let (first, _) = try converted("current.apkg", daysLater: 10)
    let (second, _) = try converted("current.apkg", daysLater: 13)
    #expect(first.events.map(\.id) == second.events.map(\.id))
  }

  @Test("the decks written read back as the same cards")
  func writtenDecksParse() throws {
    let (imported, _) = try converted("current.apkg")
    for deck in imported.decks {
      let text = NativeDeckWriter().write(deck)
      let (parsed, diagnostics) = NativeDeckParser(deckName: deck.name).parse(
        SourceText(text, path: deck.path))
      #expect(diagnostics.isEmpty, "\(diagnostics)")
      #expect(parsed.cards.map(\.id) == deck.cards.map(\.id))
      #expect(parsed.cards.map(\.prompt.text) == deck.cards.map(\.prompt.text))
    }
  }

  @Test("learning and relearning cards are due today with no interval")
  func learningCards() {
    for kind in [AnkiCard.Kind.learning, .relearning] {
      let card = AnkiCard(
        id: 1, note: 1, deck: 1, ordinal: 0, kind: kind, queue: 1, due: 1_800_000_000,
        interval: 3, factor: 2100, reviews: 4, lapses: 1)
      let state = AnkiImport.state(of: card, reviews: [], today: today, ankiToday: 50)
      #expect(state?.due == today)
      #expect(state?.interval == 0)
      #expect(state?.repetitions == 0)
      #expect(state?.easeFactor == 2.1)
      #expect(state?.lapses == 1)
    }
  }

  @Test("a card whose question or answer would be empty is skipped with a warning")
  func emptyQuestion() {
    var collection = AnkiCollection(created: Date(timeIntervalSince1970: 0))
    collection.notetypes[1] = AnkiNotetype(
      id: 1, name: "Basic", fields: ["Front", "Back"],
      templates: [AnkiNotetype.Template(name: "Card 1", front: "{{Front}}", back: "{{Back}}")])
    collection.decks[2] = "D"
    collection.notes = [
      AnkiNote(id: 1, guid: "a", notetype: 1, fields: ["<br>", "x"]),
      AnkiNote(id: 2, guid: "b", notetype: 1, fields: ["q", "x"]),
      AnkiNote(id: 3, guid: "c", notetype: 1, fields: ["q", "<div></div>"]),
    ]
    collection.cards = [1, 2, 3].map {
      AnkiCard(id: $0, note: $0, deck: 2, ordinal: 0, kind: .new, queue: 0, due: $0)
    }
    let imported = AnkiImport(collection, path: "p.apkg", now: Date(), today: today)
    #expect(imported.decks.flatMap(\.cards).map(\.id) == ["anki-b"])
    #expect(
      imported.warnings == [
        "p.apkg: note a's card 1 asks nothing; skipped",
        "p.apkg: note c's card 1 has no answer; skipped",
      ])
  }

  @Test("a new card has no state")
  func newCard() {
    let card = AnkiCard(id: 1, note: 1, deck: 1, ordinal: 0, kind: .new, queue: 0, due: 3)
    #expect(AnkiImport.state(of: card, reviews: [], today: today, ankiToday: 5) == nil)
  }

  @Test("repetitions count the recalls since the last Again in the review log")
  func repetitions() {
    let card = AnkiCard(
      id: 1, note: 1, deck: 1, ordinal: 0, kind: .review, queue: 2, due: 60, interval: 20,
      factor: 2500, reviews: 6, lapses: 1)
    let eases: [Int64] = [3, 3, 1, 3, 4, 2]
    let log = eases.enumerated().map { index, ease in
      AnkiReview(
        id: Int64(index), card: 1, ease: ease, interval: 1, lastInterval: 0, factor: 2500,
        milliseconds: 0, kind: .review)
    }
    let state = AnkiImport.state(of: card, reviews: log, today: today, ankiToday: 50)
    #expect(state?.repetitions == 3)
    #expect(state?.due == today + 10)
  }

  @Test(
    "deck names become file names",
    arguments: [
      ("Swift::Basics", "swift--basics"), ("Über Deck!", "ber-deck"), ("***", "anki"),
    ])
  func fileNames(_ name: String, _ file: String) {
    #expect(AnkiImport.fileName(name) == file)
  }

  @Test(
    "file names never collide, whatever the case, and are the same for the same decks",
    arguments: [
      ([1: "a", 2: "a", 3: "a-2"], [String](), [1: "a", 2: "a-3", 3: "a-2"]),
      ([2: "a", 1: "a"], [], [1: "a", 2: "a-2"]),
      ([1: "a"], ["A.md"], [1: "a-2"]),
      ([1: "a"], ["a.md", "A-2.md"], [1: "a"]),
      ([1: "a", 2: "a"], ["a.md", "A-2.md"], [1: "a", 2: "a-3"]),
    ] as [([Int64: String], [String], [Int64: String])])
  func uniqueFileNames(
    _ names: [Int64: String], _ existing: [String], _ expected: [Int64: String]
  ) {
    #expect(AnkiImport.fileNames(names, existing: existing) == expected)
  }

  @Test("a deck read back with a card missing, moved or changed is a difference")
  func readBackDifference() {
    let card = { (id: String, answer: String) in
      Card(
        id: id, deck: "d", topic: "T", location: SourceLocation(path: "d.md", line: 1),
        content: .trick(TrickCard(question: Prompt("Q?"), answer: Passage([.text(answer)]))))
    }
    let deck = Deck(
      name: "d", title: "D", path: "d.md", format: .native, cards: [card("x", "A"), card("y", "B")])
    #expect(AnkiImport.difference(between: deck, and: deck.cards) == nil)
    #expect(AnkiImport.difference(between: deck, and: [card("x", "A")]) != nil)
    #expect(
      AnkiImport.difference(between: deck, and: [card("x", "A"), card("z", "B")])
        == "card y reads back as z")
    #expect(
      AnkiImport.difference(between: deck, and: [card("x", "A"), card("y", "C")])
        == "card y reads back with other text")
  }
}
