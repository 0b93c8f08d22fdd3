import Testing

@testable import CardDeck

@Suite("A lesson page's pictures in a card's prose")
struct FigureReferencesTests {
  @Test("a parenthesis about the picture is left out with the space before it")
  func parenthesis() {
    let passage = Passage([
      .text("A drag down leaves the panel in place (the picture shows it after one).")
    ])
    #expect(
      FigureReferences.stripped(passage)
        == Passage([.text("A drag down leaves the panel in place.")]))
  }

  @Test("a dash clause that names the picture is cut up to the mark that ends it")
  func dashClause() {
    let passage = Passage([.text("A phone held upright is narrow — the picture; a tablet is wide.")]
    )
    #expect(
      FigureReferences.stripped(passage)
        == Passage([.text("A phone held upright is narrow; a tablet is wide.")]))
  }

  @Test("a sentence about the picture keeps only the clauses that say something else")
  func describingSentence() {
    let passage = Passage([
      .text(
        "Bind the list to a selection. The picture is a tablet after a tap on Oslo; on a phone the same code is one stack."
      )
    ])
    #expect(
      FigureReferences.stripped(passage)
        == Passage([.text("Bind the list to a selection. On a phone the same code is one stack.")]))
  }

  @Test("a sentence that only describes the picture goes, and an empty paragraph with it")
  func wholeParagraph() {
    let passage = Passage([
      .code(CodeBlock("Text(\"Hi\")")), .text("The picture is the sheet at half height."),
    ])
    #expect(FigureReferences.stripped(passage) == Passage([.code(CodeBlock("Text(\"Hi\")"))]))
  }

  @Test("a mention that cannot be cut off alone stays, and the card says the picture is not in it")
  func note() {
    let passage = Passage([.text("As the picture makes plain, the row wraps.")])
    #expect(
      FigureReferences.stripped(passage)
        == Passage([
          .text("As the picture makes plain, the row wraps."), .text(FigureReferences.note),
        ]))
  }

  @Test("prose that speaks of pictures in general, code and console output are left alone")
  func untouched() {
    let passage = Passage([
      .text("This card has no picture after its code."), .code(CodeBlock("print(\"the picture\")")),
      .console("the picture"),
    ])
    #expect(FigureReferences.stripped(passage) == passage)
  }

  @Test("a lesson page's flash card loses its mention of the picture when it is read")
  func readFromPage() {
    let page = """
      ← All lessonsLesson 9 of 40 · Part 2: Layout
      Lesson 9

      Rows and columns

      Stacks

      Flash cards

      1 cards for this lesson, each labelled with its topic. 1 ask how you would write something.

      Syntax · StacksPut two labels side by side.
      HStack { Text("A"); Text("B") }
      Screenshot of this code running
      Screenshot · iPhone 17, iOS 27.0

      HStack lays its children out in a row (the picture is the row on a phone).
      """
    let parsed = parsePage(page, path: "lesson-9.txt")
    let card = parsed.deck.cards.first
    #expect(card?.answer.prose == "HStack lays its children out in a row.")
  }

  @Test(
    "a text mentions the picture or the screenshot as its lower-cased Characters say",
    arguments: 0..<500)
  func mentionsAgreeWithLowerCase(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let pieces = [
      "the picture", "The Picture", "THE SCREENSHOT", "the screenshot", "the", " ", "pictures",
      "screenscreenshot", "P\u{130}CTURE", "pictur", "\u{301}", "é", "ture", "the ", "screen",
      "shot", "\u{212A}", "(", ")", " — ", ".", "pic", "Screensho", "t", "\u{300}e",
    ]
    let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
    let lowered = text.lowercased()
    let model =
      lowered.firstRange(of: "the picture") != nil
      || lowered.firstRange(of: "the screenshot") != nil
    #expect(FigureReferences.mentionsFigure(text) == model, "\(text.debugDescription)")
    #expect(
      FigureReferences.mentionsFigure(Substring(text)) == model, "\(text.debugDescription)")
  }
}
