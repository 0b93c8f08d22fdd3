import FoundationEssentials
import Glibc

/// Writes an ``AnkiCollection`` as an Anki package that every Anki since 2.1 imports: the
/// legacy-2 format (`collection.anki21`, schema 11, `meta` version 2), which current Anki
/// upgrades as it imports.
public struct AnkiPackageWriter: Sendable {
  /// A writer.
  public init() {}

  /// Writes the package as a new file at `path`, which must not exist.
  ///
  /// The collection is built in a scratch SQLite file beside it (`path` and `.collection`,
  /// removed before returning, whatever happens) and zipped from there, so that neither the
  /// database nor the package is held in memory: both grow with the review log.
  public func write(_ collection: AnkiCollection, toNewFileAt path: String) throws(AnkiPackageError)
  {
    let scratch = path + ".collection"
    defer { unlink(scratch) }
    do throws(AnkiPackageError) {
      let database = try SQLiteDatabase(creatingFileAt: scratch)
      try database.execute(Self.schema)
      try insert(collection, into: database)
      // Closed at the end of this block, before libzip reads the file.
    } catch .database(let reason) {
      // SQLite's errors here are writing's: a full disk, say.
      throw .cannotWrite(reason)
    }
    try ZipArchive.write(
      [
        ("collection.anki21", .file(scratch)),
        // PackageMetadata { version: LEGACY_2 }.
        ("meta", .bytes(Data([0x08, 0x02]))),
        ("media", .bytes(Data("{}".utf8))),
      ], to: path, modified: collection.created)
  }

  /// Fills `database`, which has ``schema``'s tables, with `collection`.
  func insert(
    _ collection: AnkiCollection, into database: SQLiteDatabase
  ) throws(AnkiPackageError) {
    let created = Int64(collection.created.timeIntervalSince1970)
    try insertSettings(of: collection, into: database, created: created)
    try database.execute("BEGIN")
    let notes = try database.prepare(
      "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')")
    for note in collection.notes {
      let index = collection.notetypes[note.notetype]?.sortField ?? 0
      let sortField = index < note.fields.count ? note.fields[index] : ""
      try notes.run([
        .int(note.id), .text(note.guid), .int(note.notetype), .int(created),
        .text(note.tags.isEmpty ? "" : " " + note.tags.joined(separator: " ") + " "),
        .text(note.fields.joined(separator: "\u{1F}")), .text(sortField),
        // csum: Anki recomputes it as it imports.
        .int(0),
      ])
    }
    let cards = try database.prepare(
      "INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)")
    for card in collection.cards {
      try cards.run([
        .int(card.id), .int(card.note), .int(card.deck), .int(Int64(card.ordinal)),
        .int(created), .int(card.kind.rawValue), .int(card.queue), .int(card.due),
        .int(card.interval), .int(card.factor), .int(card.reviews), .int(card.lapses),
        .int(card.left), .text(card.data),
      ])
    }
    let reviews = try database.prepare("INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)")
    for review in collection.reviews {
      try reviews.run([
        .int(review.id), .int(review.card), .int(review.ease), .int(review.interval),
        .int(review.lastInterval), .int(review.factor), .int(review.milliseconds),
        .int(review.kind.rawValue),
      ])
    }
    try database.execute("COMMIT")
  }

