import Foundation
import Testing

@testable import CardDeck

/// The lesson-page parser reads each line by its offsets in the file (`SourceLine`) before it
/// takes any as text; each check by bytes must give what the check on the line's text gave.
@Suite("Lesson page lines, by their offsets and as text")
struct LessonPageLinesTests {
  /// The headings and markers the parser looks for, pieces of them, and what changes
  /// Characters or equivalence next to them: marks, the Kelvin sign, the ano teleia, spaces.
  private static let pieces = [
    "Flash cards", "Flash", " cards", "Edge cases and tricky questions", "Interview problem",
    "Further reading", "Write the code", "Show the answer", "Where this comes from:",
    "What interviewers listen for:", "Syntax · ", "Trick question · ", "Syntax ", "Trick ",
    "Screenshot of this code running", "Console", "The console", "|", "-", ":", "·", " ", "  ",
    "\t", "\u{301}", "\u{600}", "\u{212A}", "\u{387}", "\u{A0}", "é", "e\u{301}", "s", "x",
  ]

  /// Lines of up to four pieces: the same lines on every run.
  static func lines(count: Int, seed: UInt64) -> [String] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { _ in
      (0..<next(5)).map { _ in pieces[next(pieces.count)] }.joined()
    }
  }

  /// `body` with the line as the parser sees it, in a file with a line before it.
  static func withLine<Result>(_ text: String, _ body: (SourceLine) -> Result) -> Result {
    let file = Array(("before\n" + text + "\nafter").utf8)
    return file.withUnsafeBufferPointer { body(SourceLine(7..<7 + text.utf8.count, in: $0)) }
  }

  @Test("the parts' headings are told by bytes as by the trimmed line's text")
  func headingsMatchText() {
    let headings: [StaticString] = [
      "Flash cards", "Edge cases and tricky questions", "Further reading", "Write the code",
      "Show the answer", "Screenshot of this code running", "Console", "The console",
    ]
    let prefixes: [StaticString] = [
      "Interview problem", "Where this comes from:", "What interviewers listen for:",
    ]
    for text in Self.lines(count: 3000, seed: 21) {
      let trimmed = Substring(text).trimmingWhitespace()
      Self.withLine(text) { line in
        let range = line.trimmed
        #expect(Array(line.bytes[range]) == Array(trimmed.utf8), "\(text.debugDescription)")
        for heading in headings {
          #expect(
            line.equals(heading, in: range) == trimmed.equalsASCII(heading.description),
            "\(text.debugDescription) \(heading)")
        }
        for prefix in prefixes {
          #expect(
            line.hasPrefix(prefix, in: range) == trimmed.hasASCIIPrefix(prefix.description),
            "\(text.debugDescription) \(prefix)")
          if trimmed.hasPrefix(prefix.description) {
            #expect(
              LessonPageParser.rest(of: line, range, after: prefix)
                == String(
                  trimmed.dropFirst(prefix.description.count).trimmingWhitespaceByCharacter()),
              "\(text.debugDescription) \(prefix)")
          }
        }
      }
    }
  }

  @Test("flash cards, question titles, captions and table rows are told by offsets as by text")
  func linesMatchText() {
    for text in Self.lines(count: 3000, seed: 22) {
      let substring = Substring(text)
      let trimmed = substring.trimmingWhitespace()
      Self.withLine(text) { line in
        let byOffsets = LessonPageParser.flashCardKind(line, line.trimmed)
        let byText = LessonPageParser.flashCardKind(trimmed)
        #expect(byOffsets?.kind == byText?.kind, "\(text.debugDescription)")
        #expect(byOffsets?.rest == byText?.rest, "\(text.debugDescription)")
        #expect(
          LessonPageParser.questionTitle(line, line.trimmed)
            == LessonPageParser.questionTitle(trimmed), "\(text.debugDescription)")
        #expect(
          LessonPageText.isCaption(line) == LessonPageText.isCaption(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.isTableRow(line) == LessonPageText.isTableRow(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.isLogCaption(line) == LessonPageText.isLogCaption(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.looksLikeCode(line) == LessonPageText.looksLikeCode(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.looksLikeProse(line) == LessonPageText.looksLikeProse(substring),
          "\(text.debugDescription)")
      }
    }
  }

  @Test("lines joined from their offsets are the texts joined", arguments: 0..<200)
  func joinedLinesMatchJoinedText(seed: Int) {
    let lines = Self.lines(count: 1 + seed % 6, seed: UInt64(seed) + 100)
    // Line ends as files have them: mostly "\n", some "\r\n" or a lone "\r".
    let ends = ["\n", "\n", "\n", "\r\n", "\r"]
    let file = lines.enumerated().map { $1 + ends[($0 + seed) % ends.count] }.joined()
    let source = SourceText(file, path: "page.txt")
    let texts = source.lines
    source.utf8.withUnsafeBufferPointer { bytes in
      let offsets = source.lineRanges.map { SourceLine($0, in: bytes) }
      // Every other line left out in some of them, so that not every run follows the file.
      let kept = offsets.indices.filter { seed % 3 != 0 || $0 % 2 == 0 }
      for (separator, byte) in [("\n", UInt8(0x0A)), (" ", UInt8(0x20))] {
        #expect(
          LessonPageText.joined(kept.map { offsets[$0].bytes }, separator: byte)
            == kept.map { texts[$0] }.joined(separator: separator), "\(file.debugDescription)")
        #expect(
          LessonPageText.joined(kept.map { offsets[$0].trimmedBytes }, separator: byte)
            == kept.map { texts[$0].trimmingWhitespace() }.joined(separator: separator),
          "\(file.debugDescription)")
      }
      let expected = texts.drop { $0.isBlank }.reversed().drop { $0.isBlank }.reversed()
      #expect(LessonPageText.trimmedText(offsets) == expected.joined(separator: "\n"))
    }
  }
}
