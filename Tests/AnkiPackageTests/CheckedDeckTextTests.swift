import CardDeck
import Scheduler
import Testing

@testable import AnkiPackage

/// A deck's text made and read back a part at a time must be the text and the verdict of the
/// whole deck written and read back at once, which the import did before.
@Suite("Deck text made and checked a part at a time")
struct CheckedDeckTextTests {
  /// What the import checked before parts: the whole text read back, its first error, else the
  /// first card that differs.
  static func wholeCheck(_ deck: Deck) -> (text: String, problem: String?) {
    let text = NativeDeckWriter().write(deck)
    let (parsed, diagnostics) = NativeDeckParser(deckName: deck.name).parse(
      SourceText(text, path: deck.path))
    let problem =
      diagnostics.first(where: { $0.severity == .error })?.description
      ?? AnkiImport.difference(between: deck, and: parsed.cards)
    return (text, problem)
  }

  /// The text handed on by parts of `cards` cards and `size` bytes, and the problem.
  static func partsCheck(_ deck: Deck, cards: Int, size: Int) -> (parts: [String], problem: String?)
  {
    var parts: [String] = []
    let problem = CheckedDeckText.parts(of: deck, cards: cards, size: size) {
      parts.append(String(decoding: Array($0), as: UTF8.self))
    }
    return (parts, problem)
  }

  /// Pieces of text that deck syntax is made of, to make cards that may or may not read back.
  static let pieces = [
    "a", "b c", " ", "\t", "\n", "\n\n", "## ", "Trick · T · planted", "Trick", "```", "~~~",
    "---", "#", "|", "\\", "Source: ", "Listen for: ", "section: x", "é", "`", "👩‍💻", "·",
  ]

  static func text(_ random: inout SeededGenerator, most: Int = 8) -> String {
    (0..<Int.random(in: 1...most, using: &random)).map { _ in
      pieces.randomElement(using: &random)!
    }.joined()
  }

  static func card(_ index: Int, _ random: inout SeededGenerator, plain: Bool) -> Card {
    let prompt: Prompt
    var answer: [Passage.Block]
    if plain {
      prompt = Prompt("What is \(index)?")
      answer = [.text("It is \(index).")]
    } else {
      let code = Bool.random(using: &random) ? CodeBlock(text(&random), language: nil) : nil
      prompt = Prompt(text(&random), code: code)
      answer = [.text(text(&random))]
      if Bool.random(using: &random) { answer.append(.code(CodeBlock(text(&random)))) }
    }
    return Card(
      id: "c\(index)", deck: "d", topic: "T", location: SourceLocation(path: "d.md", line: 1),
      content: .trick(TrickCard(question: prompt, answer: Passage(answer))))
  }

  static func deck(_ cards: [Card]) -> Deck {
    Deck(name: "d", title: "Deck", path: "d.md", format: .native, cards: cards)
  }

  @Test(
    "random decks: the parts are the whole text, and refused exactly when the whole text is",
    arguments: 0..<6)
  func agreesWithWholeCheck(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var refused = 0
    for _ in 0..<300 {
      // Mostly cards that read back, a few that may not, in decks of 1 to 12 cards.
      let count = Int.random(in: 1...12, using: &random)
      let deck = Self.deck(
        (0..<count).map { index in
          Self.card(index, &random, plain: Int.random(in: 0..<4, using: &random) > 0)
        })
      let whole = Self.wholeCheck(deck)
      let size = [1, 50, 1 << 20].randomElement(using: &random)!
      let cards = Int.random(in: 1...5, using: &random)
      let (parts, problem) = Self.partsCheck(deck, cards: cards, size: size)
      #expect((problem == nil) == (whole.problem == nil), "\(whole.text.debugDescription)")
      if problem == nil {
        #expect(parts.joined() == whole.text)
      } else {
        refused += 1
        // What was handed on is where the whole text starts.
        #expect(whole.text.hasPrefix(parts.joined()))
      }
    }
    #expect(refused > 10)
  }

  @Test("a deck of many cards is handed on in several parts that make its whole text")
  func severalParts() {
    var random = SeededGenerator(seed: 1)
    let deck = Self.deck((0..<2_000).map { Self.card($0, &random, plain: true) })
    var count = 0
    var text = ""
    let problem = CheckedDeckText.parts(of: deck) {
      count += 1
      text += String(decoding: Array($0), as: UTF8.self)
    }
    #expect(problem == nil)
    #expect(count == 4)
    #expect(text == NativeDeckWriter().write(deck))
  }

  @Test("a card that plants a card is refused, and nothing from its part on is handed on")
  func plantedCard() {
    var random = SeededGenerator(seed: 2)
    var cards = (0..<6).map { Self.card($0, &random, plain: true) }
    cards[3].content = .trick(
      TrickCard(
        question: Prompt("Q?\n## Trick · T · planted\nx"), answer: Passage([.text("A.")])))
    let deck = Self.deck(cards)
    let (parts, problem) = Self.partsCheck(deck, cards: 2, size: 1 << 20)
    #expect(problem == Self.wholeCheck(deck).problem)
    #expect(problem != nil)
    // Cards 0 and 1, then 2 and 3, the part that does not read back.
    #expect(parts.count == 1)
  }

  @Test("an error in a later part is told at its line in the whole text")
  func errorLine() throws {
    var random = SeededGenerator(seed: 3)
    var cards = (0..<7).map { Self.card($0, &random, plain: true) }
    // A heading that does not read as one, in the sixth card's question.
    cards[5].content = .trick(
      TrickCard(question: Prompt("Q?\n## nothing"), answer: Passage([.text("A.")])))
    let deck = Self.deck(cards)
    let whole = try #require(Self.wholeCheck(deck).problem)
    #expect(whole.hasPrefix("d.md:"))
    #expect(Self.partsCheck(deck, cards: 2, size: 1 << 20).problem == whole)
    #expect(Self.partsCheck(deck, cards: 1, size: 1 << 20).problem == whole)
  }
}
