// libFuzzer target: a whole Anki package through the reader and the import, as `quiz import`
// takes it, at three levels. The first byte of the input says what the rest is:
//
//   0  the package file itself (zip structure: entries, headers, deflate)
//   1  the collection's SQLite file, zipped as a legacy `collection.anki21`
//   2  the collection as a zstd frame, zipped as a current `collection.anki21b` with its `meta`
//   3  edits of SQLite values (a structured mutator) made to a small collection built here,
//      which is then zipped as in 1: see ``ValueEdits``
//
// Invariants: reading never crashes or hangs; it either throws an AnkiPackageError (typed
// throws make it nothing else) or gives an import (as `quiz import` makes it) whose decks read
// back, card by card, as the import meant them (the check `quiz import` makes before it writes), and
// events whose states are possible SM-2 states within the journal's ranges, which survive
// being written as journal lines and read back; and those states export to a package again.
// The review log's history is of imported cards, in time order, none after tomorrow, each
// event once, and changes no state.
// The decks' text made and checked a part at a time (as `quiz import` writes it) is the whole
// text, with the same verdict; every other input's collection is read from a scratch copy (as
// a large one is), which is gone after, whatever happened.
// Compiled by Fuzz/run.sh as one module of AnkiPackage, CardDeck and Scheduler, with
// Fuzz/Targets/StateChecks.swift; QUIZ_FUZZ_SEEDS makes the seeds (see fuzzInitialize).

import CSQLite
import CZstd
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's entry point: reads and imports the input as an Anki package.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnkiPackage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 1 else { return 0 }
  let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let path = AnkiFuzz.scratchPath
  unlink(path)
  let written: Bool
  switch data[0] % 4 {
  case 0: written = FileManager.default.createFile(atPath: path, contents: body)
  case 1: written = AnkiFuzz.zip(collection: body, compressed: false, at: path)
  case 2: written = AnkiFuzz.zip(collection: body, compressed: true, at: path)
  default:
    guard let database = ValueEdits.database(editedBy: body) else { return 0 }
    written = AnkiFuzz.zip(collection: database, compressed: false, at: path)
  }
  guard written else { return 0 }
  // As `quiz import` reads it (the notes converted as they are read); a small limit, so that a
  // bomb is found at the limit quickly. Every other input's collection is read from a scratch
  // copy, as a large one is, which must be gone after, whatever happened.
  let copied = size % 2 == 0
  // A third of the inputs with deck files of at most 4 KiB: decks split, cards refused.
  let limit = size % 3 == 0 ? 4 << 10 : DeckLoader.largestFile
  let imported = try? AnkiPackageReader(sizeLimit: 8 << 20, memoryLimit: copied ? 0 : 8 << 20)
    .importing(
      path: path, shown: "fuzz.apkg", now: AnkiFuzz.now, today: AnkiFuzz.today, existingFiles: [],
      deckFileLimit: limit
    ) { AnkiFuzz.copyFolder }
  fuzzRequire(
    (try? FileManager.default.contentsOfDirectory(atPath: AnkiFuzz.copyFolder))?.isEmpty == true,
    "a scratch copy of the collection was left behind")
  guard let imported else { return 0 }
  AnkiFuzz.importChecks(imported)
  AnkiFuzz.partChecks(imported, limit: limit)
  return 0
}

enum AnkiFuzz {
  /// The moment and day of every import: 2026-09-21 10:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_789_984_800)
  static let today = Day(year: 2026, month: 9, day: 21)!

  /// Where each input is written as a package: under $QUIZ_FUZZ_DIR, one file a process.
  static let scratchPath: String = {
    let folder =
      (ProcessInfo.processInfo.environment["QUIZ_FUZZ_DIR"] ?? "/tmp/quiz-fuzz") + "/scratch"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return "\(folder)/anki-package-\(getpid()).apkg"
  }()

  /// Where an import copies a collection to read it from: under $QUIZ_FUZZ_DIR, one folder a
  /// process.
  static let copyFolder: String = {
    let folder = scratchPath + ".copies"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }()

  /// Writes a package at `path` holding `collection`: zstd-compressed as a current package
  /// with `meta` 3, or as a legacy one without `meta`.
  static func zip(collection: Data, compressed: Bool, at path: String) -> Bool {
    let entries: [(name: String, content: ZipArchive.Content)] =
      compressed
      ? [("collection.anki21b", .bytes(collection)), ("meta", .bytes(Data([0x08, 0x03])))]
      : [("collection.anki21", .bytes(collection))]
    return (try? ZipArchive.write(entries, to: path)) != nil
  }

