import Foundation
import Testing

@testable import CardDeck

/// Inputs that the fuzz targets of `Fuzz/` (native-deck, lesson-page) found breaking one of the
/// parsers' invariants, cut down to what reproduces each. See docs/reliability.md, "Fuzzing".
@Suite("Fuzz regressions: decks")
struct CardDeckFuzzRegressionTests {
  /// Writes `deck` as a native deck, as `quiz import` does, and reads it back.
  private func rewritten(_ deck: Deck) -> (deck: Deck, diagnostics: [Diagnostic]) {
    let text = NativeDeckWriter().write(deck)
    return NativeDeckParser(deckName: deck.name).parse(SourceText(text, path: "rewritten.md"))
  }

  /// The cards of `deck` read back the same after writing, without a problem.
  private func expectRoundTrip(_ deck: Deck) {
    let (again, diagnostics) = rewritten(deck)
    #expect(diagnostics == [])
    #expect(again.cards.map(\.withoutLocation) == deck.cards.map(\.withoutLocation))
  }

  // MARK: - Native decks

  @Test(
    "An escaped line is trimmed after its backslash, and a lone backslash adds nothing",
    arguments: [
      // native-deck: a "\" line in the answer became an empty paragraph, lost when written.
      ("A\n\n\\\n", [Passage.Block.text("A")]),
      ("\\\n\nA\n", [.text("A")]),
      // A paragraph ended or started with a space, trimmed away when read back.
      ("A\n\\\n", [.text("A")]),
      ("\\  Source: not a source  \n", [.text("Source: not a source")]),
      ("A\n\\   B\n", [.text("A B")]),
    ])
  func escapedLines(answer: String, blocks: [Passage.Block]) throws {
    let (deck, diagnostics) = parseDeck("# D\n\n## Trick · T · x\nQ\n\\\n\n---\n\n" + answer)
    #expect(diagnostics == [])
    let card = try #require(deck.cards.first)
    #expect(card.prompt.text == "Q")
    #expect(card.answer.blocks == blocks)
    #expect(card.source == nil)
    expectRoundTrip(deck)
  }

  @Test("A lone backslash between paragraphs of a question leaves no empty paragraph")
  func backslashInQuestion() throws {
    let (deck, _) = parseDeck("# D\n\n## Trick · T · x\nQ\n\n\\\n\nR\n\n---\n\nA\n")
    #expect(deck.cards.first?.prompt.text == "Q\n\nR")
    expectRoundTrip(deck)
  }

  @Test(
    "A separator with nothing after it is not part of the topic",
    arguments: ["## Trick · Sheets ·", "## Trick | Sheets ·\t | x"])
  func danglingSeparator(heading: String) throws {
    // native-deck: the topic "Sheets ·" was written as "## Trick · Sheets · · id", whose id
    // part reads as "· id".
    let (deck, diagnostics) = parseDeck("# D\n\n\(heading)\nQ\n\n---\n\nA\n")
    #expect(diagnostics == [])
    #expect(deck.cards.first?.topic == "Sheets")
    expectRoundTrip(deck)
  }

  @Test(
    "A code block whose language holds a backquote is written with a tilde fence",
    arguments: ["text```", "~`x", "a`b"])
  func languageWithBackquote(language: String) throws {
    // native-deck: "~~~text```" opened a block in language "text```", written back as
    // "```text```", which is not a fence at all.
    let (deck, diagnostics) = parseDeck(
      "# D\n\n## Trick · T · x\nQ\n\n---\n\n~~~~ \(language)\n```\n~~~\n~~~~\n")
    #expect(diagnostics == [])
    let card = try #require(deck.cards.first)
    #expect(card.answer.blocks == [.code(CodeBlock("```\n~~~", language: language))])
    expectRoundTrip(deck)
  }

