import Foundation
import Testing

@testable import CardDeck

@Suite("Lesson pages")
struct LessonPageParserTests {
  let parsed: (deck: Deck, diagnostics: [Diagnostic])

  init() throws {
    parsed = parsePage(try fixture("lesson-page.txt"), path: "lesson-page.txt")
  }

  var cards: [Card] { parsed.deck.cards }

  func card(titled title: String) throws -> Card {
    try #require(cards.first { $0.title == title })
  }

  @Test("reads every card of the page, and nothing from the tutorial")
  func counts() {
    #expect(parsed.diagnostics == [])
    #expect(cards.filter { $0.kind == .syntax }.count == 3)
    #expect(cards.filter { $0.kind == .trick }.count == 2)
    #expect(cards.filter { $0.kind == .edge }.count == 3)
    #expect(cards.filter { $0.kind == .interview }.count == 1)
    #expect(!cards.contains { $0.prompt.text.contains("tutorial") })
  }

  @Test("names the deck after the lesson and takes its title from the page")
  func deckName() {
    #expect(parsed.deck.name == "lesson-7")
    #expect(parsed.deck.lesson == 7)
    #expect(parsed.deck.title == "Lesson 7: Growing a balcony garden")
    #expect(cards.allSatisfy { $0.lesson == 7 && $0.deck == "lesson-7" })
  }

  @Test(
    "cuts the topic where the page's headings say it ends",
    arguments: [
      ("Declare a planter", "Planters", "Declare a planter with a name and a size in litres."),
      ("Mark a class", "SwiftData", "Mark a class as a model that is saved."),
      ("\"Loam\"", "Soil", "\"Loam\".lowercased() in one call, printed."),
      (".padding()", "Planters", ".padding() on a planter row. What does it add around the text?"),
      ("Is \"Clay\"", "Soil", "Is \"Clay\" == \"clay\" true or false?"),
    ])
  func topics(start: String, topic: String, prompt: String) throws {
    let card = try #require(cards.first { $0.prompt.text.hasPrefix(start) })
    #expect(card.topic == topic)
    #expect(card.prompt.text == prompt)
  }