  /// What `quiz import` checks before it writes, and what it writes, must hold for whatever
  /// the reader gives.
  static func importChecks(_ imported: AnkiImport) {
    var ids: Set<String> = []
    var names: Set<String> = []
    for deck in imported.decks {
      fuzzRequire(names.insert(deck.name.lowercased()).inserted, "two decks named \(deck.name)")
      let text = NativeDeckWriter().write(deck)
      let (parsed, diagnostics) = NativeDeckParser(deckName: deck.name).parse(
        SourceText(text, path: deck.path))
      let problem =
        diagnostics.first(where: { $0.severity == .error })?.description
        ?? AnkiImport.difference(between: deck, and: parsed.cards)
      fuzzRequire(problem == nil, "deck \(deck.name) does not read back: \(problem ?? "")\n\(text)")
      // `quiz import` makes and checks the text a part at a time: in parts of two cards, it
      // must be the same text, with the same verdict.
      var parts: [UInt8] = []
      let partsProblem = CheckedDeckText.parts(of: deck, cards: 2, size: 64) {
        parts.append(contentsOf: $0)
      }
      fuzzRequire(
        partsProblem == nil, "deck \(deck.name) does not read back in parts: \(partsProblem ?? "")")
      fuzzRequire(parts.elementsEqual(text.utf8), "deck \(deck.name) in parts is another text")
      for card in deck.cards { fuzzRequire(ids.insert(card.id).inserted, "two cards \(card.id)") }
    }
    var replayer = Replayer(scheduler: SM2Scheduler())
    for event in imported.events {
      StateChecks.event(event)
      if case .imported(let state) = event { rangeChecks(state) }
      replayer.apply(event)
    }
    let stateBefore = replayer.state
    historyChecks(imported.history, cards: ids)
    for history in imported.history { replayer.apply(.history(history)) }
    fuzzRequire(replayer.state == stateBefore, "the imported history changed a card's state")
    exportChecks(imported.decks.flatMap(\.cards), state: replayer.state)
  }

  /// The decks an Anki deck was split into are its parts, named as parts, and none is larger
  /// than `limit` as a file (its note below its title too): a card that would make one larger
  /// refuses the package instead.
  static func partChecks(_ imported: AnkiImport, limit: Int) {
    fuzzRequire(
      imported.files.flatMap(\.names) == imported.decks.map(\.name),
      "the files \(imported.files.map(\.names)) are not the decks")
    var notes: [String: Int] = [:]
    for deck in imported.files {
      for (number, name) in Swift.zip(2..., deck.names.dropFirst()) {
        fuzzRequire(name == AnkiImport.partName(deck.names[0], number), "part \(name)")
        notes[name] = AnkiImport.partNote(number, of: deck.names[0], checksum: 0).utf8.count
      }
    }
    for deck in imported.decks {
      let size = NativeDeckWriter().write(deck).utf8.count + (notes[deck.name] ?? 0)
      fuzzRequire(size <= limit, "deck \(deck.name) makes a file of \(size) bytes")
    }
  }

  /// The review log's answers kept as history: of cards imported, in time order, none after
  /// tomorrow, each id once, each surviving a journal line; at most one first review a card.
  static func historyChecks(_ history: AnkiHistory, cards: Set<String>) {
    var ids: Set<UUID> = []
    var firsts: Set<String> = []
    for (index, event) in history.enumerated() {
      StateChecks.event(.history(event))
      fuzzRequire(cards.contains(event.card), "history of a card not imported: \(event.card)")
      fuzzRequire(event.at.timeIntervalSince(now) <= 86_400, "history after tomorrow: \(event.at)")
      fuzzRequire(ids.insert(event.id).inserted, "two history events \(event.id)")
      fuzzRequire(
        !event.isFirst || firsts.insert(event.card).inserted, "two firsts of \(event.card)")
      if index > 0 { fuzzRequire(history[index - 1].at <= event.at, "history out of time order") }
    }
  }

  /// An imported state holds numbers quiz can schedule and write back.
  static func rangeChecks(_ event: ImportEvent) {
    let state = event.state
    let context = "card \(event.card)"
    fuzzRequire(
      (0...SM2.maximumInterval).contains(state.interval), "\(context): interval \(state.interval)")
    fuzzRequire(state.easeFactor <= 1000, "\(context): ease factor \(state.easeFactor)")
    fuzzRequire(
      abs(state.due.daysSince1970 - today.daysSince1970) <= 36_500, "\(context): due \(state.due)")
    fuzzRequire(
      state.repetitions >= 0 && state.lapses >= 0 && state.reviews >= 0,
      "\(context): negative counts")
    if let last = state.lastReview {
      fuzzRequire(last.timeIntervalSince(now) <= 86_400, "\(context): reviewed after tomorrow")
    }
  }

