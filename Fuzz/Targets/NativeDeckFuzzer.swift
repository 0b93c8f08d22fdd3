// libFuzzer target: NativeDeckParser on arbitrary bytes. Built by Fuzz/run.sh, not by SwiftPM.

/// libFuzzer's entry point: parses the input as a native deck and checks the invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNativeDeck(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = SourceText(bytes: UnsafeBufferPointer(start: data, count: size), path: "fuzz.md")
  let (deck, diagnostics) = NativeDeckParser(deckName: "fuzz").parse(source)
  fuzzRequire(deck.name == "fuzz" && deck.format == .native, "deck renamed: \(deck.name)")
  DeckChecks.diagnostics(diagnostics, source: source)
  DeckChecks.cards(deck, source: source, headingPrefix: { $0.hasPrefix("## ") })
  DeckChecks.roundTrip(deck, warnings: diagnostics)
  return 0
}
