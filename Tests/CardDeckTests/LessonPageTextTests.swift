import Foundation
import Testing

@testable import CardDeck

@Suite("Lesson page lines, read as a Character at a time reads them")
struct LessonPageTextTests {
  /// Lines made of the words and marks that the rules look at, and of what changes Characters
  /// or equivalence next to them: the same lines on every run.
  static func generatedLine(seed: Int) -> Substring {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = [
      "SwiftUI", "wrote", "Wrote", "logged", "PRINTED", "printed", "log", "Log", "console",
      "the", "this", "to", "while", "app", "ran", " ", " ", "  ", "\t", ".", ":", ",", "?", "-",
      "é", "’", "\u{301}", "\r", "logs", "writes", "consoles", "x", "·", "ª", "\u{212A}",
      "LO\u{212A}", "\u{600}",
    ]
    return Substring((0..<next(30)).map { _ in pieces[next(pieces.count)] }.joined())
  }

  @Test("a log caption is told as a Character at a time tells it", arguments: 0..<400)
  func logCaptionAgreesWithModel(seed: Int) {
    let line = Self.generatedLine(seed: seed)
    withSourceLine(String(line)) {
      #expect(
        LessonPageText.isLogCaption($0) == LessonPageModel.isLogCaption(line),
        "\(line.debugDescription)")
    }
  }

  @Test("a line is ASCII without a carriage return by words as by bytes", arguments: 0..<400)
  func asciiLineByWords(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    // Mostly letters; now and then a byte next to "\r" or 0x80, or one of them.
    let rare: [UInt8] = [0x0D, 0x0C, 0x0E, 0x8D, 0x7F, 0x80, 0xC3, 0xFF, 0x00, 0x1D]
    let bytes = (0..<next(71)).map { _ in
      next(24) == 0 ? rare[next(rare.count)] : UInt8(ascii: "a") + UInt8(next(26))
    }
    let model = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    bytes.withUnsafeBufferPointer {
      #expect(ASCIILine.isLine($0) == model, "\(bytes)")
    }
  }

  @Test("a line is not ASCII without a carriage return wherever its one \\r or high byte is")
  func asciiLineByPosition() {
    for length in 0..<50 {
      let letters = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      letters.withUnsafeBufferPointer { #expect(ASCIILine.isLine($0), "\(length)") }
      for position in 0..<length {
        for rare: UInt8 in [0x0D, 0x80, 0xFF] {
          var bytes = letters
          bytes[position] = rare
          bytes.withUnsafeBufferPointer {
            #expect(!ASCIILine.isLine($0), "\(length) \(position) \(rare)")
          }
        }
      }
    }
  }

  @Test("a caption is told as a Character at a time tells it", arguments: 0..<400)
  func captionAgreesWithModel(seed: Int) {
    let pieces = [
      "Screenshot · ", "Screenshot", " · ", "·", " — screenshot", "\u{387}", "x ",
      "Screenshot \u{387} ",
      "Screenshot ·\u{301} ",
    ]
    var line = Self.generatedLine(seed: seed)
    line += pieces[seed % pieces.count] + Self.generatedLine(seed: seed + 1)
    if seed % 5 == 0 { line = Substring(LessonPageText.codeRunMarker.description) }
    withSourceLine(String(line)) {
      #expect(
        LessonPageText.isCaption($0) == LessonPageModel.isCaption(line), "\(line.debugDescription)")
    }
  }

  @Test(
    "a line that starts with a keyword, or a word like one, reads as code as a Character at a time reads it",
    arguments: SwiftKeyword.words(.startsCodeLine).map(String.init).sorted())
  func keywordsAgreeWithModel(keyword: String) {
    let words = [
      keyword, keyword + "s", keyword + "_", keyword + "1", String(keyword.dropLast()),
      String(keyword.dropFirst()), keyword.capitalized, "x" + keyword,
    ]
    for word in words {
      for line in [word, word + " the sheet", word + "\u{301} a", word + "é(", "é" + word] {
        withSourceLine(line) {
          #expect(
            LessonPageText.looksLikeCode($0) == LessonPageModel.looksLikeCode(Substring(line)),
            "\(line.debugDescription)")
        }
      }
    }
  }

  @Test("a line reads as code or as prose as a Character at a time reads it", arguments: 0..<1_000)
  func codeAndProseAgreeWithModel(seed: Int) {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = [
      "let", "var", "x", "word", "the", "sheet", "Sheet", " ", " ", "  ", "\t", " = ", "=", "->",
      "-", ">", "(", ")", "{", "}", "[", "]", ",", ";", ".", "?", "!", ":", "\"", "'", "//", "/",
      "@", "#", "$0", "_", "\\", "7", "é", "’", "”", "…", "\r", "\u{301}", "is", "a", "of",
      "typealias", "extension", "func", "import", "imports", "guard", "if", "i", "É", "²", "ª",
    ]
    let line = Substring((0..<next(20)).map { _ in pieces[next(pieces.count)] }.joined())
    withSourceLine(String(line)) { sourceLine in
      #expect(
        LessonPageText.looksLikeCode(sourceLine) == LessonPageModel.looksLikeCode(line),
        "\(line.debugDescription)")
      #expect(
        LessonPageText.looksLikeProse(sourceLine) == LessonPageModel.looksLikeProse(line),
        "\(line.debugDescription)")
      let words = LessonPageModel.plainWordCount(line)
      for limit in [1, 4, 8, 100] {
        let counted = sourceLine.read(
          as: nil, ascii: { LessonPageText.plainWordCount($0, upTo: limit) },
          simple: { LessonPageText.plainWordCount($0, upTo: limit) },
          other: { LessonPageText.plainWordCount($0, upTo: limit) })
        #expect(counted == min(words, limit), "\(line.debugDescription) \(limit)")
      }
    }
  }

  @Test(
    "log captions name writing and the log or console, in a short line that is no sentence",
    arguments: [
      ("SwiftUI wrote this to the log while the app ran", true),
      ("The app PRINTED this in the Console", true),
      ("SwiftUI wrote this to the log.", false),
      ("SwiftUI wrote this", false),
      ("The log is where SwiftUI writes", false),
      (String(repeating: "log wrote ", count: 9), false),
    ])
  func logCaptionExamples(line: String, isCaption: Bool) {
    withSourceLine(line) { #expect(LessonPageText.isLogCaption($0) == isCaption) }
  }
}

