import Foundation
import Testing

@testable import AnkiPackage

/// The tables a collection is read from must be tables: a view or a computed column would run
/// the package's own SQL on every read, without end for a recursive one.
@Suite("Views and computed columns in Anki packages")
struct SchemaObjectTests {
  static let recursive =
    "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r"

  @Test(
    "a view, or a table with a generated column, in place of a table is refused, naming it",
    arguments: [
      (
        "ALTER TABLE revlog RENAME TO kept; CREATE VIEW revlog AS SELECT * FROM kept",
        "its revlog is a view, not a table"
      ),
      (
        "DROP TABLE notes; CREATE VIEW notes AS SELECT x AS id, 'g' || x AS guid, 1 AS mid, "
          + "'' AS tags, 'q' AS flds FROM (\(recursive))",
        "its notes is a view, not a table"
      ),
      (
        "DROP TABLE cards; CREATE VIEW cards AS SELECT x AS id FROM (\(recursive))",
        "its cards is a view, not a table"
      ),
      (
        "ALTER TABLE notes RENAME TO kept; CREATE TABLE notes (id integer, guid text, mid integer,"
          + " tags text, flds text GENERATED ALWAYS AS (printf('%.*c', 900000000, 'x')))",
        "its notes table has generated columns"
      ),
    ])
  func refused(_ sql: String, _ message: String) throws {
    let scratch = try ScratchFolder()
    let path = try package(sampleCollection(), tampered: sql, in: scratch)
    #expect {
      try AnkiPackageReader().read(path: path)
    } throws: { error in
      (error as? AnkiPackageError)?.description.contains(message) == true
    }
  }

  @Test("an expression that would build a text longer than any note stops with an error")
  func longestValue() throws {
    let database = try SQLiteDatabase(bytes: try collectionFile(version: 11))
    #expect(throws: AnkiPackageError.self) {
      try database.scalar("SELECT length(randomblob(100000000))")
    }
  }
}
