import Foundation
import Testing

@testable import CardDeck

/// The parsers' trimming by bytes (Substring+Bytes.swift) and their split into lines must give
/// what the Character operations give, on every text, including the ones made to trip them up.
@Suite("Trimming and lines, by bytes")
struct SubstringBytesTests {
  /// Pieces that are ASCII, or that change Characters or equivalence next to ASCII: combining
  /// and prepended marks, a joiner, the Kelvin sign (equal to "K"), a Greek varia (equal to "`"),
  /// CR and LF, the middle dot, Latin-1 letters and a flag.
  private static let pieces = [
    "a", "K", "#", "## ", " ", "\t", "-", "---", "`", "~", "|", "\\", ":", "·", " · ", " | ",
    "\u{301}", "\u{600}", "\u{200D}", "\u{212A}", "\u{1FEF}", "\r", "\n", "\r\n", "é", "e\u{301}",
    "\u{85}", "\u{A0}", "—", "🇫🇷", "Source:", "Screenshot · ", " and ", ",",
  ]

  private static func texts(count: Int, seed: UInt64) -> [Substring] {
    var random = SplitMix64(state: seed)
    return (0..<count).map { _ in
      let length = Int(random.next() % 7)
      let text = (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
      // Substrings of a larger string, as the parsers see them.
      let padded = "x" + text + "y"
      return padded.dropFirst().dropLast()
    }
  }

  @Test("a line is trimmed by bytes as its Characters are")
  func trimmingMatchesCharacters() {
    for text in Self.texts(count: 4000, seed: 1) {
      #expect(
        text.trimmingWhitespace() == text.trimmingWhitespaceByCharacter(),
        "\(Array(text.unicodeScalars))")
      #expect(
        text.trimmingWhitespace().utf8.elementsEqual(text.trimmingWhitespaceByCharacter().utf8))
    }
  }

  @Test("a file is split into lines as its Characters are, at LF, CR LF and CR")
  func linesMatchSplittingCharacters() {
    for text in Self.texts(count: 2000, seed: 5) {
      let source = SourceText(String(text), path: "t.md")
      var expected = String(text).split(omittingEmptySubsequences: false) {
        $0 == "\n" || $0 == "\r\n" || $0 == "\r"
      }
      if expected.last?.isEmpty == true { expected.removeLast() }
      // Lines are split first; then control characters (U+0085 among these texts) are shown.
      #expect(
        source.lines.map { Array($0.utf8) }
          == expected.map { Array(ControlCharacters.visible($0).utf8) })
    }
  }
}