@Suite("Lesson page headings and labels, read as a Character at a time reads them")
struct LessonPageHeadingTests {
  /// Lines of the pieces that question titles and topics are made of, with the marks that
  /// equal or resemble "·": the same lines on every run.
  static func generatedLine(seed: Int) -> Substring {
    var state = UInt64(seed) &* 2_862_933_555_777_941_757 &+ 3_037_000_493
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = [
      "Lesson 23", " · ", "·", "question", " ", "  ", "4", "10", "of", "+2", "-1", "x", "Sheets",
      "\u{387}", " \u{387} ", "\u{301}", "\t", "é", "q", "Q", "\r", "·\u{301}", "Part 7", ":",
      "←", "—", "²",
    ]
    return Substring((0..<next(16)).map { _ in pieces[next(pieces.count)] }.joined())
  }

  @Test("a question's title is found as a Character at a time finds it", arguments: 0..<1_000)
  func titleAgreesWithModel(seed: Int) {
    var line = Self.generatedLine(seed: seed)
    if seed % 3 == 0 { line = "Lesson 2 · question 1 of 9 · " + line }
    withSourceLine(String(line)) {
      #expect(
        LessonPageParser.questionTitle($0, 0..<$0.bytes.count)
          == LessonPageModel.questionTitle(line), "\(line.debugDescription)")
    }
  }

  @Test(
    "a page's lesson number and course part are read as a Character at a time reads them",
    arguments: 0..<1_000)
  func headerAgreesWithModel(seed: Int) {
    var line = Self.generatedLine(seed: seed)
    let tails = [
      "", " of 57", " of", "\u{301}", " of \u{301}", "0", "x", "Lesson ", " of 9 · Part 2",
      " · Part 7: Lists", " · Part 7:", " · Part x: No",
    ]
    if seed % 2 == 0 {
      line = "← All lessons" + line + "Lesson \(seed % 30)" + tails[seed % tails.count]
    }
    #expect(
      LessonPageParser.lessonNumber(in: line) == LessonPageModel.lessonNumber(line),
      "\(line.debugDescription)")
    #expect(
      LessonPageParser.coursePartName(in: line) == LessonPageModel.coursePartName(line),
      "\(line.debugDescription)")
  }

  @Test("a heading becomes a topic as splitting Characters makes it", arguments: 0..<1_000)
  func headingTopicAgreesWithModel(seed: Int) {
    let text = String(Self.generatedLine(seed: seed))
    #expect(
      LessonPageParser.headingTopic(text) == LessonPageModel.headingTopic(text),
      "\(text.debugDescription)")
  }

  @Test("a label's topic cuts are found where a Character at a time finds them", arguments: 0..<500)
  func cutsAgreeWithModel(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let alphabet = Array("aZ09 .\"'(@[$`#_{<*+~=|\\,?-!)]}>/&%^:;")
    let rare = [
      "é", "É", "«", "²", "½", "ª", "“", "’", "\u{301}", "\u{212A}", "\u{1FEF}", "Σ", "漢",
    ]
    let label = Substring(
      (0..<next(30)).map { _ in
        next(6) == 0 ? rare[next(rare.count)] : String(alphabet[next(alphabet.count)])
      }
      .joined())
    #expect(
      TopicResolver.cuts(in: label).map { String(label.prefix($0)) }
        == LessonPageModel.cuts(label).map(String.init), "\(label.debugDescription)")
  }

  @Test("a page's labels are resolved as a Character at a time resolves them", arguments: 0..<400)
  func labelsResolveAsModel(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    func pick(_ options: [String]) -> String { options[next(options.count)] }
    // Headings that name some of the topics, in other cases, and some beyond ASCII.
    let headings = [
      "Sheets, alerts, and popovers", "SwiftData models", "split views and adapting to size",
      "Search", "TABS", "Navigation stacks", "Ünïcode Sheets", "\u{212A}eys", "sheets2", "Swift",
      "data", "e\u{301}dge", "Observation and Search · Images", "éSheets", "Sheetsé", "size·tabs",
      "Swift—data", "ñavigation", "İstanbul sheets",
    ]
    let topics = [
      "Sheets", "SwiftData", "Swift", "Size", "Search", "Tabs", "Keys", "Navigation", "Data",
      "Alerts", "Sheet", "Ünïcode", "İstanbul",
    ]
    let prompts = [
      "Show a sheet", ".sheet(item:)", "ViewThatFits {", "\"Vancouver\"", "  with spaces  ",
      "3 tabs", "", "Data flows", "@State var x", "Search\t", "(x)", "é", "\u{212A}", "«x»",
    ]
    let vocabulary = (0..<next(5)).map { _ in pick(headings) }
    let labels = (0..<(1 + next(8))).map { _ in
      Substring(pick(topics) + (next(3) == 0 ? pick(topics) : "") + pick(prompts))
    }
    var resolver = TopicResolver(vocabulary: vocabulary, labels: labels)
    let location = SourceLocation(path: "page.txt", line: 3)
    var diagnostics: [Diagnostic] = []
    let model = LessonPageModel.resolve(vocabulary: vocabulary, labels: labels, at: location)
    for (index, label) in labels.enumerated() {
      let resolved = resolver.resolve(label: index, label, at: location, into: &diagnostics)
      #expect(
        resolved.topic == model.resolved[index].topic
          && resolved.prompt == model.resolved[index].prompt,
        "\(label.debugDescription) in \(labels) under \(vocabulary)")
    }
    #expect(diagnostics == model.diagnostics, "\(labels) under \(vocabulary)")
  }
}
