import FoundationEssentials
import ReviewStorage
import Scheduler

/// Reads an ``AnkiCollection`` out of a collection database of any schema version read.
struct AnkiCollectionReader {
  let database: SQLiteDatabase

  /// The collection; without its notes and review log when `whole` is false
  /// (``forEachNote(_:)`` and ``forEachReview(_:)`` read them then).
  func read(whole: Bool = true) throws(AnkiPackageError) -> AnkiCollection {
    guard try database.hasTable("col") else {
      throw .database("it has no col table: not an Anki collection")
    }
    let isCurrent = try database.hasTable("notetypes")
    let tables = isCurrent ? ["notetypes", "fields", "templates", "decks"] : []
    for table in ["col", "notes", "cards", "revlog"] + tables { try database.requireTable(table) }
    let col = try database.prepare("SELECT crt, ver FROM col LIMIT 1")
    guard try col.step() else { throw .database("its col table is empty") }
    let version = Int(col.int(1))
    guard AnkiPackageReader.schemaVersions.contains(version) else {
      throw .unknownSchema(version)
    }
    var collection = AnkiCollection(
      created: Date(timeIntervalSince1970: TimeInterval(col.int(0))), schemaVersion: version)
    if isCurrent {
      collection.notetypes = try notetypesFromTables()
      collection.decks = try decksFromTable()
    } else {
      (collection.notetypes, collection.decks) = try notetypesAndDecksFromJSON()
    }
    if whole { try forEachNote { collection.notes.append($0) } }
    collection.cards = try cards()
    if whole { try forEachReview { collection.reviews.append($0) } }
    return collection
  }

  /// Visits the notes in the order of their ids, one at a time.
  func forEachNote(_ visit: (AnkiNote) -> Void) throws(AnkiPackageError) {
    let rows = try database.prepare("SELECT id, guid, mid, tags, flds FROM notes ORDER BY id")
    while try rows.step() {
      // The GUID stays as it is: card ids are made from its bytes (NoteCard.baseID), and a
      // message shows it through ForeignText.
      visit(
        AnkiNote(
          id: rows.int(0), guid: rows.text(1), notetype: rows.int(2),
          fields: rows.text(4).split(separator: "\u{1F}", omittingEmptySubsequences: false).map {
            ForeignText.text(String($0))
          },
          tags: ForeignText.line(rows.text(3)).split(separator: " ").map(String.init)))
    }
  }

  private func cards() throws(AnkiPackageError) -> [AnkiCard] {
    let rows = try database.prepare(
      // A card in a filtered deck keeps its home deck and due in odid and odue.
      "SELECT id, nid, CASE WHEN odid != 0 THEN odid ELSE did END, ord, type, queue,"
        + " CASE WHEN odid != 0 THEN odue ELSE due END, ivl, factor, reps, lapses, left"
        + " FROM cards ORDER BY nid, ord")
    var cards: [AnkiCard] = []
    while try rows.step() {
      cards.append(
        AnkiCard(
          id: rows.int(0), note: rows.int(1), deck: rows.int(2), ordinal: Int(rows.int(3)),
          kind: AnkiCard.Kind(rawValue: rows.int(4)) ?? .new, queue: rows.int(5),
          due: rows.int(6), interval: rows.int(7), factor: rows.int(8), reviews: rows.int(9),
          lapses: rows.int(10), left: rows.int(11)))
    }
    return cards
  }

  /// Visits the review log's lines in the order of their ids (their moments), one at a time.
  func forEachReview(_ visit: (AnkiReview) -> Void) throws(AnkiPackageError) {
    let rows = try database.prepare(
      "SELECT id, cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id")
    while try rows.step() {
      visit(
        AnkiReview(
          id: rows.int(0), card: rows.int(1), ease: rows.int(2), interval: rows.int(3),
          lastInterval: rows.int(4), factor: rows.int(5), milliseconds: rows.int(6),
          kind: AnkiReview.Kind(rawValue: rows.int(7)) ?? .manual))
    }
  }

