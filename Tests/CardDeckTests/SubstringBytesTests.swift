import Foundation
import Testing

@testable import CardDeck

/// The byte shortcuts of the parsers (SimpleText.swift) must give what the Character operations
/// give, on every text, including the ones made to trip them up.
@Suite("Simple text shortcuts")
struct SimpleTextTests {
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

  @Test func trimmingMatchesCharacters() {
    for text in Self.texts(count: 4000, seed: 1) {
      #expect(
        text.trimmingWhitespace() == text.trimmingWhitespaceByCharacter(),
        "\(Array(text.unicodeScalars))")
      #expect(
        text.trimmingWhitespace().utf8.elementsEqual(text.trimmingWhitespaceByCharacter().utf8))
    }
  }

  @Test("a line is blank by bytes when trimming its Characters leaves nothing")
  func blankMatchesCharacters() {
    for text in Self.texts(count: 4000, seed: 4) {
      #expect(
        text.isBlank == text.trimmingWhitespaceByCharacter().isEmpty,
        "\(Array(text.unicodeScalars))")
    }
  }

  @Test("an ASCII needle is found by bytes where the Characters find it")
  func asciiMatchMatchesCharacters() {
    for text in Self.texts(count: 4000, seed: 5) {
      for needle in [" = ", "->", "-", "a", "Lesson ", "## "] {
        // The Character search that the parsers' `contains` is (Foundation's, imported here,
        // searches otherwise).
        #expect(
          text.containsASCII(needle) == (text.firstRange(of: needle) != nil),
          "\(Array(text.unicodeScalars)) \(needle)")
        if let offset = text.firstASCIIMatch(needle), offset >= 0 {
          let range = text.firstRange(of: needle)
          #expect(
            range.map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } == offset,
            "\(Array(text.unicodeScalars)) \(needle)")
        }
      }
    }
  }

  @Test func prefixesAndEqualityMatchCharacters() {
    let targets = [
      "## ", "# ", "|", "\\", "---", "Source:", "Flash cards", "K", "`", "Show the answer",
    ]
    for text in Self.texts(count: 3000, seed: 2) {
      for target in targets {
        #expect(
          text.hasASCIIPrefix(target) == text.hasPrefix(target),
          "\(Array(text.unicodeScalars)) \(target)")
        #expect(
          text.equalsASCII(target) == (text == target), "\(Array(text.unicodeScalars)) \(target)")
      }
    }
  }

  @Test func splittingMatchesFoundation() {
    for text in Self.texts(count: 3000, seed: 3) {
      for separator in [" · ", " | ", "|", " and ", "·", ","] {
        if let fast = text.simpleComponents(separatedBy: separator) {
          #expect(fast.map(String.init) == text.components(separatedBy: separator))
        }
      }
      if let contains = text.simpleContains(" · ") {
        #expect(contains == text.contains(" · "))
      }
    }
  }

  @Test("a line with arrows is split at its middle dots by bytes as Foundation splits it")
  func splittingWithArrowsMatchesFoundation() {
    // The arrows around the block's ends, one canonically an arrow and a mark (`↚`), the mark
    // itself, and the pieces that trip up the simple path.
    let arrows = [
      "←", "→", "↚", "⇄", "⇿", "\u{2190}\u{338}", "\u{218F}", "\u{2200}", "\u{338}", "\u{301}",
      "\u{387}", "\u{FE0F}", "\u{200D}",
    ]
    var random = SplitMix64(state: 11)
    var split = 0
    for _ in 0..<4000 {
      let length = Int(random.next() % 8)
      let text = (0..<length).map { _ in
        let pick = random.next() % 3
        let from =
          pick == 0 ? arrows : Self.pieces + ["← All lessons", "Lesson 1 of 25", "Part 2: "]
        return from[Int(random.next() % UInt64(from.count))]
      }.joined()
      let line = ("x" + text + "y").dropFirst().dropLast()
      guard let fast = line.simpleComponents(separatedBy: " · ", allowingArrows: true) else {
        // Left to Foundation only for a CR or a scalar from U+0300 on that is no arrow.
        #expect(
          line.unicodeScalars.contains {
            $0 == "\r" || ($0.value >= 0x300 && !(0x2190...0x21FF).contains($0.value))
          }, "\(Array(line.unicodeScalars))")
        continue
      }
      split += 1
      #expect(
        fast.map(String.init) == line.components(separatedBy: " · "),
        "\(Array(line.unicodeScalars))")
      #expect(
        fast.map { Array($0.utf8) } == line.components(separatedBy: " · ").map { Array($0.utf8) })
    }
    // Most lines of ASCII and arrows alone are split by bytes.
    #expect(split > 1000)
    #expect(
      Substring("← All lessonsLesson 1 of 25 · Part 2: Interfaces").simpleComponents(
        separatedBy: " · ", allowingArrows: true) == [
          "← All lessonsLesson 1 of 25", "Part 2: Interfaces",
        ])
    #expect(Substring("↚ · a").simpleComponents(separatedBy: " · ", allowingArrows: true) != nil)
    #expect(
      Substring("←\u{338} · a").simpleComponents(separatedBy: " · ", allowingArrows: true) == nil)
    #expect(Substring("∀ · a").simpleComponents(separatedBy: " · ", allowingArrows: true) == nil)
  }

  @Test("a prefix with a middle dot, and a lone | or -, are found by bytes as Characters find them")
  func simplePrefixesAndBytesMatchCharactersAndFoundation() {
    for text in Self.texts(count: 3000, seed: 6) {
      for prefix in ["Syntax · ", "Trick question · "] {
        for line in [text, Substring(prefix + text), Substring(prefix.dropLast() + text)] {
          if let fast = line.simpleHasPrefix(prefix) {
            #expect(fast == line.hasPrefix(prefix), "\(Array(line.unicodeScalars)) \(prefix)")
          }
        }
      }
      for byte in ["|", "-"] {
        if let fast = text.simpleContains(byte: byte.utf8.first!) {
          #expect(fast == text.contains(byte), "\(Array(text.unicodeScalars))")
        }
      }
    }
  }

  @Test func joiningMatchesJoined() {
    let base = Self.texts(count: 200, seed: 4).map(String.init).joined(separator: "\n")
    let lines = base.split(separator: "\n", omittingEmptySubsequences: false)
    for start in stride(from: 0, to: lines.count, by: 7) {
      let slice = Array(lines[start..<min(lines.count, start + 5)])
      for separator in ["\n", " "] {
        #expect(
          slice.joinedText(separator: separator).utf8.elementsEqual(
            slice.joined(separator: separator).utf8))
      }
    }
  }

  @Test func linesMatchSplittingCharacters() {
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