  @Test("keeps blank lines and elisions inside code")
  func codeWithBlankLines() throws {
    let card = try #require(cards.first { $0.topic == "Planters" && $0.kind == .syntax })
    guard case .syntax(let syntax) = card.content else {
      Issue.record("not syntax")
      return
    }
    #expect(
      syntax.code.text == "struct Planter {\n    var name: String\n\n    var litres: Int\n}\n…")
    #expect(syntax.explanation.prose.hasPrefix("A struct with two stored properties"))
  }

  @Test("a flash card part that goes on after an edge question keeps the lines of both")
  func partsThatResume() throws {
    let page = """
      Lesson 3
      Sheets

      Flash cards
      Syntax · SheetsShow a sheet.
      .sheet(isPresented: $shows) { Text("A") }

      It presents a sheet.
      Edge cases and tricky questions
      Sheets
      Lesson 3 · question 1 of 1 · two sheets
      Will the second sheet appear?
      Show the answer
      Yes, both open.
      Where this comes from: measured
      Flash cards
      It stays up until it is dismissed.
      """
    let (deck, _) = parsePage(page)
    let flash = try #require(deck.cards.first { $0.kind == .syntax })
    let edge = try #require(deck.cards.first { $0.kind == .edge })
    // The line read after the edge question goes on with the card's last paragraph.
    #expect(
      flash.answer.blocks.last == .text("It presents a sheet. It stays up until it is dismissed."))
    #expect(edge.answer.blocks == [.text("Yes, both open.")])
  }

  @Test("ends code at a blank line when no screenshot follows it")
  func codeWithoutScreenshot() throws {
    let card = try #require(cards.first { $0.topic == "SwiftData" })
    guard case .syntax(let syntax) = card.content else {
      Issue.record("not syntax")
      return
    }
    #expect(syntax.code.text == "@Model\nfinal class Seed {\n    var kind = \"basil\"\n}")
    #expect(
      syntax.explanation.blocks == [
        .text(
          "The @Model macro makes the class persistent, and this card has no picture after its code."
        )
      ])
  }

  @Test("puts a trick question's code in the question, and reads a card without code")
  func trickCode() throws {
    let withCode = try #require(cards.first { $0.prompt.text.hasPrefix(".padding()") })
    #expect(withCode.prompt.code?.text == "Text(\"Tomato\")\n    .padding()")
    let without = try #require(cards.first { $0.prompt.text.hasPrefix("Is \"Clay\"") })
    #expect(without.prompt.code == nil)
    #expect(without.answer.prose.hasPrefix("False."))
  }

  @Test("drops every screenshot caption, glued or not")
  func noCaptions() {
    for card in cards {
      let text =
        card.answer.blocks.map { "\($0)" }.joined() + card.prompt.text
        + (card.prompt.code?.text ?? "")
      #expect(!text.contains("Screenshot"), "caption in \(card.id)")
      #expect(!text.contains("screenshot"), "caption in \(card.id)")
    }
  }

  @Test("reads an edge case's question, code, console output, table, code and source")
  func edgeCase() throws {
    let card = try card(titled: "a row that appears")
    #expect(card.section == "Planters and soil")
    // The section lists two flash-card topics; the question names neither, so the first.
    #expect(card.topic == "Planters")
    #expect(
      card.prompt.text
        == "A row prints when it appears. What is printed, and is there a table of runs?")
    #expect(card.prompt.code?.text.hasPrefix("import SwiftUI\n\nstruct Row: View {") == true)
    #expect(card.prompt.code?.text.hasSuffix("    }\n}") == true)
    #expect(
      card.answer.blocks == [
        .text("It prints one line when the row first shows up:"),
        .console("row appeared"),
        .text("Two runs gave the same result:"),
        .table([["Run", "Printed"], ["first", "once"], ["second", "once"]]),
        .text("The fix, if you want it twice, is a task that runs again:"),
        .code(CodeBlock("Text(\"Row\")\n    .task { print(\"row task\") }")),
        .text("So onAppear runs once for each time the view comes on screen."),
      ])
    #expect(card.source == "onAppear(perform:) — measured in a simulator with iOS 27.")
    #expect(card.location == SourceLocation(path: "lesson-page.txt", line: 75))
  }

  @Test("reads an edge case without code, and takes each question's section heading")
  func edgeCaseWithoutCode() throws {
    let plain = try card(titled: "soil without code")
    #expect(plain.prompt.code == nil)
    #expect(plain.section == "Planters and soil")
    let model = try card(titled: "a model without an id")
    #expect(model.section == "SwiftData models")
    #expect(model.prompt.code?.text.hasPrefix("@Model") == true)
  }

  @Test("reads the interview problem, its model answer and what interviewers listen for")
  func interview() throws {
    let card = try card(titled: "A garden that saves itself")
    guard case .interview(let interview) = card.content else {
      Issue.record("not interview")
      return
    }
    // `Interview problem · Part 2` names a part of the course, which is no section or topic.
    #expect(card.section == nil)
    #expect(card.topic != "Part 2")
    #expect(interview.problem.text.hasPrefix("“Design the storage"))
    #expect(interview.source == "a list of common interview questions about persistence")
    #expect(interview.modelAnswer.codeBlocks.first?.text.hasPrefix("struct Garden {") == true)
    #expect(interview.modelAnswer.prose.hasPrefix("Keep the model plain"))
    #expect(interview.listenFor.hasPrefix("Plain models"))
  }

  @Test("gives every card a stable id derived from its deck, kind and question")
  func derivedIds() {
    let ids = cards.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(
      ids.allSatisfy {
        $0.range(of: "^(syntax|trick|edge|interview)-[0-9a-f]{8}$", options: .regularExpression)
          != nil
      })
    #expect(parsePage(try! fixture("lesson-page.txt")).deck.cards.map(\.id) == ids)
  }
}

