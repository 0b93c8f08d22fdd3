import Foundation
import Testing

@testable import CardDeck

/// A decks folder with every kind of card, a lesson page, warnings and an error across files,
/// and a cache folder beside it.
private final class CachedDecks {
  let root: TemporaryDirectory
  let decks: String
  let cacheFolder: String

  init() throws {
    root = try TemporaryDirectory()
    decks = root.path + "/decks"
    cacheFolder = root.path + "/cache/quiz"
    try root.write("decks/garden.md", NativeDeckParserTests.deck)
    try root.write("decks/pages/lesson-page.txt", try fixture("lesson-page.txt"))
    // A deck with every judging hint, the judge's tests' own.
    try root.write(
      "decks/judge.md", try fixture("../../AnswerJudgingTests/Fixtures/judge-cards.md"))
    // A warning (a setting no card takes) and an id used in another file.
    try root.write("decks/z.md", "# Z\n\n## Trick · T · same\nodd: 1\n\nQ\n\n---\n\nA\n")
    try root.write("decks/y.md", "# Y\n\n## Trick · T · same\nQ2\n\n---\n\nA2\n")
  }

  /// A cache for `program` that stores files however recently they changed.
  func cache(program: String = "test build", settleTime: Int = 0) -> DeckCache {
    DeckCache(folder: cacheFolder, program: Array(program.utf8), settleTime: settleTime)
  }

  /// A cache whose writes wait for `writePending()`, with `clock` as its wall clock.
  func deferringCache(clock: @escaping @Sendable () -> Int = DeckCache.realTime) -> DeckCache {
    DeckCache(
      folder: cacheFolder, program: Array("test build".utf8), settleTime: 0,
      deferringWrites: true, clock: clock)
  }

  /// The decks as parsed without a cache.
  func parsed() throws -> DeckCollection { try DeckLoader().load(folder: decks) }

  /// The decks loaded through `cache`.
  func loaded(_ cache: DeckCache? = nil) throws -> DeckCollection {
    try DeckLoader().load(folder: decks, cache: cache ?? self.cache())
  }

  /// The cache file of the decks folder.
  var cacheFile: String { cache().file(for: decks) }

  /// The entries the cache file holds, by path; empty when it cannot be read.
  func storedPaths(_ cache: DeckCache? = nil) -> [String] {
    (cache ?? self.cache()).read(for: decks).entries.keys.sorted()
  }

  /// The deck files, sorted.
  var deckPaths: [String] {
    ["garden.md", "judge.md", "pages/lesson-page.txt", "y.md", "z.md"].map { decks + "/" + $0 }
  }
}

/// Every deck of `collection` with its cards' content, as the collection reads it; nil when a
/// card cannot be read.
private func withContent(_ collection: DeckCollection) -> [Deck]? {
  try? collection.decks.map { try $0.withContent() }
}

/// Every card of `collection` with its content.
private func allCards(_ collection: DeckCollection) throws -> [Card] {
  try collection.cards(collection.cards)
}

/// What two loads gave is the same: decks, cards (with their content) and diagnostics.
private func expectSame(_ lhs: DeckCollection, _ rhs: DeckCollection) {
  let decks = withContent(lhs)
  #expect(decks != nil)
  #expect(decks == withContent(rhs))
  #expect(lhs.diagnostics == rhs.diagnostics)
}

@Suite("The deck cache")
struct DeckCacheTests {
  @Test("gives the same decks and diagnostics as parsing, when written and when read")
  func sameAsParsing() throws {
    let setup = try CachedDecks()
    let parsed = try setup.parsed()
    #expect(!parsed.diagnostics.isEmpty && parsed.cards.count > 10)
    expectSame(try setup.loaded(), parsed)
    #expect(setup.storedPaths() == setup.deckPaths)
    expectSame(try setup.loaded(), parsed)
  }

