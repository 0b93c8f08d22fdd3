import Foundation
import Testing

@testable import CardDeck

/// The native deck parser reads lines by their bytes (`SourceLine`, `SourceText`'s one-pass
/// scan, headings by bytes); each must give what the Character rule it replaced gives, on every
/// line, including the ones made to trip it up.
@Suite("Native deck lines, by bytes and by Characters")
struct SourceLineTests {
  /// ASCII that the rules look at, and what changes Characters or equivalence next to it:
  /// combining and prepended marks, a joiner, the Kelvin sign (equal to "K"), a Greek varia
  /// (equal to "`"), the Greek ano teleia (equal to "·"), no-break and next-line spaces, letters
  /// outside ASCII (a lowercase one among them), a flag.
  private static let pieces = [
    "a", "k", "K", "#", "# ", "## ", " ", "  ", "\t", "-", "---", "`", "```", "~~~", "~", "|",
    "\\", ":", "·", " · ", " | ", "\u{301}", "\u{300}", "\u{600}", "\u{200D}", "\u{212A}",
    "\u{1FEF}", "\u{387}", "\u{85}", "\u{A0}", "é", "e\u{301}", "ß", "漢", "🇫🇷", "swift",
    "essential", "also", "Source", "Syntax", "Trick",
  ]