  /// Schema 15 and later: a table per part, the settings in protocol buffers.
  private func notetypesFromTables() throws(AnkiPackageError) -> [Int64: AnkiNotetype] {
    var notetypes: [Int64: AnkiNotetype] = [:]
    let types = try database.prepare("SELECT id, name, config FROM notetypes")
    while try types.step() {
      var notetype = AnkiNotetype(
        id: types.int(0), name: ForeignText.line(types.text(1)), fields: [], templates: [])
      // NotetypeConfig: 1 kind (1 = cloze), 2 sort field, 3 css.
      for field in try ProtobufReader.fields(of: types.blob(2), what: "a note type") {
        switch field {
        case (1, .varint(let kind)): notetype.isCloze = kind == 1
        case (2, .varint(let field)): notetype.sortField = Int(clamping: field)
        case (3, .bytes(let css)): notetype.css = String(decoding: css, as: UTF8.self)
        default: break
        }
      }
      notetypes[notetype.id] = notetype
    }
    let fields = try database.prepare("SELECT ntid, name FROM fields ORDER BY ntid, ord")
    while try fields.step() {
      notetypes[fields.int(0)]?.fields.append(ForeignText.line(fields.text(1)))
    }
    let templates = try database.prepare(
      "SELECT ntid, name, config FROM templates ORDER BY ntid, ord")
    while try templates.step() {
      var template = AnkiNotetype.Template(
        name: ForeignText.line(templates.text(1)), front: "", back: "")
      // CardTemplate.Config: 1 question format, 2 answer format.
      for field in try ProtobufReader.fields(of: templates.blob(2), what: "a card template") {
        switch field {
        case (1, .bytes(let text)):
          template.front = ForeignText.text(String(decoding: text, as: UTF8.self))
        case (2, .bytes(let text)):
          template.back = ForeignText.text(String(decoding: text, as: UTF8.self))
        default: break
        }
      }
      notetypes[templates.int(0)]?.templates.append(template)
    }
    return notetypes
  }

  private func decksFromTable() throws(AnkiPackageError) -> [Int64: String] {
    var decks: [Int64: String] = [:]
    let rows = try database.prepare("SELECT id, name FROM decks")
    while try rows.step() {
      // Schema 18 separates the parts of a deck's name with U+001F; people write `::`.
      decks[rows.int(0)] = ForeignText.line(rows.text(1).replacing("\u{1F}", with: "::"))
    }
    return decks
  }

  /// Schema 11: note types and decks as JSON in the col table.
  private func notetypesAndDecksFromJSON() throws(AnkiPackageError) -> (
    [Int64: AnkiNotetype], [Int64: String]
  ) {
    let row = try database.prepare("SELECT models, decks FROM col LIMIT 1")
    guard try row.step() else { throw .database("its col table is empty") }
    guard
      let models = try? JSONDecoder().decode(JSONValue.self, from: Data(row.text(0).utf8))
        .memberValues,
      let deckObjects = try? JSONDecoder().decode(JSONValue.self, from: Data(row.text(1).utf8))
        .memberValues
    else { throw .malformed("the note types or decks of the col table are not JSON objects") }
    var notetypes: [Int64: AnkiNotetype] = [:]
    for model in models {
      guard let id = model["id"]?.int.map(Int64.init) else { continue }
      let fields = (model["flds"]?.elements ?? []).sorted {
        ($0["ord"]?.int ?? 0) < ($1["ord"]?.int ?? 0)
      }
      let templates = (model["tmpls"]?.elements ?? []).sorted {
        ($0["ord"]?.int ?? 0) < ($1["ord"]?.int ?? 0)
      }
      notetypes[id] = AnkiNotetype(
        id: id, name: ForeignText.line(model["name"]?.string ?? ""),
        isCloze: model["type"]?.int == 1,
        fields: fields.map { ForeignText.line($0["name"]?.string ?? "") },
        templates: templates.map {
          AnkiNotetype.Template(
            name: ForeignText.line($0["name"]?.string ?? ""),
            front: ForeignText.text($0["qfmt"]?.string ?? ""),
            back: ForeignText.text($0["afmt"]?.string ?? ""))
        }, css: model["css"]?.string ?? "", sortField: model["sortf"]?.int ?? 0)
    }
    var decks: [Int64: String] = [:]
    for deck in deckObjects {
      guard let id = deck["id"]?.int.map(Int64.init) else { continue }
      decks[id] = ForeignText.line(deck["name"]?.string ?? "")
    }
    return (notetypes, decks)
  }
}
