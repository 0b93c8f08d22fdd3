// libFuzzer target: no control character of a deck's bytes survives into what quiz prints. Built
// by Fuzz/run.sh, not by SwiftPM.
//
// Every piece of deck text reaches the terminal, Markdown, CSV and JSON from the parsed decks;
// so whatever the bytes, no string anywhere in a parsed deck, its cards or its diagnostics may
// hold a control character (tab and newline aside). Strings are found by reflection, so a field
// added later is checked too.

/// Every string inside `value`, however deeply nested.
func allStrings(in value: Any) -> [String] {
  if let text = value as? String { return [text] }
  if let text = value as? Substring { return [String(text)] }
  return Mirror(reflecting: value).children.flatMap { allStrings(in: $0.value) }
}

/// Fails on a control character in `text`, saying where it was found.
func requireVisible(_ text: String, _ place: String) {
  let bad = text.unicodeScalars.first { $0 != "\n" && ControlCharacters.isControl($0) }
  fuzzRequire(
    bad == nil, "U+\(String(bad?.value ?? 0, radix: 16)) reached \(place): \(text.debugDescription)"
  )
}

/// libFuzzer's entry point: parses the input as a deck and as a lesson page.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  for path in ["fuzz\u{1B}[2J.md", "fuzz.txt"] {
    let source = SourceText(bytes: bytes, path: path)
    for line in source.lines { requireVisible(String(line), "a line") }
    let (deck, diagnostics) =
      path.hasSuffix(".txt")
      ? LessonPageParser(fallbackName: "fuzz").parse(source)
      : NativeDeckParser(deckName: "fuzz").parse(source)
    for text in allStrings(in: deck) { requireVisible(text, "the deck") }
    for diagnostic in diagnostics { requireVisible(diagnostic.description, "a diagnostic") }
  }
  // Making text visible is idempotent and total.
  let text = String(decoding: bytes, as: UTF8.self)
  let once = ControlCharacters.visible(text)
  requireVisible(once.replacingOccurrences(of: "\n", with: " "), "visible(_:)")
  fuzzRequire(ControlCharacters.visible(once) == once, "visible(_:) is not idempotent")
  return 0
}
