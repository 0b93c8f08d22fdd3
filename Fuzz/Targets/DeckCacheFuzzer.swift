// libFuzzer target: the deck cache's reader on arbitrary bytes, without the file system. The
// input is read as a cache file (for whatever program and decks folder its header names); every
// entry is decoded through its hash check and, so that mutations reach the decoder, without it.
// Whatever decodes must encode and decode back to itself. Built by Fuzz/run.sh, which makes the
// seeds with QUIZ_FUZZ_SEEDS (see fuzzInitialize).

import Foundation

/// libFuzzer's entry point: reads the input as a cache file and decodes its entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeckCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let (program, decks) = cacheHeader(bytes),
    let stored = try? DeckCache.parse(bytes, program: program, decks: decks)
  else { return 0 }
  for entry in stored.entries.values {
    fuzzRequire(
      entry.payload.lowerBound >= 0 && entry.payload.upperBound <= bytes.count,
      "an entry's bytes lie outside the file")
    if let checked = DeckCache.decode(entry, in: stored) { roundTrip(checked) }
    if let unchecked = try? DeckCache.decode(bytes, in: entry.payload) { roundTrip(unchecked) }
  }
  return 0
}

/// The program and decks folder a cache file's header names, if it has one.
private func cacheHeader(_ bytes: [UInt8]) -> ([UInt8], String)? {
  guard bytes.starts(with: DeckCache.magic) else { return nil }
  var input = CacheBytes(reading: bytes, in: DeckCache.magic.count..<bytes.count)
  guard (try? input.uint64()) != nil, let program = try? input.range(),
    let decks = try? input.string()
  else { return nil }
  return (Array(bytes[program]), decks)
}

/// A decoded parse encodes to bytes that decode to the same parse.
private func roundTrip(_ parsed: (deck: Deck, diagnostics: [Diagnostic])) {
  var out = CacheBytes()
  DeckCache.encode(parsed.deck, parsed.diagnostics, into: &out)
  let again = try? DeckCache.decode(out.bytes, in: 0..<out.bytes.count)
  fuzzRequire(again?.deck == parsed.deck, "a decoded deck does not encode back to itself")
  fuzzRequire(again?.diagnostics == parsed.diagnostics, "diagnostics changed by encoding")
}

/// With `QUIZ_FUZZ_SEEDS=DECKS:OUT`, writes one small cache file to OUT for each card of the
/// decks in the folder DECKS (a deck of that card alone, with the deck's diagnostics), then exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
) -> CInt {
  guard let spec = ProcessInfo.processInfo.environment["QUIZ_FUZZ_SEEDS"],
    let colon = spec.firstIndex(of: ":")
  else { return 0 }
  let folder = String(spec[..<colon])
  let out = String(spec[spec.index(after: colon)...])
  let collection = (try? DeckLoader().load(folder: folder)) ?? DeckCollection()
  var written = 0
  for deck in collection.decks {
    for card in deck.cards {
      var single = deck
      single.cards = [card]
      var payload = CacheBytes()
      DeckCache.encode(
        single, collection.diagnostics.filter { $0.location.path == deck.path }, into: &payload)
      var file = CacheBytes()
      file.append(DeckCache.formatVersion)
      file.append(bytes: Array("seed".utf8))
      file.append("seeds")
      file.append(1)
      file.append(deck.path)
      FileIdentity(stat()).encode(into: &file)
      file.append(CacheBytes.hash(payload.bytes, 0..<payload.bytes.count))
      file.append(bytes: payload.bytes)
      written += 1
      _ = FileManager.default.createFile(
        atPath: "\(out)/seed-\(deck.name)-\(written)", contents: Data(DeckCache.magic + file.bytes))
    }
  }
  exit(written > 0 ? 0 : 1)
}