  /// The imported cards and states export as a package again (no trap on what the import let in).
  static func exportChecks(_ cards: [Card], state: ReviewState) {
    do {
      let collection = try AnkiExport.collection(
        cards: cards, titles: [:], state: state, reviews: { (_) throws(AnkiPackageError) in },
        now: now, today: today, dayStart: now)
      let database = try SQLiteDatabase()
      try database.execute(AnkiPackageWriter.schema)
      try AnkiPackageWriter().insert(collection, into: database)
    } catch {
      fuzzFailure("the imported cards do not export: \(error)")
    }
  }
}

/// Edits of SQLite values in a small collection: the structured mutator of input kind 3.
///
/// The input is a list of edits of 4 bytes and a value: table, row, column, and what the value
/// is (an integer of 1 or 8 bytes, a REAL, text or a blob of up to 255 bytes, NULL, one of the
/// numbers at the edges of Anki's and quiz's ranges), or a copy of a row with a new id.
struct ValueEdits {
  static let tables: [(name: String, columns: [String])] = [
    ("col", ["crt", "ver", "models", "decks", "conf"]),
    ("notes", ["id", "guid", "mid", "tags", "flds", "sfld"]),
    (
      "cards",
      [
        "id", "nid", "did", "ord", "type", "queue", "due", "ivl", "factor", "reps", "lapses",
        "left", "odid", "odue",
      ]
    ),
    ("revlog", ["id", "cid", "ease", "ivl", "lastIvl", "factor", "time", "type"]),
  ]
  static let edges: [String] = [
    "-9223372036854775808", "9223372036854775807", "-1", "0", "1", "2", "3", "4",
    "9007199254740992", "4294967296", "-4294967297", "2147483648", "36500", "36501", "1300",
    "1000000", "1e300", "-1e300", "1e16", "1.5", "'x'", "NULL", "X''", "1e999", "-1e999",
    "10000000000000000", "253402300800000", "-62135596800001",
  ]

  var bytes: Data.SubSequence

  /// The sample collection with the edits of `data` made, as an SQLite file; nil when an edit
  /// cannot be made (no input for the reader).
  static func database(editedBy data: Data) -> Data? {
    var edits = ValueEdits(bytes: data[...])
    return edits.applied()
  }

  private mutating func applied() -> Data? {
    guard let database = try? SQLiteDatabase(),
      (try? database.execute(AnkiPackageWriter.schema)) != nil,
      (try? AnkiPackageWriter().insert(AnkiFuzz.sample, into: database)) != nil
    else { fuzzFailure("the sample collection cannot be built") }
    var count = 0
    while bytes.count >= 4, count < 32 {
      count += 1
      let table = Self.tables[Int(next()) % Self.tables.count]
      let row = Int(next() % 8)
      let column = table.columns[Int(next()) % table.columns.count]
      let kind = next()
      let target = "(SELECT rowid FROM \(table.name) ORDER BY rowid LIMIT 1 OFFSET \(row))"
      let sql: String
      if kind % 8 == 7 {
        // A copy of the row with the id moved on: more cards of a note, notes of a note type.
        sql =
          "CREATE TEMP TABLE copy AS SELECT * FROM \(table.name) WHERE rowid = \(target);"
          + "UPDATE copy SET id = id + \(Int(next()) + 1000);"
          + "INSERT OR IGNORE INTO \(table.name) SELECT * FROM copy; DROP TABLE copy"
      } else {
        sql =
          "UPDATE OR IGNORE \(table.name) SET \(column) = \(value(kind)) WHERE rowid = \(target)"
      }
      guard (try? database.execute(sql)) != nil else { return nil }
    }
    return try? database.serialized()
  }

  private mutating func next() -> UInt8 {
    bytes.popFirst() ?? 0
  }

  private mutating func take(_ count: Int) -> Data {
    let taken = bytes.prefix(count)
    bytes = bytes.dropFirst(taken.count)
    return Data(taken)
  }

  /// An SQL literal for the value that `kind` says comes next.
  private mutating func value(_ kind: UInt8) -> String {
    switch kind % 8 {
    case 0: return String(Int8(bitPattern: next()))
    case 1:
      return String(take(8).reduce(Int64(0)) { $0 << 8 | Int64($1) })
    case 2:
      let bits = take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      let double = Double(bitPattern: bits)
      return double.isFinite
        ? "\(double)" : (double.isNaN ? "NULL" : "\(double < 0 ? "-" : "")9e999")
    case 3: return "CAST(X'\(hex(take(Int(next()))))' AS TEXT)"
    case 4: return "X'\(hex(take(Int(next()))))'"
    case 5: return "NULL"
    default: return Self.edges[Int(next()) % Self.edges.count]
    }
  }

