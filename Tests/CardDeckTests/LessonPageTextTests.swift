import Foundation
import Testing

@testable import CardDeck

@Suite("Lesson page lines, by bytes and by Characters")
struct LessonPageTextTests {
  /// Lines made of the words and marks that the rules look at: the same lines on every run.
  static func generatedLine(seed: Int) -> Substring {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = [
      "SwiftUI", "wrote", "Wrote", "logged", "PRINTED", "printed", "log", "Log", "console",
      "the", "this", "to", "while", "app", "ran", " ", " ", "  ", "\t", ".", ":", ",", "?", "-",
      "é", "’", "\u{301}", "\r", "logs", "writes", "consoles", "x",
    ]
    return Substring((0..<next(30)).map { _ in pieces[next(pieces.count)] }.joined())
  }

  @Test("a log caption is told by bytes as a Character at a time tells it", arguments: 0..<400)
  func logCaptionAgreesWithCharacters(seed: Int) {
    let line = Self.generatedLine(seed: seed)
    #expect(
      LessonPageText.isLogCaption(line)
        == LessonPageText.isLogCaptionByCharacter(line.trimmingWhitespaceByCharacter()),
      "\(line.debugDescription)")
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
      #expect(LessonPageText.isASCIILine($0) == model, "\(bytes)")
    }
  }

  @Test("a line is not ASCII without a carriage return wherever its one \\r or high byte is")
  func asciiLineByPosition() {
    for length in 0..<50 {
      let letters = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      letters.withUnsafeBufferPointer { #expect(LessonPageText.isASCIILine($0), "\(length)") }
      for position in 0..<length {
        for rare: UInt8 in [0x0D, 0x80, 0xFF] {
          var bytes = letters
          bytes[position] = rare
          bytes.withUnsafeBufferPointer {
            #expect(!LessonPageText.isASCIILine($0), "\(length) \(position) \(rare)")
          }
        }
      }
    }
  }

  @Test("a caption is told by bytes as the Character rule tells it", arguments: 0..<400)
  func captionAgreesWithCharacters(seed: Int) {
    let pieces = ["Screenshot · ", "Screenshot", " · ", "·", " — screenshot", "\u{387}", "x "]
    var line = Self.generatedLine(seed: seed)
    line += pieces[seed % pieces.count] + Self.generatedLine(seed: seed + 1)
    if seed % 5 == 0 { line = Substring(LessonPageText.codeRunMarker) }
    let model =
      line == LessonPageText.codeRunMarker || line.contains("Screenshot · ")
      || line.hasSuffix(" — screenshot")
    #expect(LessonPageText.isCaption(line) == model, "\(line.debugDescription)")
  }

  /// ``LessonPageText/looksLikeCode(_:)`` a Character at a time: the rule its bytes are held to.
  static func modelLooksLikeCode(_ line: Substring) -> Bool {
    let keywords: Set<Substring> = [
      "import", "struct", "class", "enum", "protocol", "extension", "func", "let", "var", "if",
      "guard", "for", "while", "return", "switch", "case", "default", "private", "public",
      "final", "init", "some", "try", "await", "static", "typealias",
    ]
    guard let first = line.first else { return false }
    if first == " " || first == "\t" || "@.}{)]/#$…\"".contains(first) { return true }
    let word = line.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    if keywords.contains(word) { return true }
    let afterWord = line.dropFirst(word.count).drop { $0 == " " }
    if !word.isEmpty, let next = afterWord.first {
      if next == "(" || next == "{" { return true }
      if next == ".", afterWord.dropFirst().first?.isLetter == true { return true }
    }
    if let last = line.last, "{}()[],;".contains(last) { return true }
    return line.contains(" = ") || line.contains("->")
  }

  /// ``LessonPageText/looksLikeProse(_:)`` a Character at a time.
  static func modelLooksLikeProse(_ line: Substring) -> Bool {
    guard let first = line.first, first != " ", first != "\t", !line.hasPrefix("//") else {
      return false
    }
    let words = modelPlainWordCount(line)
    guard words >= 4 else { return false }
    let end = line.last { !"\"”’')".contains($0) }
    return words >= 8 || end.map { ".?!:".contains($0) } == true
  }

  /// The lower-case words of a line outside straight double quotes, a Character at a time.
  static func modelPlainWordCount(_ line: Substring) -> Int {
    var words = 0
    var inString = false
    var wordIsPlain = false
    var length = 0
    for character in line + " " {
      if character == "\"" {
        if length > 0 && wordIsPlain { words += 1 }
        length = 0
        inString.toggle()
      } else if inString {
        continue
      } else if character.isLetter || character == "'" || character == "’" {
        if length == 0 { wordIsPlain = true }
        if character.isUppercase { wordIsPlain = false }
        length += 1
      } else if character.isNumber || "_\\$".contains(character) {
        wordIsPlain = false
        length += 1
      } else {
        if length > 0 && wordIsPlain { words += 1 }
        length = 0
      }
    }
    return words
  }

  @Test(
    "a line that starts with a keyword, or a word like one, reads as code as the Character rule reads it",
    arguments: [
      "import", "struct", "class", "enum", "protocol", "extension", "func", "let", "var", "if",
      "guard", "for", "while", "return", "switch", "case", "default", "private", "public",
      "final", "init", "some", "try", "await", "static", "typealias",
    ])
  func keywordsAgreeWithCharacters(keyword: String) {
    let words = [
      keyword, keyword + "s", keyword + "_", keyword + "1", String(keyword.dropLast()),
      String(keyword.dropFirst()), keyword.capitalized, "x" + keyword,
    ]
    for word in words {
      for line in [word, word + " the sheet", word + "\u{301} a"] {
        #expect(
          LessonPageText.looksLikeCode(Substring(line)) == Self.modelLooksLikeCode(Substring(line)),
          "\(line.debugDescription)")
      }
    }
  }

  @Test(
    "a line reads as code or as prose by bytes as a Character at a time reads it",
    arguments: 0..<1_000)
  func codeAndProseAgreeWithCharacters(seed: Int) {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = [
      "let", "var", "x", "word", "the", "sheet", "Sheet", " ", " ", "  ", "\t", " = ", "=", "->",
      "-", ">", "(", ")", "{", "}", "[", "]", ",", ";", ".", "?", "!", ":", "\"", "'", "//", "/",
      "@", "#", "$0", "_", "\\", "7", "é", "’", "”", "…", "\r", "\u{301}", "is", "a", "of",
      "typealias", "extension", "func", "import", "imports", "guard", "if", "i",
    ]
    let line = Substring((0..<next(20)).map { _ in pieces[next(pieces.count)] }.joined())
    #expect(
      LessonPageText.looksLikeCode(line) == Self.modelLooksLikeCode(line),
      "\(line.debugDescription)"
    )
    #expect(
      LessonPageText.looksLikeProse(line) == Self.modelLooksLikeProse(line),
      "\(line.debugDescription)")
    if line.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      let words = Self.modelPlainWordCount(line)
      Array(line.utf8).withUnsafeBufferPointer { bytes in
        for limit in [1, 4, 8, 100] {
          #expect(
            LessonPageText.asciiPlainWordCount(bytes, upTo: limit) == min(words, limit),
            "\(line.debugDescription) \(limit)")
        }
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
    #expect(LessonPageText.isLogCaption(Substring(line)) == isCaption)
  }
}

