// libFuzzer target: the deck cache's reader on arbitrary bytes, without the file system. The
// input is read as a cache file (for whatever program and decks folder its header names); every
// entry is decoded through its hash check and, so that mutations reach the decoder, without it,
// every card's content read (through its own hash check; a card whose content is not sound is a
// CardContentError at its place, there being no deck file to parse again), and the content part
// decoded as one card's content. Whatever decodes must encode and decode back to itself. Built by
// Fuzz/run.sh, which makes the seeds with QUIZ_FUZZ_SEEDS (see fuzzInitialize).

import Foundation

/// libFuzzer's entry point: reads the input as a cache file and decodes its entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeckCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let (program, decks) = cacheHeader(bytes),
    let stored = try? DeckCache.parse(bytes, program: program, decks: decks)
  else { return 0 }
  guard let content = stored.content else { return 0 }
  for entry in stored.entries.values {
    fuzzRequire(
      entry.payload.lowerBound >= 0 && entry.payload.upperBound <= bytes.count
        && entry.content.lowerBound >= 0 && entry.content.upperBound <= content.count,
      "an entry's bytes lie outside the file")
    if let checked = DeckCache.decode(entry, in: stored, origin: nil) { roundTrip(checked) }
    let deck = CachedDeck(content: content, block: entry.content, origin: nil)
    if let unchecked = try? DeckCache.decode(bytes, in: entry.payload, content: deck) {
      roundTrip(unchecked)
    }
    if let block = content.read(entry.content),
      let card = try? DeckCache.decodeContent(block, in: 0..<block.count)
    {
      let single = Card(
        id: "a", deck: "a", topic: "a", location: SourceLocation(path: "a", line: 1),
        content: card)
      roundTrip(Deck(name: "a", title: "a", path: "a", format: .native, cards: [single]), [])
    }
  }
  return 0
}

/// The program and decks folder a cache file's header names, if it has one.
private func cacheHeader(_ bytes: [UInt8]) -> ([UInt8], String)? {
  guard bytes.starts(with: DeckCache.magic), bytes.count >= DeckCache.headLength else { return nil }
  return try? ByteReader.read(bytes, in: DeckCache.headLength..<bytes.count) {
    (input) throws(ByteReader.Malformed) in
    let program = try input.range()
    return (Array(bytes[program]), try input.string())
  }
}

/// A decoded entry's cards that read (a card that does not is an error at its own place), as a
/// deck, encode to bytes that decode to the same deck.
private func roundTrip(_ loaded: DeckLoader.Loaded) {
  let heading = loaded.deck
  var deck = Deck(
    name: heading.name, title: heading.title, lesson: heading.lesson, path: heading.path,
    format: heading.format)
  for index in heading.cards.indices {
    do throws(CardContentError) {
      deck.cards.append(try heading.card(at: index))
    } catch {
      fuzzRequire(
        error.location == heading.cards[index].location && error.id == heading.cards[index].id,
        "a card's content error names another place: \(error)")
    }
  }
  roundTrip(deck, loaded.diagnostics)
}

/// `deck` and `diagnostics` encode to bytes that decode to the same deck and diagnostics.
private func roundTrip(_ deck: Deck, _ diagnostics: [Diagnostic]) {
  let again = try? DeckCache.decode(DeckCache.encode(deck, diagnostics))
  fuzzRequire(
    (try? again?.deck.withContent()) == deck, "a decoded deck does not encode back to itself")
  fuzzRequire(again?.diagnostics == diagnostics, "diagnostics changed by encoding")
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
  for loaded in collection.decks {
    // Parsed, not cached: the content is in memory.
    guard let deck = try? loaded.withContent() else { continue }
    for card in deck.cards {
      var single = deck
      single.cards = [card]
      let entry = DeckCache.NewEntry(
        path: deck.path, identity: FileIdentity(stat()),
        encoded: DeckCache.encode(
          single, collection.diagnostics.filter { $0.location.path == deck.path }))
      let file = DeckCache.fileParts([entry], program: Array("seed".utf8), decks: "seeds")
      written += 1
      _ = FileManager.default.createFile(
        atPath: "\(out)/seed-\(deck.name)-\(written)", contents: Data(file.joined()))
    }
  }
  exit(written > 0 ? 0 : 1)
}