  private func hex(_ data: Data) -> String {
    data.map { String(format: "%02x", $0) }.joined()
  }
}

extension AnkiFuzz {
  /// A collection with each kind of note and card: Basic (a review card with its log, a
  /// suspended one), Basic and reversed, Cloze with three deletions, a quiz card; in three decks
  /// of which two make the same file name.
  static let sample: AnkiCollection = {
    var collection = AnkiCollection(created: Date(timeIntervalSince1970: 1_780_000_000))
    collection.notetypes[1] = AnkiNotetype(
      id: 1, name: "Basic", fields: ["Front", "Back"],
      templates: [AnkiNotetype.Template(name: "Card 1", front: "{{Front}}", back: "{{Back}}")])
    collection.notetypes[2] = AnkiNotetype(
      id: 2, name: "Cloze", isCloze: true, fields: ["Text", "Back Extra"],
      templates: [
        AnkiNotetype.Template(name: "Cloze", front: "{{cloze:Text}}", back: "{{cloze:Text}}")
      ])
    collection.notetypes[3] = AnkiNotetype(
      id: 3, name: "Basic (and reversed card)", fields: ["Front", "Back"],
      templates: [
        AnkiNotetype.Template(name: "Card 1", front: "{{Front}}", back: "{{Back}}"),
        AnkiNotetype.Template(name: "Card 2", front: "{{Back}}", back: "{{Front}}"),
      ])
    collection.notetypes[AnkiExport.notetypeID] = AnkiExport.notetype
    collection.decks = [10: "Deck", 11: "deck", 12: "Kanji · N5::Sub"]
    let quizFields = [
      "trick", "Sheets", "Which?", "", "This.", "Text(\"x\")\n.sheet", "", "", "lesson-1.sheets",
    ]
    collection.notes = [
      AnkiNote(id: 1, guid: "basic1", notetype: 1, fields: ["Question? <b>x</b>", "Answer.<br>"]),
      AnkiNote(
        id: 2, guid: "c!o#z", notetype: 2, fields: ["{{c1::One}} {{c2::two::h}} {{c3::3}}", "e"]),
      AnkiNote(
        id: 3, guid: "rev3", notetype: 3, fields: ["<pre>a\r\nb</pre>", "&lt;b&gt; [sound:x.mp3]"]),
      AnkiNote(id: 4, guid: "quiz4", notetype: AnkiExport.notetypeID, fields: quizFields),
    ]
    collection.cards = [
      AnkiCard(
        id: 100, note: 1, deck: 10, ordinal: 0, kind: .review, queue: 2, due: 30, interval: 10,
        factor: 2500, reviews: 5, lapses: 1),
      AnkiCard(id: 200, note: 2, deck: 11, ordinal: 0, kind: .new, queue: 0, due: 1),
      AnkiCard(
        id: 201, note: 2, deck: 11, ordinal: 1, kind: .relearning, queue: -1, due: 1_780_000_000,
        interval: 1, factor: 1300, reviews: 3, lapses: 2),
      AnkiCard(id: 202, note: 2, deck: 12, ordinal: 2, kind: .learning, queue: 1, due: 3),
      AnkiCard(id: 300, note: 3, deck: 12, ordinal: 0, kind: .new, queue: 0, due: 4),
      AnkiCard(
        id: 301, note: 3, deck: 12, ordinal: 1, kind: .review, queue: -1, due: -5, interval: 400,
        factor: 3100, reviews: 9, lapses: 0),
      AnkiCard(
        id: 400, note: 4, deck: 10, ordinal: 0, kind: .review, queue: 2, due: 2, interval: 3,
        factor: 2000, reviews: 2, lapses: 0),
    ]
    collection.reviews = [
      AnkiReview(
        id: 1_780_500_000_000, card: 100, ease: 3, interval: 10, lastInterval: 4, factor: 2500,
        milliseconds: 5_000, kind: .review),
      AnkiReview(
        id: 1_780_600_000_000, card: 201, ease: 1, interval: -600, lastInterval: 4, factor: 1300,
        milliseconds: 61_000, kind: .relearning),
      AnkiReview(
        id: 1_780_700_000_000, card: 400, ease: 4, interval: 3, lastInterval: 1, factor: 2000,
        milliseconds: 0, kind: .learning),
    ]
    return collection
  }()
}

