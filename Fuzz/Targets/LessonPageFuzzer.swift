// libFuzzer target: LessonPageParser on arbitrary bytes, and `quiz import`'s promise that the
// native deck written from a page reads back as the same cards. Built by Fuzz/run.sh.

/// libFuzzer's entry point: parses the input as a lesson page and checks the invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLessonPage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = SourceText(bytes: UnsafeBufferPointer(start: data, count: size), path: "fuzz.txt")
  let (deck, diagnostics) = LessonPageParser(fallbackName: "fuzz").parse(source)
  fuzzRequire(deck.format == .lessonPage, "wrong format")
  fuzzRequire(
    deck.name == "fuzz" || (deck.lesson.map { "lesson-\($0)" } == deck.name),
    "deck name \(deck.name) for lesson \(String(describing: deck.lesson))")
  DeckChecks.diagnostics(diagnostics, source: source)
  DeckChecks.cards(deck, source: source)
  DeckChecks.roundTrip(deck, warnings: diagnostics)
  return 0
}
