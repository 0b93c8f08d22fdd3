/// A collection database's review log (`revlog`), read one card's lines at a time through an
/// index on the card, so that a log of millions of lines is never held whole (issue 31).
///
/// The index is the package's own when SQLite searches by it (Anki's `ix_revlog_cid`);
/// otherwise one made on the import's private copy of the collection.
final class AnkiReviewLog {
  private let database: SQLiteDatabase
  private let lines: SQLiteStatement

  /// The log of `database`, whose `revlog` must be a plain table (``SQLiteDatabase/requireTable(_:)``).
  init(_ database: SQLiteDatabase) throws(AnkiPackageError) {
    try database.requireTable("revlog")
    self.database = database
    // A card id stored as other than an integer (a stranger's text or real) was read as the
    // integer SQLite makes of it when the log was read whole: it is looked up as that integer.
    let isIntegral =
      try database.scalar("SELECT count(*) FROM revlog WHERE typeof(cid) != 'integer'") == 0
    let card = isIntegral ? "cid" : "CAST(cid AS INTEGER)"
    let columns = "id, cid, ease, ivl, lastIvl, factor, time, type"
    let query = "SELECT \(columns) FROM revlog WHERE \(card) = ? ORDER BY id"
    guard try !Self.scans(query, in: database) else {
      // Without an index, each card's lines would be a search of the whole log.
      var name = "quiz_revlog_card"
      while try database.scalar("SELECT count(*) FROM sqlite_master WHERE name = '\(name)'") != 0 {
        name += "_"
      }
      try database.writing { () throws(AnkiPackageError) in
        try database.execute("CREATE INDEX \(name) ON revlog (\(card), id)")
      }
      // INDEXED BY: statistics in the package (sqlite_stat1) must not turn SQLite from it.
      lines = try database.prepare(
        "SELECT \(columns) FROM revlog INDEXED BY \(name) WHERE \(card) = ? ORDER BY id")
      return
    }
    lines = try database.prepare(query)
  }

  /// Whether SQLite would read the whole table for `query`, not search an index.
  private static func scans(
    _ query: String, in database: SQLiteDatabase
  ) throws(AnkiPackageError) -> Bool {
    let plan = try database.prepare("EXPLAIN QUERY PLAN " + query)
    while try plan.step() {
      if plan.text(3).hasPrefix("SCAN") { return true }
    }
    return false
  }

  /// The lines of the card `card`, in the order of their ids (their moments).
  func lines(ofCard card: Int64) throws(AnkiPackageError) -> [AnkiReview] {
    lines.reset()
    lines.bind(1, card)
    var found: [AnkiReview] = []
    while try lines.step() {
      found.append(
        AnkiReview(
          id: lines.int(0), card: lines.int(1), ease: lines.int(2), interval: lines.int(3),
          lastInterval: lines.int(4), factor: lines.int(5), milliseconds: lines.int(6),
          kind: AnkiReview.Kind(rawValue: lines.int(7)) ?? .manual))
    }
    return found
  }

  /// Visits the id (the moment) of every line, in no order.
  func forEachID(_ visit: (Int64) -> Void) throws(AnkiPackageError) {
    let ids = try database.prepare("SELECT id FROM revlog")
    while try ids.step() { visit(ids.int(0)) }
  }
}