  /// The `col` row of `collection`: its note types, decks, deck options and settings as JSON.
  private func insertSettings(
    of collection: AnkiCollection, into database: SQLiteDatabase, created: Int64
  ) throws(AnkiPackageError) {
    let modified = created * 1000
    var models: [String: Any] = [:]
    for notetype in collection.notetypes.values {
      models[String(notetype.id)] =
        [
          "id": notetype.id, "name": notetype.name, "type": notetype.isCloze ? 1 : 0,
          "mod": created, "usn": -1, "sortf": notetype.sortField, "did": CompactJSON.null,
          "tags": [],
          "vers": [],
          "css": notetype.css, "latexPre": "", "latexPost": "", "latexsvg": false,
          "req": notetype.templates.indices.map { [$0, "any", [0]] },
          "flds": notetype.fields.enumerated().map { index, name in
            [
              "name": name, "ord": index, "sticky": false, "rtl": false, "font": "Arial",
              "size": 20, "media": [],
            ] as [String: Any]
          },
          "tmpls": notetype.templates.enumerated().map { index, template in
            [
              "name": template.name, "ord": index, "qfmt": template.front, "afmt": template.back,
              "bqfmt": "", "bafmt": "", "did": CompactJSON.null, "bfont": "", "bsize": 0,
            ] as [String: Any]
          },
        ] as [String: Any]
    }
    var decks: [String: Any] = [
      "1": Self.deck(id: 1, name: "Default", modified: created, preset: 1)
    ]
    let preset = collection.fsrsPreset?.id ?? 1
    for (id, name) in collection.decks {
      decks[String(id)] = Self.deck(id: id, name: name, modified: created, preset: preset)
    }
    var configuration: [String: Any] = ["1": Self.defaultPreset]
    if let fsrs = collection.fsrsPreset {
      var options = Self.defaultPreset
      options["id"] = fsrs.id
      options["name"] = fsrs.name
      options["fsrsParams6"] = fsrs.weights
      options["desiredRetention"] = fsrs.desiredRetention
      configuration[String(fsrs.id)] = options
    }
    let settings: [String: Any] = [
      "schedVer": 2, "sched2021": true, "nextPos": collection.cards.count + 1, "curDeck": 1,
      "activeDecks": [1], "rollover": 4,
    ]
    try database.prepare(
      "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')"
    ).run([
      .int(created), .int(modified), .int(modified), .text(try Self.json(settings)),
      .text(try Self.json(models)), .text(try Self.json(decks)),
      .text(try Self.json(configuration)),
    ])
  }

  /// Anki's default deck options (preset 1): SM-2.
  private static var defaultPreset: [String: Any] {
    [
      "id": 1, "name": "Default", "mod": 0, "usn": 0, "maxTaken": 60, "autoplay": true,
      "timer": 0, "replayq": true, "dyn": false,
      "new": [
        "delays": [1, 10], "ints": [1, 4, 0], "initialFactor": 2500, "order": 1,
        "perDay": 20, "bury": false,
      ] as [String: Any],
      "lapse": [
        "delays": [10], "mult": 0, "minInt": 1, "leechFails": 8, "leechAction": 1,
      ] as [String: Any],
      "rev": [
        "perDay": 200, "ease4": 1.3, "maxIvl": 36500, "hardFactor": 1.2, "bury": false,
      ] as [String: Any],
    ]
  }

  private static func deck(
    id: Int64, name: String, modified: Int64, preset: Int64
  ) -> [String: Any] {
    [
      "id": id, "name": name, "mod": modified, "usn": -1, "desc": "", "dyn": 0, "conf": preset,
      "collapsed": false, "browserCollapsed": false, "newToday": [0, 0], "revToday": [0, 0],
      "lrnToday": [0, 0], "timeToday": [0, 0], "extendNew": 0, "extendRev": 0,
    ]
  }

  private static func json(_ object: Any) throws(AnkiPackageError) -> String {
    guard let text = CompactJSON.text(object) else {
      throw .cannotWrite("the collection's settings could not be encoded")
    }
    return text
  }

  /// Schema 11, as Anki 2.1 creates it.
  static let schema = """
    CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL,
      scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL,
      ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
      dconf text NOT NULL, tags text NOT NULL);
    CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL,
      mod integer NOT NULL, usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
      sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL,
      ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL,
      queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL,
      factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
      left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
      flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,
      ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL,
      factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
    CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
    CREATE INDEX ix_notes_usn ON notes (usn);
    CREATE INDEX ix_cards_usn ON cards (usn);
    CREATE INDEX ix_revlog_usn ON revlog (usn);
    CREATE INDEX ix_cards_nid ON cards (nid);
    CREATE INDEX ix_cards_sched ON cards (did, queue, due);
    CREATE INDEX ix_revlog_cid ON revlog (cid);
    CREATE INDEX ix_notes_csum ON notes (csum);
    """
}