  private static func lines(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(state: seed)
    return (0..<count).map { _ in
      let length = Int(random.next() % 8)
      return (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
  }

  /// `body` with the line as the parser sees it.
  private static func withLine<Result>(_ text: String, _ body: (SourceLine) -> Result) -> Result {
    Array(text.utf8).withUnsafeBufferPointer { body(SourceLine(0..<$0.count, in: $0)) }
  }

  private static func bytes(_ line: SourceLine, _ range: Range<Int>) -> [UInt8] {
    Array(line.bytes[range])
  }

  @Test func trimmingAndBlankLinesMatchCharacters() {
    for text in Self.lines(count: 4000, seed: 11) {
      let expected = Substring(text).trimmingWhitespaceByCharacter()
      Self.withLine(text) { line in
        #expect(
          Self.bytes(line, line.trimmed) == Array(expected.utf8), "\(Array(text.unicodeScalars))")
        #expect(line.isBlank == expected.isEmpty, "\(Array(text.unicodeScalars))")
      }
    }
  }

  /// ASCII texts that lines are compared with, as both parsers name them.
  private static let comparedTexts: [StaticString] = [
    "---", "Flash cards", "Edge cases and tricky questions", "Further reading", "Console",
    "The console", "Show the answer", "Screenshot of this code running", "Kelvin;`", "",
  ]

  @Test("a line equals, or starts with, an ASCII text by bytes as by Characters")
  func equalsMatchesCharacters() {
    var random = SplitMix64(state: 17)
    func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    // The scalars that equal one ASCII Character, and what they equal.
    let equivalents: [(Character, String)] = [
      ("K", "\u{212A}"), (";", "\u{37E}"), ("`", "\u{1FEF}"),
    ]
    for text in Self.comparedTexts {
      let target = text.description
      for _ in 0..<400 {
        var line = Array(target).map { String($0) }
        // A few edits: a Character swapped for its equivalent, a piece put in, one dropped.
        for _ in 0..<next(3) {
          let index = next(line.count + 1)
          switch next(4) {
          case 0:
            if index < line.count,
              let swap = equivalents.first(where: { String($0.0) == line[index] })
            {
              line[index] = swap.1
            }
          case 1: line.insert(Self.pieces[next(Self.pieces.count)], at: index)
          case 2: if index < line.count { line.remove(at: index) }
          default: line.append(Self.pieces[next(Self.pieces.count)])
          }
        }
        let joined = line.joined()
        Self.withLine(joined) { bytes in
          #expect(
            bytes.equals(text, in: 0..<bytes.bytes.count) == (Substring(joined) == target),
            "\(Array(joined.unicodeScalars)) \(target)")
          #expect(
            bytes.hasPrefix(text, in: 0..<bytes.bytes.count) == joined.hasPrefix(target),
            "\(Array(joined.unicodeScalars)) \(target)")
        }
      }
    }
  }

  @Test func prefixesAndTheSeparatorMatchCharacters() {
    for text in Self.lines(count: 4000, seed: 12) {
      let trimmed = Substring(text).trimmingWhitespaceByCharacter()
      Self.withLine(text) { line in
        let whole = 0..<line.bytes.count
        #expect(line.hasPrefix("## ", in: whole) == text.hasPrefix("## "), "\(text.unicodeScalars)")
        #expect(line.hasPrefix("# ", in: whole) == text.hasPrefix("# "), "\(text.unicodeScalars)")
        #expect(line.hasPrefix("|", in: line.trimmed) == trimmed.hasPrefix("|"))
        #expect(line.hasPrefix("\\", in: line.trimmed) == trimmed.hasPrefix("\\"))
        #expect(
          line.equals("---", in: line.trimmed) == (trimmed == "---"), "\(text.unicodeScalars)")
      }
    }
  }

  @Test func settingsMatchCharacters() {
    for text in Self.lines(count: 4000, seed: 13) {
      // The rule by Characters: a non-empty lowercase key before the first ':'.
      let line = Substring(text)
      var expected: (String, String)?
      if let colon = line.firstIndex(of: ":") {
        let key = line[..<colon]
        if !key.isEmpty, key.allSatisfy({ $0.isLowercase || $0 == "-" }) {
          expected = (
            String(key),
            String(line[line.index(after: colon)...].trimmingWhitespaceByCharacter())
          )
        }
      }
      let found = Self.withLine(text) { $0.setting() }
      #expect(found?.key == expected?.0, "\(Array(text.unicodeScalars))")
      #expect(
        found.map { Array($0.value.utf8) } == expected.map { Array($0.1.utf8) },
        "\(Array(text.unicodeScalars))")
    }
  }

  @Test func fencesMatchCharacters() {
    for text in Self.lines(count: 6000, seed: 14) {
      let expected = MarkdownBlocks.openingFence(Substring(text))
      Self.withLine(text) { line in
        let found = line.openingFence()
        #expect((found == nil) == (expected == nil), "\(Array(text.unicodeScalars))")
        if let found, let expected {
          #expect(found.length == expected.marker.count)
          #expect(Character(Unicode.Scalar(found.marker)) == expected.marker.first)
          #expect(found.language == expected.language, "\(Array(text.unicodeScalars))")
        }
        for marker in ["```", "````", "~~~"] {
          let closes = MarkdownBlocks.isClosingFence(Substring(text), for: Substring(marker))
          #expect(
            line.closesFence(marker: marker.utf8.first!, length: marker.utf8.count) == closes,
            "\(Array(text.unicodeScalars)) \(marker)")
        }
      }
    }
  }

  @Test func tableRowsMatchCharacters() {
    for text in Self.lines(count: 4000, seed: 17) {
      let row = "|" + text
      let trimmed = Substring(row).trimmingWhitespaceByCharacter()
      // A mark after the "|" makes another Character: the line is prose.
      guard trimmed.hasPrefix("|") else { continue }
      let expected =
        MarkdownBlocks.isTableSeparator(trimmed)
        ? [] : [MarkdownBlocks.tableCells(trimmed).map { Array($0.utf8) }]
      let found = Array(row.utf8).withUnsafeBufferPointer { bytes in
        var blocks = MarkdownBlocks()
        blocks.add(SourceLine(0..<bytes.count, in: bytes), number: 1, in: bytes)
        blocks.end(in: bytes)
        return blocks.blocks.flatMap { located -> [[[UInt8]]] in
          guard case .table(let rows) = located.block else { return [] }
          return rows.map { $0.map { Array($0.utf8) } }
        }
      }
      #expect(found == expected, "\(Array(row.unicodeScalars))")
    }
  }

  @Test func headingsMatchSplittingCharacters() {
    var random = SplitMix64(state: 15)
    let parts = [
      "Syntax", "Trick", "Sheets", "a-b.c", "Split views", "·", " ", "\t", "é", "\u{301}",
    ]
    let separators = [" · ", " | ", " \u{387} ", " ·", "·", " · ", " | "]
    for _ in 0..<1500 {
      var heading = "Syntax"
      for _ in 0..<Int(random.next() % 4) {
        heading += separators[Int(random.next() % UInt64(separators.count))]
        heading += (0..<1 + Int(random.next() % 2)).map { _ in
          parts[Int(random.next() % UInt64(parts.count))]
        }.joined()
      }
      // The rule by Characters, as before headings were read by bytes.
      let separator = heading.contains(" · ") ? " · " : " | "
      let pieces = heading.components(separatedBy: separator).map {
        String(Substring($0).trimmingWhitespaceByCharacter())
      }
      let (deck, diagnostics) = parseDeck("# T\n\n## \(heading)\nQ\n\n---\n\nA\n")
      guard let card = deck.cards.first else {
        #expect(!diagnostics.isEmpty)
        continue
      }
      var topic = Substring(pieces[1])
      while topic.hasSuffix(" ·") { topic = topic.dropLast(2).trimmingWhitespaceByCharacter() }
      #expect(card.topic.utf8.elementsEqual(topic.utf8), "\(Array(heading.unicodeScalars))")
      if pieces.count == 3 { #expect(card.id == pieces[2]) }
    }
  }

  /// Bytes that are UTF-8, or nearly: the one-pass scan must find the same invalid sequences,
  /// controls and line ends as the standard library's decoding and the Character split.
  @Test func theOnePassScanMatchesDecodingAndSplitting() {
    var random = SplitMix64(state: 16)
    for _ in 0..<4000 {
      let bytes = (0..<Int(random.next() % 12)).flatMap { _ in
        Self.scanPieces[Int(random.next() % UInt64(Self.scanPieces.count))]
      }
      Self.expectScanMatchesDecodingAndSplitting(bytes)
    }
  }

  /// Runs of printable ASCII of every length up to sixteen between line ends, tabs and letters
  /// outside ASCII, and now and then a piece that is not read by lines (a control, DEL, "\r",
  /// bytes that are not UTF-8), so that each falls at every offset of the words of eight bytes
  /// the scan reads, in texts read by lines and in texts that are not.
  @Test func theOnePassScanMatchesDecodingAndSplittingAtEveryOffset() {
    var random = SplitMix64(state: 17)
    let runs = (0...16).map { Array("~ 0123456789abcdef".utf8.prefix($0)) }
    let plain = ["\n", "\n\n", "\t", "·", "é", "🇫🇷", "e\u{301}", "\u{202F}", "\u{A0}", " "]
      .map { Array($0.utf8) }
    for _ in 0..<4000 {
      let bytes = (0..<Int(random.next() % 16)).flatMap { _ in
        let piece =
          random.next() % 16 == 0
          ? Self.scanPieces[Int(random.next() % UInt64(Self.scanPieces.count))]
          : plain[Int(random.next() % UInt64(plain.count))]
        return runs[Int(random.next() % UInt64(runs.count))] + piece
      }
      Self.expectScanMatchesDecodingAndSplitting(bytes)
    }
  }

  private static let scanPieces: [[UInt8]] = [
    Array("ab".utf8), Array("12345678".utf8), [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x00],
    [0x1B], [0x7F], [0xC2, 0x85], [0xC2, 0xA0], [0xC2, 0x9F], [0xC2, 0xB7], [0xC1, 0x80],
    [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
    Array("\u{202E}".utf8), Array("\u{2069}".utf8), Array("\u{2065}".utf8),
    Array("\u{202F}".utf8), [0xE2, 0x80], [0xF0, 0x8F, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
    [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0x80],
    Array("🇫🇷".utf8), Array("e\u{301}".utf8), [0x1F], [0x20], [0x7E], [0x0A, 0x0A],
  ]

  /// The lines, diagnostics and controls of `bytes` read by `SourceText` must be those of the
  /// standard library's decoding and the Character split.
  private static func expectScanMatchesDecodingAndSplitting(_ bytes: [UInt8]) {
    let source = SourceText(bytes: bytes, path: "t.md")
    let decoded = String(decoding: bytes, as: UTF8.self)
    var expected = decoded.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }
    if expected.last?.isEmpty == true { expected.removeLast() }
    #expect(
      source.lines.map { Array($0.utf8) }
        == expected.map { Array(ControlCharacters.visible($0).utf8) }, "\(bytes)")
    let notUTF8 = source.diagnostics.contains { $0.message.contains("not UTF-8") }
    #expect(notUTF8 == (String(validating: bytes, as: UTF8.self) == nil), "\(bytes)")
    let warned = source.diagnostics.filter { $0.message.hasPrefix("control character") }
      .map(\.location.line)
    let holding = expected.indices.filter {
      expected[$0].unicodeScalars.contains(where: ControlCharacters.isControl)
    }.map { $0 + 1 }
    #expect(warned == holding, "\(bytes)")
  }
}
