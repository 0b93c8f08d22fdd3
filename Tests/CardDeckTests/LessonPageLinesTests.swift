import Foundation
import Testing

@testable import CardDeck

/// The lesson-page parser reads each line by its offsets in the file (`SourceLine`) before it
/// takes any as text; each check must give what its model, a Character at a time, gives.
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

  @Test("the parts' headings are told by bytes as a Character at a time tells them")
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
      withSourceLine(text) { line in
        let range = line.trimmed
        #expect(Array(line.bytes[range]) == Array(trimmed.utf8), "\(text.debugDescription)")
        for heading in headings {
          #expect(
            line.equals(heading, in: range) == (trimmed == heading.description),
            "\(text.debugDescription) \(heading)")
        }
        for prefix in prefixes {
          #expect(
            line.hasPrefix(prefix, in: range) == trimmed.hasPrefix(prefix.description),
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

  @Test(
    "flash cards, question titles, captions, table rows, code and prose are told as a Character at a time tells them"
  )
  func linesMatchModels() {
    for text in Self.lines(count: 3000, seed: 22) {
      let substring = Substring(text)
      let trimmed = substring.trimmingWhitespaceByCharacter()
      withSourceLine(text) { line in
        let kind = LessonPageParser.flashCardKind(line, line.trimmed)
        let model = LessonPageModel.flashCardKind(trimmed)
        #expect(kind?.kind == model?.kind, "\(text.debugDescription)")
        #expect(kind?.rest == model?.rest, "\(text.debugDescription)")
        #expect(
          LessonPageParser.questionTitle(line, line.trimmed)
            == LessonPageModel.questionTitle(trimmed), "\(text.debugDescription)")
        #expect(
          LessonPageText.isCaption(line) == LessonPageModel.isCaption(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.isTableRow(line) == LessonPageModel.isTableRow(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.isLogCaption(line) == LessonPageModel.isLogCaption(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.startsLogLine(line) == LessonPageModel.startsLogLine(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.looksLikeCode(line) == LessonPageModel.looksLikeCode(substring),
          "\(text.debugDescription)")
        #expect(
          LessonPageText.looksLikeProse(line) == LessonPageModel.looksLikeProse(substring),
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
      #expect(
        LessonPageText.trimmedText(offsets) == texts.trimmingBlankLines().joined(separator: "\n"))
    }
  }

  /// Whole lines of an answer: prose, code, captions, console output, log captions and notes,
  /// table rows; each may get one of ``pieces`` before or after it.
  private static let answerLines = [
    "The view redraws when its state changes.", "Each in redraws landscape after the truth.",
    "So body sidebar after truth changes its writes phone and so disappears until storage",
    "A short line", "let names = [\"Trip\", \"Garden\"]", "    .padding()", "}", "Text(\"Hi\")",
    "var total = names.map(\\.count).reduce(0, +)", "Screenshot of this code running",
    "Screenshot · iPhone 17, iOS 27.0", "A list — screenshot", "Console", "The console",
    "Hello, world", "SwiftUI wrote this to the log while the app ran", "Note: it ran twice.",
    "Warning: slow", "Name", "Value", "---", "a | b", "", "", "  ", "\t",
    "The “quoted” view’s state… changes.", "Ünïcödé wörds are here and there and everywhere.",
    "e\u{301}tat du monde", "日本語の文章です。", "Emoji 🎉 party time is now here for all.",
    "Tabs\tand\u{A0}no-break spaces and a next line\u{85}here", "K\u{212A}elvin = 1",
  ]

  /// A file of up to 24 of ``answerLines``, some with a piece of ``pieces`` added; one in four
  /// with "\r\n" and lone "\r" line ends among the "\n".
  static func answerFile(seed: Int) -> String {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let lines = (0..<next(24)).map { _ -> String in
      let line = answerLines[next(answerLines.count)]
      switch next(8) {
      case 0: return pieces[next(pieces.count)] + line
      case 1: return line + pieces[next(pieces.count)]
      default: return line
      }
    }
    let ends = ["\n", "\n", "\n", "\r\n", "\r"]
    return lines.enumerated().map { $1 + ends[(seed % 4 == 0 ? $0 + seed : 0) % ends.count] }
      .joined()
  }

  /// `body` with the lines of `file` by their offsets and as texts.
  static func withLines<Result>(
    of file: String, _ body: (ArraySlice<SourceLine>, [Substring]) -> Result
  ) -> Result {
    let source = SourceText(file, path: "page.txt")
    let texts = source.lines
    return source.utf8.withUnsafeBufferPointer { bytes in
      body(source.lineRanges.map { SourceLine($0, in: bytes) }[...], texts)
    }
  }

  @Test(
    "an answer's passage is made as a Character at a time makes it", arguments: 0..<300)
  func passageMatchesModel(seed: Int) {
    let file = Self.answerFile(seed: seed)
    Self.withLines(of: file) { lines, texts in
      #expect(
        LessonPageText.passage(lines) == LessonPageModel.passage(texts), "\(file.debugDescription)")
    }
  }

  @Test("a question's prompt is made as a Character at a time makes it", arguments: 0..<300)
  func promptMatchesModel(seed: Int) {
    let file = Self.answerFile(seed: seed + 1_000)
    Self.withLines(of: file) { lines, texts in
      #expect(
        LessonPageParser.prompt(lines) == LessonPageModel.prompt(texts), "\(file.debugDescription)")
      for (line, text) in zip(lines, texts) {
        #expect(
          LessonPageText.looksLikeCodeRatherThanProse(line)
            == (LessonPageModel.looksLikeCode(text) && !LessonPageModel.looksLikeProse(text)),
          "\(text.debugDescription)")
      }
    }
  }
}
