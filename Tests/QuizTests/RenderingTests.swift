import CardDeck
import Testing

@testable import quiz

@Suite("Rendering")
struct RenderingTests {
  @Test("colours keywords, strings, comments, attributes and numbers, and nothing without colour")
  func highlight() {
    let code = "@Model let x = \"s\" // c\nvar y = 2"
    #expect(Style(usesColor: false).highlight(code) == code)
    let coloured = Style(usesColor: true).highlight(code)
    #expect(coloured.contains("\u{1B}[33m@Model\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[35mlet\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[31m\"s\"\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[2;3m// c\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[34m2\u{1B}[0m"))
  }

  @Test("wraps prose at spaces to the width, keeping an indent and existing line breaks")
  func wrap() {
    let wrapped = TextWrapper(width: 24).wrap(
      "one two three four five six seven eight\nnine", indent: "  ")
    #expect(wrapped == "  one two three four\n  five six seven eight\n  nine")
    #expect(wrapped.split(separator: "\n").allSatisfy { $0.count <= 24 })
  }

  @Test(
    "shows position and progress in the header, narrowing the bar to fit the width",
    arguments: [100, 60, 30])
  func header(width: Int) throws {
    let card = try #require(
      NativeDeckParser(deckName: "d").parse(
        SourceText("# D\n\n## Trick · Sheets · a-card\nQ?\n---\nA.\n", path: "d.md")
      )
      .deck.cards.first)
    let line = CardPresenter(style: Style(usesColor: false), width: width).header(
      for: card, position: 3, total: 4)
    #expect(line.hasPrefix("[3/4] "))
    #expect(line.hasSuffix("Sheets · trick · a-card"))
    #expect(line.count <= max(width, 30))
    if width == 100 { #expect(line.contains("██████████░░░░░░░░░░")) }
  }

  @Test("parses the session's commands, and only at the start of a line")
  func commands() {
    #expect(SessionCommand.parse(" :undo ") == .command(.undo))
    #expect(SessionCommand.parse(":q") == .command(.quit))
    #expect(SessionCommand.parse(":nope") == .unknown(":nope"))
    #expect(SessionCommand.parse("a :quit") == nil)
  }
}
