import CardDeck
import Testing

@testable import quiz

@Suite("Rendering")
struct RenderingTests {
  @Test("tokenizes Swift without losing a character")
  func tokensRoundTrip() {
    let code = """
      @State private var name = "Ada \\(count) \\"x\\"" // a comment
      /* block */ let n = 0x1F + 3.5
      """
    let tokens = SwiftTokenizer.tokens(code)
    #expect(tokens.map(\.text).joined() == code)
    #expect(tokens.first == .init(kind: .attribute, text: "@State"))
    #expect(tokens.contains(.init(kind: .keyword, text: "private")))
    #expect(tokens.contains(.init(kind: .string, text: "\"Ada \\(count) \\\"x\\\"\"")))
    #expect(tokens.contains(.init(kind: .comment, text: "// a comment")))
    #expect(tokens.contains(.init(kind: .comment, text: "/* block */")))
    #expect(tokens.contains(.init(kind: .number, text: "0x1F")))
    #expect(tokens.contains(.init(kind: .number, text: "3.5")))
    #expect(tokens.contains(.init(kind: .identifier, text: "name")))
  }

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
    "compares an attempt token by token, ignoring white space and comments",
    arguments: [
      ("Text(\"a\")\n  .padding()", "Text( \"a\" ).padding() // done", 5),
      (".sheet(isPresented: $shown) { A() }", ".sheet(isPresented: $show) { A() }", 4),
      (".sheet(isPresented: $shown) { A() }", ".sheet(item: $x) { A() }", 3),
      (".sheet(isPresented: $shown) { A() }", "sheet shown", 1),
    ])
  func comparison(expected: String, attempt: String, grade: Int) {
    #expect(AttemptComparison(attempt: attempt, expected: expected).suggestedGrade == grade)
  }

  @Test("marks what is missing and what is extra")
  func comparisonPieces() {
    let comparison = AttemptComparison(attempt: "f(a, c)", expected: "f(a, b)")
    #expect(
      comparison.pieces == [
        .same("f"), .same("("), .same("a"), .same(","), .missing("b"), .extra("c"), .same(")"),
      ])
    #expect(!comparison.isExact)
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
