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