@Suite("Lesson page headings, by bytes and by Characters")
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
      "\u{387}", " \u{387} ", "\u{301}", "\t", "é", "q", "Q", "\r", "·\u{301}", "Part 7",
    ]
    return Substring((0..<next(16)).map { _ in pieces[next(pieces.count)] }.joined())
  }

  /// A question's title as it was first found, a Character and a Foundation call at a time.
  static func modelTitle(_ line: Substring) -> String? {
    let parts = line.components(separatedBy: " · ")
    func isQuestionNumber(_ part: String) -> Bool {
      let words = part.split(separator: " ")
      return words.count == 4 && words[0] == "question" && words[2] == "of"
        && Int(words[1]) != nil && Int(words[3]) != nil
    }
    guard parts.count >= 2, let index = parts.firstIndex(where: isQuestionNumber) else {
      return nil
    }
    let rest = parts[(index + 1)...].joined(separator: " · ").trimmingWhitespace()
    return rest.isEmpty ? parts[index] : String(rest)
  }

  @Test("a question's title is found as a Character at a time finds it", arguments: 0..<1_000)
  func titleAgreesWithModel(seed: Int) {
    var line = Self.generatedLine(seed: seed)
    if seed % 3 == 0 { line = "Lesson 2 · question 1 of 9 · " + line }
    #expect(
      LessonPageParser.questionTitle(line) == Self.modelTitle(line), "\(line.debugDescription)")
  }

  /// N in `Lesson N` or `… Lesson N of M · …`, a Character at a time.
  static func modelLessonNumber(_ line: Substring) -> Int? {
    guard let range = line.firstRange(of: "Lesson ") else { return nil }
    let digits = line[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    let after = line[range.upperBound...].dropFirst(digits.count)
    guard let number = Int(digits), number > 0, after.isEmpty || after.hasPrefix(" of ") else {
      return nil
    }
    return number
  }

  @Test(
    "a page's lesson number is read by bytes as a Character at a time reads it",
    arguments: 0..<1_000)
  func lessonNumberAgreesWithModel(seed: Int) {
    var line = Self.generatedLine(seed: seed)
    let tails = [
      "", " of 57", " of", "\u{301}", " of \u{301}", "0", "x", "Lesson ", " of 9 · Part 2",
    ]
    if seed % 2 == 0 {
      line = "← All lessons" + line + "Lesson \(seed % 30)" + tails[seed % tails.count]
    }
    #expect(
      LessonPageParser.lessonNumber(in: line) == Self.modelLessonNumber(line),
      "\(line.debugDescription)")
  }

  @Test("a heading becomes a topic as splitting Characters makes it", arguments: 0..<1_000)
  func headingTopicAgreesWithModel(seed: Int) {
    let text = String(Self.generatedLine(seed: seed))
    let pieces = text.split(separator: "·").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    let model = pieces.isEmpty ? "General" : pieces.joined(separator: ", ")
    #expect(LessonPageParser.headingTopic(text) == model, "\(text.debugDescription)")
  }

  /// The cuts of a flash card's label a Character at a time, as `TopicResolver` makes them for
  /// a label that is not simple text.
  static func modelCuts(_ label: Substring) -> [Substring] {
    let marks = Set(".\"'(@[$`#_{<*+~=|\\".unicodeScalars)
    var result: [Substring] = []
    var previous: Character?
    for index in label.indices {
      let character = label[index]
      defer { previous = character }
      guard let previous, previous.isLetter || previous.isNumber, index != label.startIndex
      else { continue }
      let isMark =
        (character.unicodeScalars.count == 1 && marks.contains(character.unicodeScalars.first!))
        || "“‘«".contains(character)
      if character.isUppercase || (character.isNumber && previous.isLetter) || isMark {
        result.append(label[..<index])
      }
    }
    return result
  }

  @Test(
    "a label's topic cuts are found by bytes where a Character at a time finds them",
    arguments: 0..<500)
  func cutsAgreeWithCharacters(seed: Int) {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let alphabet = Array("aZ09 .\"'(@[$`#_{<*+~=|\\,?-!)]}>/&%^:;")
    let label = Substring(String((0..<next(30)).map { _ in alphabet[next(alphabet.count)] }))
    #expect(TopicResolver.candidates(label) == Self.modelCuts(label), "\(label.debugDescription)")
  }

  @Test(
    "a page's ASCII labels are resolved by bytes as a Character at a time resolves them",
    arguments: 0..<400)
  func labelsResolveAsByCharacter(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    func pick(_ options: [String]) -> String { options[next(options.count)] }
    // Headings that name some of the topics, in other cases, and some beyond ASCII.
    let headings = [
      "Sheets, alerts, and popovers", "SwiftData models", "split views and adapting to size",
      "Search", "TABS", "Navigation stacks", "Ünïcode Sheets", "\u{212A}eys", "sheets2", "Swift",
      "data", "e\u{301}dge", "Observation and Search · Images", "éSheets", "Sheetsé", "size·tabs",
      "Swift—data", "ñavigation",
    ]
    let topics = [
      "Sheets", "SwiftData", "Swift", "Size", "Search", "Tabs", "Keys", "Navigation", "Data",
      "Alerts", "Sheet",
    ]
    let prompts = [
      "Show a sheet", ".sheet(item:)", "ViewThatFits {", "\"Vancouver\"", "  with spaces  ",
      "3 tabs", "", "Data flows", "@State var x", "Search\t", "(x)", "é", "\u{212A}",
    ]
    let vocabulary = (0..<next(5)).map { _ in pick(headings) }
    let labels = (0..<(1 + next(8))).map { _ in
      Substring(pick(topics) + (next(3) == 0 ? pick(topics) : "") + pick(prompts))
    }
    let byBytes = TopicResolver(vocabulary: vocabulary, labels: labels)
    let byCharacter = TopicResolver(vocabulary: vocabulary, labels: labels, byCharacter: true)
    let location = SourceLocation(path: "page.txt", line: 3)
    var bytesDiagnostics: [Diagnostic] = []
    var characterDiagnostics: [Diagnostic] = []
    for (index, label) in labels.enumerated() {
      let resolved = byBytes.resolve(
        label: index, label, at: location, into: &bytesDiagnostics)
      let model = byCharacter.resolve(
        label: index, label, at: location, into: &characterDiagnostics)
      #expect(
        resolved.topic == model.topic && resolved.prompt == model.prompt,
        "\(label.debugDescription) in \(labels) under \(vocabulary)")
    }
    #expect(bytesDiagnostics == characterDiagnostics, "\(labels) under \(vocabulary)")
  }
}
