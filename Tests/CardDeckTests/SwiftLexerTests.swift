import Testing

@testable import CardDeck

@Suite("Lexing Swift")
struct SwiftLexerTests {
  private func texts(_ code: String) -> [String] {
    SwiftLexer.significantTokens(in: code).map { String(code[$0.range]) }
  }

  private func kinds(_ code: String) -> [SwiftToken.Kind] {
    SwiftLexer.significantTokens(in: code).map(\.kind)
  }

  @Test(
    "keeps every character, so the tokens join back into the source",
    arguments: [
      "@State private var name = \"Ada \\(count) \\\"x\\\"\" // a comment",
      "/* outer /* nested */ still comment */ let n = 0x1F + 3.5e-2",
      "let s = #\"raw \\(not) \"quoted\"\"#",
      "let block = \"\"\"\n  line \\(a + b)\n  \"\"\"\nText(block)",
      "Text(\"unterminated",
      "{ ( [ \\ ` # @ $",
      "let café = \"naïve\"; let 🐦 = 1",
      "",
    ])
  func roundTrip(code: String) {
    let tokens = SwiftLexer.tokens(in: code)
    #expect(tokens.map { String(code[$0.range]) }.joined() == code)
  }

  @Test("tells names, keywords, sigils, literals and operators apart")
  func kindsOfTokens() {
    #expect(
      kinds("@State var x = $name ?? \"a\" + 2") == [
        .attribute, .keyword, .identifier, .operator, .dollar, .operator, .string, .operator,
        .number,
      ])
    #expect(kinds("#Preview { }") == [.pound, .punctuation, .punctuation])
    #expect(texts("\\.horizontalSizeClass") == ["\\", ".", "horizontalSizeClass"])
  }

  @Test("reads a string with an interpolation holding quotes and parentheses as one token")
  func interpolation() {
    #expect(texts(#"Text("“\(song.title)” is \(f("x)")) long")"#).count == 4)
  }

  @Test("takes ? and ! right after an operand as postfix, and spaced as operators")
  func postfix() {
    #expect(kinds("Recipe?") == [.identifier, .punctuation])
    #expect(kinds("a ? b : c") == [.identifier, .operator, .identifier, .punctuation, .identifier])
    #expect(kinds("!isEmpty") == [.operator, .identifier])
    #expect(texts("a != b") == ["a", "!=", "b"])
    #expect(texts("x ?? y") == ["x", "??", "y"])
  }

  @Test("numbers the lines tokens start on, and notes white space before them")
  func lines() {
    let tokens = SwiftLexer.significantTokens(in: "Text(\"a\")\n\n  .bold()")
    #expect(tokens.map(\.line) == [1, 1, 1, 1, 3, 3, 3, 3])
    #expect(tokens[4].followsSpace)
    #expect(!tokens[5].followsSpace)
  }
}
