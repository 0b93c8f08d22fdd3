import Foundation
import Testing

@testable import CardDeck

@Suite("Native decks")
struct NativeDeckParserTests {
  static let deck = """
    # Garden basics
    lesson: 7

    Notes for whoever edits this file.

    ## Syntax · Planters · planter-struct
    Declare a planter with a name.

    ---

    ```swift
    struct Planter {
        var name: String
    }
    ```

    A plain struct is enough.

    Source: the garden guide

    ## Trick question · Soil
    Is this true?

    ```swift
    print("Clay" == "clay")
    ```

    ---

    False: equality compares characters exactly.

    ## Edge · Soil · wet-clay
    section: Planters and soil
    title: clay when wet

    What does this print?

    ```swift
    print(weight(of: .clay, wet: true))
    ```

    ---

    It prints a number
    twice the dry weight.

    ```console
    4.2
    ```

    | soil | wet |
    | --- | --- |
    | clay | 4.2 |

    Source: measured

    ## Interview · Persistence · saves
    Design storage that survives a restart.

    Source: common questions

    ---

    ```swift
    protocol Store { func save() }
    ```

    Keep it behind a protocol.

    Listen for: a seam for tests.
    """

  @Test("reads each kind into its own shape")
  func kinds() throws {
    let (deck, diagnostics) = parseDeck(Self.deck, name: "garden")
    #expect(diagnostics == [])
    #expect(deck.title == "Garden basics")
    #expect(deck.lesson == 7)
    #expect(deck.cards.map(\.kind) == [.syntax, .trick, .edge, .interview])
    #expect(deck.cards.allSatisfy { $0.lesson == 7 && $0.deck == "garden" })

    guard case .syntax(let syntax) = deck.cards[0].content else {
      Issue.record()
      return
    }
    #expect(deck.cards[0].id == "planter-struct")
    #expect(syntax.prompt == Prompt("Declare a planter with a name."))
    #expect(syntax.code == CodeBlock("struct Planter {\n    var name: String\n}"))
    #expect(syntax.explanation.blocks == [.text("A plain struct is enough.")])
    #expect(syntax.source == "the garden guide")

    guard case .trick(let trick) = deck.cards[1].content else {
      Issue.record()
      return
    }
    #expect(trick.question.code?.text == "print(\"Clay\" == \"clay\")")
    #expect(deck.cards[1].id.hasPrefix("trick-"))

    guard case .edge(let edge) = deck.cards[2].content else {
      Issue.record()
      return
    }
    #expect(deck.cards[2].section == "Planters and soil")
    #expect(edge.title == "clay when wet")
    #expect(
      edge.answer.blocks == [
        .text("It prints a number twice the dry weight."), .console("4.2"),
        .table([["soil", "wet"], ["clay", "4.2"]]),
      ])
    #expect(edge.source == "measured")

