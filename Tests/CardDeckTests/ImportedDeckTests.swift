import Testing

@testable import CardDeck

@Suite("Decks imported from lesson pages")
struct ImportedDeckTests {
  let deck: Deck

  init() throws {
    deck = parsePage(try fixture("lesson-page.txt"), path: "lesson-page.txt").deck
  }

  @Test("gives every card a readable id: lesson, kind and a few words of its question")
  func readableIDs() throws {
    let imported = deck.withReadableIDs()
    let ids = imported.cards.map(\.id)
    #expect(
      ids == [
        "l7-syntax-declare-planter-name-size-litres", "l7-syntax-mark-class-model-saved",
        "l7-syntax-loam-lowercased-call-printed", "l7-trick-padding-planter-row-add-around",
        "l7-trick-clay-clay-true-false", "l7-edge-row-appears", "l7-edge-soil-without-code",
        "l7-edge-model-without-id", "l7-interview-garden-saves-itself",
      ])
    #expect(ids.allSatisfy { CardID.isValid($0) && $0.utf8.count <= CardID.maximumLength })
    // Stable: the same page gives the same ids, and only the ids change.
    #expect(deck.withReadableIDs().cards.map(\.id) == ids)
    #expect(zip(imported.cards, deck.cards).allSatisfy { $0.content == $1.content })
  }

  @Test("keeps the id of a card that has progress, and no readable id takes it")
  func keptIDs() throws {
    let kept = try #require(deck.cards.first)
    let imported = deck.withReadableIDs { $0.id == kept.id }
    #expect(imported.cards.first?.id == kept.id)
    #expect(imported.cards.dropFirst().allSatisfy { $0.id.hasPrefix("l7-") })

    var taken: Set<String> = ["l7-syntax-water-plant"]
    #expect(
      CardID.readable(deck: "x", lesson: 7, kind: .syntax, text: "Water a plant.", taken: &taken)
        == "l7-syntax-water-plant-2")
    #expect(
      CardID.readable(deck: "x", lesson: 7, kind: .syntax, text: "water the plant", taken: &taken)
        == "l7-syntax-water-plant-3")
  }

  @Test(
    "makes an id from any question",
    arguments: [
      (nil, "Growing herbs", "What is it?", "growing-herbs-trick-what-is-it"),
      (3, "x", "", "l3-trick"),
      (3, "x", "¿Qué? — 日本語 only", "l3-trick-qu-only"),
      (3, "x", "$0.name in a ForEach", "l3-trick-0-name-foreach"),
      (
        3, "x", "Supercalifragilisticexpialidocious-and-more-than-forty-bytes words",
        "l3-trick-supercalifragilisticexpialidocious-more"
      ),
    ] as [(Int?, String, String, String)])
  func idFromAnyQuestion(lesson: Int?, deck: String, text: String, id: String) {
    var taken: Set<String> = []
    #expect(
      CardID.readable(deck: deck, lesson: lesson, kind: .trick, text: text, taken: &taken) == id)
  }

  @Test("gives edge questions and the interview problem the page's own topics, never a course part")
  func topicsFromThePage() throws {
    let topics = Set(deck.cards.map(\.topic))
    #expect(topics == ["Planters", "SwiftData", "Soil"])
    let interview = try #require(deck.cards.first { $0.kind == .interview })
    #expect(interview.topic == "Planters")
    let model = try #require(deck.cards.first { $0.title == "a model without an id" })
    #expect(model.topic == "SwiftData")
  }

  @Test(
    "cuts a topic glued to a prompt that begins with a digit or a quote",
    arguments: [
      ("Tabs3 tabs, one badge. Where does it show?", "3 tabs, one badge. Where does it show?"),
      ("Tabs“Badge” on a tab: what shows?", "“Badge” on a tab: what shows?"),
      ("Tabs<Tab> in a TabView?", "<Tab> in a TabView?"),
    ])
  func topicBeforeDigitOrMark(label: String, prompt: String) throws {
    let page = """
      Lesson 9
      Tabs and badges
      Flash cards
      Trick question · \(label)

      It shows on the tab.

      Trick question · TabsA badge on the second tab?

      On that tab.
      """
    let (deck, diagnostics) = parsePage(page)
    #expect(diagnostics.allSatisfy { $0.severity != .error })
    let card = try #require(deck.cards.first)
    #expect(card.topic == "Tabs")
    #expect(card.prompt.text == prompt)
  }

  @Test("turns a log caption into a label over the log's message, and goes on after it")
  func labelledLog() throws {
    let source = SourceText(
      [
        "A tap does nothing, and SwiftUI says why:", "",
        "SwiftUI wrote this to the log while the app ran", "",
        "A NavigationLink is presenting a value of type “String” but there is no match.",
        "", "Note: Links search for destinations in any surrounding stack.", "",
        "The message's last line is the rule.",
      ].joined(separator: "\n"), path: "answer.txt")
    let passage = source.utf8.withUnsafeBufferPointer { bytes in
      LessonPageText.passage(source.lineRanges.map { SourceLine($0, in: bytes) }[...])
    }
    #expect(
      passage.blocks == [
        .text("A tap does nothing, and SwiftUI says why:"), .text(LessonPageText.logLabel),
        .console(
          "A NavigationLink is presenting a value of type “String” but there is no match.\n"
            + "Note: Links search for destinations in any surrounding stack."),
        .text("The message's last line is the rule."),
      ])
  }

  @Test(
    "tells a log caption from a sentence about the log",
    arguments: [
      ("SwiftUI wrote this to the log while the app ran", true),
      ("Xcode printed this to the console", true),
      ("The app logged this in the console", true),
      ("SwiftUI wrote this to the log while the app ran.", false),
      ("Look at the log", false),
      ("It wrote a file", false),
    ])
  func logCaptions(line: String, isCaption: Bool) {
    #expect(LessonPageText.isLogCaption(Substring(line)) == isCaption)
  }
}