/// With `QUIZ_FUZZ_SEEDS=FIXTURES:OUT`, writes to OUT seeds of each kind: the packages of
/// FIXTURES (Tests/AnkiPackageTests/Fixtures) whole, their collections as SQLite files (with
/// 512-byte pages, to stay small) and as zstd frames, the sample collection in each form, and a
/// few value edits of it; then exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
) -> CInt {
  guard let spec = ProcessInfo.processInfo.environment["QUIZ_FUZZ_SEEDS"],
    let colon = spec.firstIndex(of: ":")
  else { return 0 }
  let fixtures = String(spec[..<colon])
  let out = String(spec[spec.index(after: colon)...])
  var written = 0
  func seed(_ name: String, _ kind: UInt8, _ body: Data) {
    var data = Data([kind])
    data.append(body)
    if FileManager.default.createFile(atPath: "\(out)/seed-\(name)", contents: data) {
      written += 1
    }
  }
  var databases: [(String, Data)] = []
  if let sample = ValueEdits.database(editedBy: Data()) { databases.append(("sample", sample)) }
  for name in (try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []
  where name.hasSuffix(".apkg") {
    let path = "\(fixtures)/\(name)"
    guard let bytes = FileManager.default.contents(atPath: path) else { continue }
    seed(name, 0, bytes)
    if let database = AnkiFuzz.database(inPackage: path) { databases.append((name, database)) }
  }
  for (name, database) in databases {
    let database = AnkiFuzz.small(database) ?? database
    seed("\(name)-sqlite", 1, database)
    if let frame = AnkiFuzz.zstdFrame(database) { seed("\(name)-zstd", 2, frame) }
  }
  // Edits: a review card due at Int64.min; an ord of -1; a revlog id of 1e300; a deck name
  // with a line break.
  seed("edit-due", 3, Data([2, 0, 6, 6, 0]))
  seed("edit-ord", 3, Data([2, 1, 3, 0, 0xFF]))
  seed("edit-revlog", 3, Data([3, 0, 0, 6, 16]))
  seed("edit-flds", 3, Data([1, 0, 4, 3, 6]) + Data("a\u{1F}\r\n## ".utf8))
  // _exit: what the seeding allocated is not libFuzzer's to report as leaked.
  _exit(written > 0 ? 0 : 1)
}

extension AnkiFuzz {
  /// `data` as a zstd frame, at zstd's default level.
  static func zstdFrame(_ data: Data) -> Data? {
    let bound = ZSTD_compressBound(data.count)
    var output = Data(count: bound)
    let size = output.withUnsafeMutableBytes { out in
      data.withUnsafeBytes { input in
        ZSTD_compress(out.baseAddress, bound, input.baseAddress, input.count, 3)
      }
    }
    return ZSTD_isError(size) == 0 ? output.prefix(size) : nil
  }

  /// The collection of the package at `path`.
  static func database(inPackage path: String) -> Data? {
    guard let archive = try? ZipArchive(path: path) else { return nil }
    let name = archive.contains("collection.anki21b") ? "collection.anki21b" : "collection.anki21"
    guard let bytes = try? archive.read(name, limit: 64 << 20) else { return nil }
    return name.hasSuffix("b") ? try? Zstd.decompress(bytes, limit: 64 << 20, entry: name) : bytes
  }

  /// `database` rewritten with 512-byte pages, to make a small seed.
  static func small(_ database: Data) -> Data? {
    let file = scratchPath + ".seed"
    unlink(file)
    defer { unlink(file) }
    guard FileManager.default.createFile(atPath: file, contents: database) else { return nil }
    var handle: OpaquePointer?
    defer { sqlite3_close(handle) }
    guard sqlite3_open(file, &handle) == SQLITE_OK else { return nil }
    // Anki's own collation, which a current collection's indexes name; byte order will do here.
    sqlite3_create_collation(handle, "unicase", SQLITE_UTF8, nil) {
      _, count1, text1, count2, text2 in
      guard let text1, let text2 else { return count1 - count2 }
      let compared = memcmp(text1, text2, Int(min(count1, count2)))
      return compared != 0 ? compared : count1 - count2
    }
    guard
      sqlite3_exec(
        handle, "PRAGMA journal_mode = DELETE; PRAGMA page_size = 512; VACUUM", nil, nil, nil)
        == SQLITE_OK
    else { return nil }
    sqlite3_close(handle)
    handle = nil
    return FileManager.default.contents(atPath: file)
  }
}