  @Test("The not-UTF-8 error counts lines ended by a lone CR, as the lines are split")
  func notUTF8AfterCarriageReturns() {
    // native-deck: the error named line 1, counting only "\n", on a file with "\r" endings.
    let bytes: [UInt8] =
      Array("# D\r\r## Trick · T · x\rQ".utf8) + [0xFF] + Array("\r\r---\r\rA\r".utf8)
    let source = SourceText(bytes: bytes, path: "d.md")
    #expect(source.lines.count == 8)
    #expect(source.lines[3].unicodeScalars.contains("\u{FFFD}"))
    #expect(
      source.diagnostics.map(\.description) == [
        "d.md:4: error: the file is not UTF-8 text (byte 0xFF at offset 25); save it as UTF-8"
      ])
    #expect(
      SourceText(bytes: Array("a\r\n\r\nb\r".utf8) + [0xC0], path: "d.md").diagnostics.first?
        .location.line == 4)
  }

  @Test("The not-UTF-8 error's offset counts a byte-order mark, as the file holds it")
  func notUTF8AfterByteOrderMark() {
    let source = SourceText(bytes: [0xEF, 0xBB, 0xBF, 0x61, 0x0A, 0xFF], path: "d.md")
    #expect(
      source.diagnostics.map(\.description) == [
        "d.md:2: error: the file is not UTF-8 text (byte 0xFF at offset 5); save it as UTF-8"
      ])
  }

  // MARK: - Lesson pages imported as native decks

  static let herbPage = """
    Lesson 3

    Growing herbs

    Pots · Watering

    Flash cards

    Edge cases and tricky questions

    Lesson 3 · question 1 of 1 · dry soil

    Does basil like dry soil?
    Show the answer

    No, keep it moist.

    Where this comes from: a herb guide.

    Write the code
    Interview problem · Part 2 · Saving

    A herb planner

    Plan the watering of a window box.

    Show the answer

    Water each pot by its size.

    What interviewers listen for: sizes.
    """

  @Test("A topic with the page's ' · ' separators becomes one a deck heading can hold")
  func topicWithMiddleDots() throws {
    // lesson-page: an edge question without a section heading took the subjects line
    // "Planters and soil · SwiftData models" as its topic; the imported deck's heading then had
    // four parts and did not load.
    let (deck, diagnostics) = parsePage(Self.herbPage)
    #expect(diagnostics == [])
    let edge = try #require(deck.cards.first { $0.kind == .edge })
    // Since the topics are resolved from the whole page, an edge question takes one subject of
    // its section, and the interview problem the page topic its text names ("watering").
    #expect(edge.topic == "Pots")
    #expect(edge.section == "Pots · Watering")
    let interview = try #require(deck.cards.first { $0.kind == .interview })
    #expect(interview.topic == "Watering")
    #expect(interview.section == "Saving")
    expectRoundTrip(deck)
  }

  @Test("An edge question's title has no white space at its ends")
  func edgeTitleWithLeadingSpace() throws {
    // lesson-page: "… · question 1 of 1 ·  soils" kept the title " soils", trimmed when the
    // imported deck's "title:" line was read back.
    let page = Self.herbPage.replacingOccurrences(
      of: "1 of 1 · dry soil", with: "1 of 1 ·  dry soil")
    let (deck, _) = parsePage(page)
    let edge = try #require(deck.cards.first { $0.kind == .edge })
    #expect(edge.title == "dry soil")
    expectRoundTrip(deck)
  }

  @Test("An interview problem's title is one line")
  func interviewTitleOnTwoLines() throws {
    // lesson-page: a title on two lines was written as "title: A" and a second line, which read
    // back as part of the problem.
    let page = Self.herbPage.replacingOccurrences(of: "A herb planner", with: " A herb\nplanner")
    let (deck, _) = parsePage(page)
    let interview = try #require(deck.cards.first { $0.kind == .interview })
    #expect(interview.title == "A herb planner")
    expectRoundTrip(deck)
  }

  @Test("Lesson 0 is no lesson number")
  func lessonZero() throws {
    // lesson-page: "Lesson 0" gave the lesson 0, written as "lesson: 0", which a deck refuses.
    let page = Self.herbPage.replacingOccurrences(of: "Lesson 3", with: "Lesson 0")
    let (deck, _) = parsePage(page)
    #expect(deck.lesson == nil)
    #expect(deck.name == "page")
    #expect(deck.cards.count == 2)
    expectRoundTrip(deck)
  }

  @Test("A flash card's topic has no white space at its ends")
  func flashTopicWithLeadingSpace() throws {
    let page = "Lesson 4\n\nFlash cards\n\nTrick question ·  SoilIs clay heavy?\n\nYes, when wet.\n"
    let (deck, _) = parsePage(page)
    let card = try #require(deck.cards.first)
    #expect(card.topic == "Soil")
    #expect(card.prompt.text == "Is clay heavy?")
    expectRoundTrip(deck)
  }

  @Test("A prompt with no topic to cut has no white space at its ends either")
  func promptWithoutTopic() throws {
    // lesson-page: "Trick question ·  the answer" kept the prompt " the answer".
    let page = "Lesson 4\n\nFlash cards\n\nTrick question ·  is clay heavy?\n\nYes, when wet.\n"
    let (deck, _) = parsePage(page)
    let card = try #require(deck.cards.first)
    #expect(card.topic == "General")
    #expect(card.prompt.text == "is clay heavy?")
    expectRoundTrip(deck)
  }

  @Test(
    "A table is made only of rows that a native deck can hold, and its cells are trimmed",
    arguments: [
      // lesson-page: "Where this " kept its trailing space as a cell, trimmed when read back.
      ("Soil \nClay", Passage.Block.table([["Soil"], ["Clay"]])),
      // A cell holding "|" was read back as two cells.
      ("wet | dry\nclay", .text("wet | dry clay")),
      // A row of dashes was read back as the separator under the header, and dropped.
      ("---\nclay", .text("--- clay")),
    ])
  func lessonTables(lines: String, block: Passage.Block) throws {
    let page = """
      Lesson 5

      Flash cards

      Edge cases and tricky questions

      Lesson 5 · question 1 of 1 · soils

      Which soil is heavy?
      Show the answer

      \(lines)

      Where this comes from: a soil chart.
      """
    let (deck, diagnostics) = parsePage(page)
    #expect(diagnostics == [])
    let card = try #require(deck.cards.first)
    #expect(card.answer.blocks == [block])
    expectRoundTrip(deck)
  }
}