    guard case .interview(let interview) = deck.cards[3].content else {
      Issue.record()
      return
    }
    #expect(interview.source == "common questions")
    #expect(interview.listenFor == "a seam for tests.")
    #expect(interview.modelAnswer.prose == "Keep it behind a protocol.")
    #expect(deck.cards[3].location == SourceLocation(path: "garden.md", line: 57))
  }

  @Test("takes escaped lines literally")
  func escapes() throws {
    let text =
      "# D\n\n## Trick · T · x\n\\## not a heading\n\n---\n\n\\Source: not a source\n\n\\---\n"
    let (deck, diagnostics) = parseDeck(text)
    #expect(diagnostics == [])
    let card = try #require(deck.cards.first)
    #expect(card.prompt.text == "## not a heading")
    #expect(card.answer.blocks == [.text("Source: not a source"), .text("---")])
    #expect(card.source == nil)
  }

  @Test("reads CRLF line endings, a byte-order mark and very long lines")
  func lineEndings() throws {
    let long = String(repeating: "word ", count: 40_000)
    let text = "# D\r\n\r\n## Trick · T · x\r\n\(long)\r\n\r\n---\r\n\r\nYes.\r\n"
    let (deck, diagnostics) = NativeDeckParser(deckName: "d").parse(
      SourceText(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), path: "d.md"))
    #expect(diagnostics == [])
    #expect(deck.title == "D")
    #expect(deck.cards.first?.prompt.text.count == long.count - 1)
    #expect(deck.cards.first?.answer.blocks == [.text("Yes.")])
  }

  @Test("reports bytes that are not UTF-8 with their line, and still reads the rest")
  func notUTF8() {
    var bytes = Array("# D\n\n## Trick · T · x\nQuestion \n\n---\n\nAnswer\n".utf8)
    bytes.insert(0xFF, at: 28)
    let (deck, diagnostics) = NativeDeckParser(deckName: "d").parse(
      SourceText(bytes: bytes, path: "d.md"))
    #expect(
      diagnostics.map(\.description) == [
        "d.md:4: error: the file is not UTF-8 text (byte 0xFF at offset 28); save it as UTF-8"
      ])
    #expect(deck.cards.count == 1)
  }

  @Test(
    "reports each problem with its line",
    arguments: [
      (
        "## Quiz · T\nQ\n\n---\n\nA\n",
        "d.md:3: error: unknown card kind 'Quiz'; use Syntax, Trick, Edge or Interview"
      ),
      (
        "## Trick\nQ\n\n---\n\nA\n",
        "d.md:3: error: the heading names no topic: write '## Trick · Topic'"
      ),
      (
        "## Trick · T · bad id!\nQ\n\n---\n\nA\n",
        "d.md:3: error: 'bad id!' is not a valid id: use letters, digits, '-', '_' and '.'"
      ),
      (
        "## Trick · T · a · b\nQ\n\n---\n\nA\n",
        "d.md:3: error: a heading has at most three parts, 'Kind · Topic · id'; found 4"
      ),
      (
        "## Trick · T\nQ\n\nA\n",
        "d.md:3: error: the card has no '---' line between question and answer"
      ),
      (
        "## Trick · T\nQ\n---\nA\n---\nB\n",
        "d.md:7: error: a second '---' line (the first is line 5); a card has exactly one, between question and answer"
      ),
      ("## Trick · T\n\n---\n\nA\n", "d.md:3: error: the question is empty"),
      ("## Trick · T\nQ\n\n---\n\n", "d.md:6: error: the answer is empty"),
      (
        "## Trick · T\nQ\n```\na\n```\n```\nb\n```\n---\nA\n",
        "d.md:8: error: a question holds at most one code block; move this one to the answer"
      ),
      (
        "## Syntax · T\nQ\n---\nJust prose.\n",
        "d.md:5: error: a syntax card's answer needs the expected code in a fenced code block"
      ),
      (
        "## Edge · T\nQ\n---\nA\n",
        "d.md:3: error: an edge card needs a 'Source:' paragraph saying where the answer comes from"
      ),
      (
        "## Interview · T\nQ\n---\nA\n",
        "d.md:3: error: an interview card needs a 'Listen for:' paragraph"
      ),
      (
        "## Trick · T\nQ\n---\n```swift\nlet a = 1\n",
        "d.md:6: error: this code block is never closed"
      ),
    ])
  func problems(card: String, expected: String) {
    let (_, diagnostics) = parseDeck("# D\n\n" + card, name: "d")
    #expect(diagnostics.map(\.description) == [expected])
  }

  @Test("reports a missing title, a bad setting and an unknown one, all in one pass")
  func headerProblems() {
    let (deck, diagnostics) = parseDeck("Some words\n\n## Trick · T\nQ\n---\nA\n", name: "d")
    #expect(
      diagnostics.map(\.description) == ["d.md:1: error: a deck starts with its title, '# Title'"])
    #expect(deck.cards.count == 1)
    let settings = parseDeck(
      "# D\nlesson: seven\ncolour: blue\n\n## Trick · T\nQ\n---\nA\n", name: "d")
    #expect(
      settings.diagnostics.map(\.description) == [
        "d.md:2: error: 'lesson:' takes a whole number, not 'seven'",
        "d.md:3: error: unknown deck setting 'colour' (known: lesson)",
      ])
  }

  @Test("recovers at the next card when a code block is left open")
  func unclosedFenceRecovery() {
    let text =
      "# D\n\n## Trick · T · a\nQ\n---\n```swift\nlet a = 1\n\n## Trick · T · b\nQ2\n---\nA2\n"
    let (deck, diagnostics) = parseDeck(text, name: "d")
    #expect(diagnostics.map(\.description) == ["d.md:6: error: this code block is never closed"])
    #expect(deck.cards.map(\.id).contains("b"))
  }

  @Test("reports a deck without cards")
  func noCards() {
    #expect(
      parseDeck("# Empty\n", name: "d").diagnostics.map(\.description) == [
        "d.md:1: error: the deck has no cards ('## Kind · Topic' headings)"
      ])
  }

  @Test("keeps a derived id when only white space changes, and changes it with the wording")
  func derivedIdStability() throws {
    func id(_ question: String) throws -> String {
      try #require(
        parseDeck("# D\n\n## Trick · Topic\n\(question)\n---\nA\n", name: "d").deck.cards.first
      ).id
    }
    let original = try id("Does   this\nwork?")
    #expect(try id("Does this work?") == original)
    #expect(try id("Does this still work?") != original)
    let retopiced = try #require(
      parseDeck("# D\n\n## Trick · Other\nDoes this work?\n---\nB\n", name: "d").deck.cards.first)
    #expect(retopiced.id == original)
  }
}