@Suite("Lesson page problems")
struct LessonPageProblemTests {
  @Test("reports a page that announces more cards than it has")
  func announcedCount() throws {
    let text = try fixture("lesson-page.txt").replacingOccurrences(
      of: "5 cards for", with: "6 cards for")
    let diagnostics = parsePage(text).diagnostics
    #expect(
      diagnostics.map(\.description).contains(
        "page.txt:28: error: the page announces 6 flash cards, but 5 were found"))
  }

  @Test("reports an edge case without its source line, at the question")
  func missingSource() throws {
    let text = try fixture("lesson-page.txt").replacingOccurrences(
      of: "Where this comes from: a gardening handbook, chapter on soil.", with: "")
    let (deck, diagnostics) = parsePage(text)
    #expect(
      diagnostics.map(\.description).contains(
        "page.txt:119: error: the question has no 'Where this comes from:' line"))
    #expect(!deck.cards.contains { $0.title == "soil without code" })
  }

  @Test("reports a page with no cards")
  func noCards() {
    let diagnostics = parsePage("Lesson 3\n\nA title\n\nStep 1\n\nSome tutorial text.\n")
      .diagnostics
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.severity == .error)
    #expect(diagnostics.first?.location.line == 1)
  }

  @Test("warns, and says what it chose, when two topics both fit the headings")
  func ambiguousTopic() {
    let page = """
      Lesson 9

      Swift and SwiftData

      Flash cards

      Syntax · SwiftDataSave a model.
      context.insert(seed)

      insert(_:) queues the model for saving.
      """
    let (deck, diagnostics) = parsePage(page)
    #expect(deck.cards.first?.topic == "SwiftData")
    #expect(
      diagnostics.map(\.description) == [
        "page.txt:7: warning: the topic could be 'Swift' or 'SwiftData'; took 'SwiftData'"
      ])
  }

  @Test("warns when no heading names a topic, and uses the one the cards share")
  func topicFromRecurrence() {
    let page = """
      Flash cards

      Syntax · GardensPlant a seed.
      plant(seed)

      Plants it.

      Trick question · GardensWhat does water() return?

      Nothing.
      """
    let (deck, diagnostics) = parsePage(page)
    #expect(deck.cards.map(\.topic) == ["Gardens", "Gardens"])
    #expect(diagnostics.count == 2)
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test(
    "an edge question takes the topic whose flash cards' code uses its names: a syntax card's, a trick question's answer's, else its question's"
  )
  func topicFromFlashCardCode() {
    let page = """
      Lesson 3

      Gardens and Planters and Seeds

      Flash cards

      Syntax · GardensWater a garden.
      gardenhose.sprinkle()

      Waters it.

      Trick question · PlantersWhat does this print?
      print(1)
      Screenshot of this code running

      It prints 1, then:

      flowerpot.repot()

      Trick question · SeedsWhat does this print?
      seedpacket.sow()
      Screenshot of this code running

      It sows.

      Edge cases and tricky questions

      Gardens and Planters and Seeds

      Lesson 3 · question 1 of 3 · the hose

      What happens after gardenhose.sprinkle() twice?

      Show the answer
      It sprinkles twice.
      Where this comes from: the docs

      Lesson 3 · question 2 of 3 · the pot

      What happens after flowerpot.repot() twice?

      Show the answer
      It repots twice.
      Where this comes from: the docs

      Lesson 3 · question 3 of 3 · the packet

      What happens after seedpacket.sow() twice?

      Show the answer
      It sows twice.
      Where this comes from: the docs
      """
    let (deck, _) = parsePage(page)
    #expect(
      deck.cards.filter { $0.kind == .edge }.map(\.topic) == ["Gardens", "Planters", "Seeds"])
  }
}
