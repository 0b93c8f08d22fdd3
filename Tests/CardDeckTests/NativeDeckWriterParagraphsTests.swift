import Testing

@testable import CardDeck

@Suite("A question's paragraphs, split as the deck writer splits them")
struct NativeDeckWriterParagraphsTests {
  static let pieces = ["a", "b c", "\n", "\n\n", "\n\n\n", "\r", "\r\n", "é", "e\u{301}", "👩‍💻", " "]

  @Test("split by bytes, every text of up to four pieces gives the paragraphs Foundation gives")
  func agreesWithFoundation() {
    var texts = [""]
    for _ in 0..<4 { texts = texts.flatMap { text in Self.pieces.map { text + $0 } } }
    for text in texts {
      #expect(
        NativeDeckWriter.paragraphs(of: text) == text.components(separatedBy: "\n\n"),
        "\(text.debugDescription)")
    }
  }

  @Test("paragraphs at either end and runs of line ends")
  func edges() {
    #expect(NativeDeckWriter.paragraphs(of: "") == [""])
    #expect(NativeDeckWriter.paragraphs(of: "\n\na\n\n") == ["", "a", ""])
    #expect(NativeDeckWriter.paragraphs(of: "a\n\n\nb") == ["a", "\nb"])
    #expect(NativeDeckWriter.paragraphs(of: "a\nb") == ["a\nb"])
  }
}