  @Test("gives back every shipped deck and fixture exactly as parsed")
  func roundTrip() throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let shipped = try DeckLoader().load(folder: repository.appending(path: "Decks").path)
    #expect(shipped.decks.count >= 5)
    // Between them they hold every judging hint (`essential:`, `context:`, `optional:`, `also:`).
    let fixtures = try ["CardDeckTests", "AnswerJudgingTests"].map {
      try DeckLoader().load(folder: repository.appending(path: "Tests/\($0)/Fixtures").path)
    }
    var checked = 0
    for collection in [shipped] + fixtures {
      for deck in collection.decks {
        let decoded = try DeckCache.decode(
          DeckCache.encode(try deck.withContent(), collection.diagnostics))
        #expect(try decoded.deck.withContent() == deck.withContent())
        #expect(decoded.diagnostics == collection.diagnostics)
        checked += deck.cards.count
      }
    }
    #expect(checked > shipped.cards.count)
    #expect(
      try ([shipped] + fixtures).flatMap(allCards).contains {
        if case .syntax(let card) = $0.content { !card.hints.optional.isEmpty } else { false }
      })
  }

  @Test("uses a stored entry for an unchanged file instead of parsing it")
  func usesEntry() throws {
    let setup = try CachedDecks()
    let path = setup.decks + "/y.md"
    let standIn = parseDeck("# Other\n\n## Trick · T · other\nQ\n\n---\n\nA\n", name: "other")
    let identity = try #require(FileIdentity(path: path))
    setup.cache().write(
      [.init(path: path, identity: identity, encoded: DeckCache.encode(standIn.deck, []))],
      for: setup.decks)
    let loaded = try setup.loaded()
    #expect(loaded.decks.map(\.name).contains("other"))
    #expect(!loaded.decks.map(\.name).contains("y"))
  }

  @Test("parses a file rewritten in place with the same size and modification time")
  func staleEntry() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let path = setup.decks + "/y.md"
    var before = stat()
    stat(path, &before)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let rewritten = text.replacingOccurrences(of: "Q2", with: "Q3")
    #expect(rewritten.utf8.count == text.utf8.count)
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.write(contentsOf: Data(rewritten.utf8))
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let loaded = try setup.loaded()
    expectSame(loaded, try setup.parsed())
    #expect(try allCards(loaded).contains { $0.prompt.text == "Q3" })
  }

  @Test("parses a file replaced by another one (a rename, as editors save)")
  func replacedFile() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let path = setup.decks + "/z.md"
    try setup.root.write("new.md", "# Z\n\n## Trick · T · fresh\nNew?\n\n---\n\nYes.\n")
    #expect(rename(setup.root.path + "/new.md", path) == 0)
    let loaded = try setup.loaded()
    expectSame(loaded, try setup.parsed())
    #expect(loaded.cards.contains { $0.id == "fresh" })
  }

  @Test("drops the entries of files that are gone, and stores new files")
  func addedAndRemoved() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    #expect(unlink(setup.decks + "/judge.md") == 0)
    try setup.root.write("decks/new.md", "# New\n\n## Trick · T · new\nQ\n\n---\n\nA\n")
    expectSame(try setup.loaded(), try setup.parsed())
    #expect(
      setup.storedPaths()
        == (setup.deckPaths.filter { !$0.hasSuffix("judge.md") } + [setup.decks + "/new.md"])
        .sorted())
  }

  @Test(
    "ignores a damaged cache file and parses every file",
    arguments: [0, 5, 17, 40, 100, 1000, 5000, -1, -9, -200])
  func damaged(at offset: Int) throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)))
    let index = offset >= 0 ? offset : bytes.count + offset
    bytes[index] ^= 0x20
    try Data(bytes).write(to: URL(fileURLWithPath: setup.cacheFile))
    let loaded = try setup.loaded()
    expectSame(loaded, try setup.parsed())
    // And the damaged entry was replaced: the next load reads every file from the cache.
    #expect(setup.storedPaths() == setup.deckPaths)
  }

  @Test(
    "ignores a truncated or empty cache file",
    arguments: [0, 1, 16, 24, 100, 2000, -1, -100])
  func truncated(to length: Int) throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)))
    let kept = length >= 0 ? length : bytes.count + length
    try Data(bytes.prefix(kept)).write(to: URL(fileURLWithPath: setup.cacheFile))
    expectSame(try setup.loaded(), try setup.parsed())
  }

  @Test("does not read the cache of another build of quiz")
  func otherProgram() throws {
    let setup = try CachedDecks()
    let path = setup.decks + "/y.md"
    let standIn = parseDeck("# Other\n\n## Trick · T · other\nQ\n\n---\n\nA\n", name: "other")
    let identity = try #require(FileIdentity(path: path))
    setup.cache(program: "an older build").write(
      [.init(path: path, identity: identity, encoded: DeckCache.encode(standIn.deck, []))],
      for: setup.decks)
    expectSame(try setup.loaded(), try setup.parsed())
  }

  @Test("does not store a file changed within the settle time, and still reads it right")
  func recentChange() throws {
    let setup = try CachedDecks()
    let cache = setup.cache(settleTime: 3_600_000_000_000)
    expectSame(try setup.loaded(cache), try setup.parsed())
    #expect(setup.storedPaths(cache) == [])
    expectSame(try setup.loaded(cache), try setup.parsed())
  }

  @Test("works without a cache when its folder cannot be made or used")
  func unusableFolder() throws {
    let setup = try CachedDecks()
    try setup.root.write("cache", "a file where the cache folder would go\n")
    expectSame(try setup.loaded(), try setup.parsed())
    #expect(setup.storedPaths() == [])

    // A folder others may write in, or another user's, is not used either.
    for (mode, owner) in [(0o777 as mode_t, geteuid()), (0o700, 65534)] {
      let other = try CachedDecks()
      try FileManager.default.createDirectory(
        atPath: other.cacheFolder, withIntermediateDirectories: true)
      chmod(other.cacheFolder, mode)
      if owner != geteuid() {
        guard geteuid() == 0 else { continue }
        chown(other.cacheFolder, owner, owner)
      }
      expectSame(try other.loaded(), try other.parsed())
      #expect(try FileManager.default.contentsOfDirectory(atPath: other.cacheFolder) == [])
    }
  }

  @Test("never follows a link planted as the cache file, and writes only in the cache folder")
  func plantedLink() throws {
    let setup = try CachedDecks()
    try FileManager.default.createDirectory(
      atPath: setup.cacheFolder, withIntermediateDirectories: true)
    let outside = try setup.root.write("outside.txt", "not the cache's\n")
    #expect(symlink(outside, setup.cacheFile) == 0)
    expectSame(try setup.loaded(), try setup.parsed())
    #expect(try String(contentsOfFile: outside, encoding: .utf8) == "not the cache's\n")
    // The link itself was replaced by the cache file.
    var status = stat()
    #expect(lstat(setup.cacheFile, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: setup.cacheFolder)
        == [(setup.cacheFile as NSString).lastPathComponent])
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: setup.decks).sorted()
        == ["garden.md", "judge.md", "pages", "pages/lesson-page.txt", "y.md", "z.md"])
  }

  @Test("makes its folder private, and its file readable by its owner only")
  func permissions() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    var folder = stat()
    var file = stat()
    #expect(stat(setup.cacheFolder, &folder) == 0 && folder.st_mode & 0o777 == 0o700)
    #expect(stat(setup.cacheFile, &file) == 0 && file.st_mode & 0o777 == 0o600)
  }

  @Test("reports a deck file that became unreadable, as without a cache")
  func unreadableAfterCaching() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let path = setup.decks + "/y.md"
    #expect(unlink(path) == 0)
    #expect(mkfifo(path, 0o600) == 0)
    let loaded = try setup.loaded()
    expectSame(loaded, try setup.parsed())
    #expect(loaded.errors.contains { $0.description.contains("not a regular file") })
  }

  @Test("reads decks in memory from the cache only while their bytes are the same")
  func builtIn() throws {
    let setup = try CachedDecks()
    let cache = setup.cache()
    let text = "# A\n\n## Trick · T · one\nQ1?\n\n---\n\nA.\n"
    let files = [
      DeckLoader.File(path: "Decks/a.md", bytes: Array(text.utf8)),
      DeckLoader.File(path: "Decks/garden.md", bytes: Array(NativeDeckParserTests.deck.utf8)),
    ]
    let parsed = DeckLoader().load(files: files)
    expectSame(DeckLoader().load(files: files, cache: cache), parsed)
    #expect(
      cache.read(for: "(built in)").entries.keys.sorted() == ["Decks/a.md", "Decks/garden.md"])
    expectSame(DeckLoader().load(files: files, cache: cache), parsed)

    // The same size, other bytes: parsed again.
    var changed = files
    changed[0].bytes = Array(text.replacingOccurrences(of: "Q1", with: "Q2").utf8)
    let reloaded = DeckLoader().load(files: changed, cache: cache)
    expectSame(reloaded, DeckLoader().load(files: changed))
    #expect(try allCards(reloaded).contains { $0.prompt.text == "Q2?" })

    // And an entry for the same bytes is what is used.
    let standIn = parseDeck("# Other\n\n## Trick · T · other\nQ\n\n---\n\nA\n", name: "other")
    cache.write(
      [
        .init(
          path: "Decks/a.md", identity: FileIdentity(contents: files[0].bytes),
          encoded: DeckCache.encode(standIn.deck, []))
      ], for: "(built in)")
    #expect(DeckLoader().load(files: [files[0]], cache: cache).decks.map(\.name) == ["other"])
  }

  @Test("refuses, without trapping, any cut of a cache file's bytes")
  func everyPrefix() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)))
    let program = Array("test build".utf8)
    let whole = try DeckCache.parse(bytes, program: program, decks: setup.decks)
    #expect(whole.entries.count == 5)
    for length in stride(from: 0, to: bytes.count, by: 7) {
      let cut = Array(bytes.prefix(length))
      #expect((try? DeckCache.parse(cut, program: program, decks: setup.decks)) == nil)
    }
    let content = try #require(whole.content)
    for entry in whole.entries.values {
      let deck = CachedDeck(content: content, block: entry.content, origin: nil)
      for end in stride(from: entry.payload.lowerBound, to: entry.payload.upperBound, by: 13) {
        #expect(
          (try? DeckCache.decode(bytes, in: entry.payload.lowerBound..<end, content: deck)) == nil)
      }
    }
  }

  @Test("refuses, without trapping, any cut of a card's cached content")
  func contentCuts() throws {
    let parse = parseDeck(NativeDeckParserTests.deck, name: "garden")
    let encoded = DeckCache.encode(parse.deck, parse.diagnostics)
    let first = try #require(parse.deck.cards.first).content
    var decoded = 0
    for end in 0...encoded.content.count {
      guard let content = try? DeckCache.decodeContent(encoded.content, in: 0..<end) else {
        continue
      }
      // Only the whole of the first card's bytes is a content.
      #expect(content == first)
      decoded += 1
    }
    #expect(decoded == 1)
  }

  /// Zeroes the content part of `setup`'s cache file in place (the same file, still open to a
  /// load), and rewrites its deck `y.md` with `edit` (by default, `Q2` changed to `Q3`); an
  /// `edit` that gives nil removes the file.
  private func damageContentAndEditY(
    _ setup: CachedDecks,
    _ edit: (String) -> String? = { $0.replacingOccurrences(of: "Q2", with: "Q3") }
  ) throws {
    let file = open(setup.cacheFile, O_RDWR)
    #expect(file >= 0)
    var head = [UInt8](repeating: 0, count: DeckCache.headLength)
    #expect(pread(file, &head, head.count, 0) == head.count)
    let front = head[DeckCache.magic.count + 8..<DeckCache.headLength].reversed().reduce(0) {
      $0 << 8 | Int($1)
    }
    var status = stat()
    #expect(fstat(file, &status) == 0)
    let contentStart = DeckCache.headLength + front
    let zeros = [UInt8](repeating: 0, count: Int(status.st_size) - contentStart)
    #expect(pwrite(file, zeros, zeros.count, off_t(contentStart)) == zeros.count)
    close(file)
    let path = setup.decks + "/y.md"
    if let edited = edit(try String(contentsOfFile: path, encoding: .utf8)) {
      try setup.root.write("decks/y.md", edited)
    } else {
      #expect(unlink(path) == 0)
    }
  }

  /// The heading of the card `same` of `y.md` in `collection`, read from the cache.
  private func sameInY(_ collection: DeckCollection) throws -> CardHeading {
    try #require(
      collection.cards.first { $0.id == "same" && $0.location.path.hasSuffix("/y.md") })
  }

  @Test("gives a card as a plain value: damage and edits after it was read do not change it")
  func cardIsAValue() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let loaded = try setup.loaded()
    let card = try loaded.card(try sameInY(loaded))
    #expect(card.prompt.text == "Q2")
    try damageContentAndEditY(setup)
    var copy = card
    copy.topic = "Another topic"
    #expect(card.prompt.text == "Q2" && copy.prompt.text == "Q2")
    #expect(copy.content == card.content)
    #expect(card.topic != copy.topic)
  }

  @Test("reads a card's content only when asked for, from the deck file if the cache's is damaged")
  func contentOnDemand() throws {
    let setup = try CachedDecks()
    let parsed = try setup.parsed()
    _ = try setup.loaded()
    let loaded = try setup.loaded()
    // The cache file is damaged in place after the load (the same file, still open), and one
    // deck file changed: the cards read their content now, find it damaged, and parse again.
    try damageContentAndEditY(setup)
    let unchanged = loaded.cards.filter { !$0.location.path.hasSuffix("/y.md") }
    let expected = parsed.cards.filter { !$0.location.path.hasSuffix("/y.md") }
    #expect(unchanged == expected)
    #expect(unchanged.count > 10)
    #expect(try loaded.cards(unchanged) == parsed.cards(expected))
    #expect(try loaded.card(try sameInY(loaded)).prompt.text == "Q3")
  }

  @Test("says where a card is that neither the cache nor its deck file has any more")
  func contentGone() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let loaded = try setup.loaded()
    let heading = try sameInY(loaded)
    // The card's id changed in its file, which the cache's damaged copy cannot stand in for.
    try damageContentAndEditY(setup) { $0.replacingOccurrences(of: "· same", with: "· renamed") }
    let expected = CardContentError.changed(heading)
    #expect(throws: expected) { try loaded.card(heading) }
    #expect(throws: expected) { try loaded.cards(loaded.cards) }
    #expect(expected.location == SourceLocation(path: setup.decks + "/y.md", line: 3))
    #expect(
      expected.description.hasPrefix(
        setup.decks + "/y.md:3: the card 'same' could not be read: the deck cache's copy is "
          + "damaged, and the deck file no longer has the card"))
    // The other cards of the cache read theirs from their own files.
    #expect(try loaded.card(try #require(loaded.cards.first)).location.line > 0)
  }

  @Test("says where a card is whose deck file cannot be read once the cache's copy is damaged")
  func deckFileGone() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let loaded = try setup.loaded()
    let heading = try sameInY(loaded)
    try damageContentAndEditY(setup) { _ in nil }
    #expect {
      try loaded.card(heading)
    } throws: { error in
      let error = try #require(error as? CardContentError)
      return error.location == heading.location
        && error.description.hasPrefix(
          setup.decks + "/y.md:3: the card 'same' could not be read: the deck cache's copy is "
            + "damaged, and the deck file cannot be read now: the file cannot be read: No such")
    }
  }

  @Test("says so when asked for a card that is not among its decks")
  func notLoaded() throws {
    let setup = try CachedDecks()
    let loaded = try setup.loaded()
    var stranger = try sameInY(loaded)
    stranger.id = "stranger"
    #expect(throws: CardContentError.notLoaded(stranger)) { try loaded.card(stranger) }
  }

  @Test("vouches for the ids when none repeats, and only while the claim matches its entries")
  func distinctIDs() throws {
    let setup = try CachedDecks()
    // The shared setup has an id in two files: no claim.
    _ = try setup.loaded()
    #expect(!setup.cache().read(for: setup.decks).idsAreDistinct)
    #expect(unlink(setup.decks + "/y.md") == 0)
    let parsed = try setup.parsed()
    #expect(parsed.errors.isEmpty)
    _ = try setup.loaded()
    #expect(setup.cache().read(for: setup.decks).idsAreDistinct)
    expectSame(try setup.loaded(), parsed)

    // The claim is the front part's last 8 bytes: changed, it is not believed.
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)))
    let front = bytes[DeckCache.magic.count + 8..<DeckCache.headLength].reversed().reduce(0) {
      $0 << 8 | Int($1)
    }
    bytes[DeckCache.headLength + front - 3] ^= 0x10
    try Data(bytes).write(to: URL(fileURLWithPath: setup.cacheFile))
    let stored = setup.cache().read(for: setup.decks)
    #expect(stored.entries.count == 4 && !stored.idsAreDistinct)
    expectSame(try setup.loaded(), parsed)
  }

  @Test("looks the ids up when a file is parsed, though the cache vouches for the others")
  func claimWithParsedFile() throws {
    let setup = try CachedDecks()
    #expect(unlink(setup.decks + "/y.md") == 0)
    _ = try setup.loaded()
    #expect(setup.cache().read(for: setup.decks).idsAreDistinct)
    // A new file that takes an id the cached decks use.
    try setup.root.write("decks/x.md", "# X\n\n## Trick · T · same\nQ3\n\n---\n\nA3\n")
    let loaded = try setup.loaded()
    expectSame(loaded, try setup.parsed())
    #expect(loaded.errors.contains { $0.description.contains("the id 'same' is already used") })
  }

  @Test("believes a claim that matches its entries: the look-ups are really left out")
  func claimIsUsed() throws {
    let setup = try CachedDecks()
    let paths = ["y.md", "z.md"].map { setup.decks + "/" + $0 }
    // Two stand-ins that share an id, stored with a claim that none repeats.
    let entries = try paths.map { path in
      let standIn = parseDeck(
        "# \(path.suffix(4).prefix(1))\n\n## Trick · T · twice\nQ\n\n---\n\nA\n",
        name: String(path.suffix(4).prefix(1)))
      return DeckCache.NewEntry(
        path: path, identity: try #require(FileIdentity(path: path)),
        encoded: DeckCache.encode(standIn.deck, []))
    }
    for path in setup.deckPaths where !paths.contains(path) { #expect(unlink(path) == 0) }
    setup.cache().write(entries, for: setup.decks, idsAreDistinct: true)
    #expect(try setup.loaded().cards.map(\.id) == ["twice", "twice"])
    setup.cache().write(entries, for: setup.decks)
    #expect(try setup.loaded().cards.map(\.id) == ["twice"])
  }

  @Test("with deferred writes, writes nothing until asked, then what an immediate write would")
  func deferredWrite() throws {
    let setup = try CachedDecks()
    let cache = setup.deferringCache()
    let parsed = try setup.parsed()
    expectSame(try setup.loaded(cache), parsed)
    #expect(!FileManager.default.fileExists(atPath: setup.cacheFile))
    cache.writePending()
    #expect(setup.storedPaths() == setup.deckPaths)
    expectSame(try setup.loaded(cache), parsed)
    // Nothing changed: nothing waits, and writing again changes nothing.
    let before = try Data(contentsOf: URL(fileURLWithPath: setup.cacheFile))
    cache.writePending()
    #expect(try Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)) == before)
  }

  @Test("a deferred write after a deck file was edited never makes the edit unseen")
  func deferredWriteRacingAnEdit() throws {
    let setup = try CachedDecks()
    _ = try setup.loaded()
    let cache = setup.deferringCache()
    // Touched, so that the load reads and parses it again.
    let path = setup.decks + "/y.md"
    #expect(utimensat(AT_FDCWD, path, nil, 0) == 0)
    _ = try setup.loaded(cache)
    // Edited in place between the load and the write, its size and modification time kept.
    var before = stat()
    stat(path, &before)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.write(contentsOf: Data(text.replacingOccurrences(of: "Q2", with: "Q3").utf8))
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    cache.writePending()
    let loaded = try setup.loaded()
    expectSame(loaded, try setup.parsed())
    #expect(try allCards(loaded).contains { $0.prompt.text == "Q3" })
  }

  @Test("a deferred write leaves out files changed shortly before they were read, however late")
  func deferredWriteSettlesByReadTime() throws {
    let setup = try CachedDecks()
    // The load's clock says the files were read when they were just written (the epoch, before
    // any of their times); the write itself comes later by the file system's clock.
    let cache = setup.deferringCache(clock: { 0 })
    expectSame(try setup.loaded(cache), try setup.parsed())
    cache.writePending()
    #expect(setup.storedPaths() == [])
  }

  @Test("keeps the latest update a decks folder waits for, and writes it once")
  func deferredUpdatesReplaced() throws {
    let setup = try CachedDecks()
    let cache = setup.deferringCache()
    _ = try setup.loaded(cache)
    try setup.root.write("decks/new.md", "# New\n\n## Trick · T · new\nQ\n\n---\n\nA\n")
    _ = try setup.loaded(cache)
    #expect(!FileManager.default.fileExists(atPath: setup.cacheFile))
    cache.writePending()
    #expect(setup.storedPaths() == (setup.deckPaths + [setup.decks + "/new.md"]).sorted())
    expectSame(try setup.loaded(), try setup.parsed())
  }
}
