import Basics
import CSQLite
import FoundationEssentials
import Glibc

/// An SQLite database: an Anki collection read from a package (in memory), or one being written.
final class SQLiteDatabase {
  private let handle: OpaquePointer

  /// An empty database.
  init() throws(AnkiPackageError) {
    var handle: OpaquePointer?
    guard
      sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        == SQLITE_OK, let handle
    else {
      sqlite3_close(handle)
      throw .database("SQLite cannot open a database in memory")
    }
    self.handle = handle
  }

  private init(handle: OpaquePointer) {
    self.handle = handle
  }

  /// The first bytes of every SQLite database file.
  static let magic = Array("SQLite format 3\0".utf8)

  /// The database whose file is in `buffer`, taking the buffer's memory as it is; read-only but
  /// for ``writing(_:)``.
  convenience init(buffer: SQLiteBuffer) throws(AnkiPackageError) {
    try self.init()
    let magic = Self.magic
    guard buffer.count >= 100, magic.indices.allSatisfy({ buffer[$0] == magic[$0] }) else {
      throw .database("it is not an SQLite database")
    }
    // A collection saved in WAL mode says so in bytes 18 and 19; a database in memory has no
    // WAL, so it is read as a rollback-journal one, which is the same data.
    buffer[18] = 1
    buffer[19] = 1
    let (memory, count) = buffer.take()
    // Resizeable, not read-only: an import adds an index to the review log (AnkiReviewLog).
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
    // SQLite frees the memory from here on, even when it fails.
    let status = sqlite3_deserialize(
      handle, "main", memory?.assumingMemoryBound(to: UInt8.self), Int64(count), Int64(count),
      flags)
    guard status == SQLITE_OK else { throw .database(message(status)) }
    try readyForReading()
  }

  /// The database in the file at `path` (its first bytes checked and its WAL bytes cleared), a
  /// private copy: SQLite does not lock it, writes no journal beside it, and reads it a page at
  /// a time, not mapped into memory; read-only but for ``writing(_:)``. A collection too large
  /// to be held in memory is read from such a copy (``CollectionCopy``).
  convenience init(readingFileAt path: String) throws(AnkiPackageError) {
    var handle: OpaquePointer?
    // Not immutable: an import adds an index to the review log (AnkiReviewLog).
    let status = sqlite3_open_v2(
      Self.uri(path, options: "nolock=1"), &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, nil)
    guard status == SQLITE_OK, let handle else {
      let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(handle)
      throw .database("SQLite cannot open its copy: \(reason) (SQLite \(status))")
    }
    self.init(handle: handle)
    try execute("PRAGMA mmap_size = 0")
    try readyForReading()
  }

  /// `path` as an SQLite URI with `options` (by default an immutable file): absolute, every
  /// byte but letters, digits, `/`, `-`, `.`, `_` and `~` percent-encoded.
  static func uri(_ path: String, options: String = "immutable=1") -> String {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath.joiningPath(path)
    var uri = "file://"
    for byte in absolute.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"),
        UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        uri += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return uri + "?" + options
  }

  /// Limits what a query may build, and reads the schema.
  private func readyForReading() throws(AnkiPackageError) {
    // No text or blob a query makes may be longer than any note: an expression (a generated
    // column's, say) must not build gigabytes in memory.
    sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.longestValue)
    // Reading the schema is where a damaged file shows.
    _ = try scalar("SELECT count(*) FROM sqlite_master")
    // Nothing is written but through writing(_:), and no journal: the copy is the import's own.
    try execute("PRAGMA journal_mode = OFF; PRAGMA query_only = ON")
  }

  /// Runs `body` with writes allowed: the import's own index on its private copy.
  func writing(_ body: () throws(AnkiPackageError) -> Void) throws(AnkiPackageError) {
    try execute("PRAGMA query_only = OFF")
    defer { try? execute("PRAGMA query_only = ON") }
    try body()
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// A new, empty database in a new file at `path`: a scratch file for a collection being
  /// written, without a rollback journal or flushes (a crash leaves only a file to delete).
  init(creatingFileAt path: String) throws(AnkiPackageError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotWrite(String(cString: strerror(errno)))
    }
    close(descriptor)
    var handle: OpaquePointer?
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle
    else {
      sqlite3_close(handle)
      throw .database("SQLite cannot open \(path)")
    }
    self.handle = handle
    try execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
  }

  /// The database's file, as bytes.
  func serialized() throws(AnkiPackageError) -> Data {
    var size: Int64 = 0
    guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else {
      throw .database("the database cannot be serialized")
    }
    defer { sqlite3_free(bytes) }
    return Data(bytes: bytes, count: Int(size))
  }

  /// Runs `sql`, statements without results.
  func execute(_ sql: String) throws(AnkiPackageError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw .database(message(status)) }
  }

  /// The statement `sql`, to bind and step.
  func prepare(_ sql: String) throws(AnkiPackageError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw .database(message(status)) }
    return SQLiteStatement(statement, database: self)
  }

  /// The first column of the first row of `sql`, as an integer.
  func scalar(_ sql: String) throws(AnkiPackageError) -> Int64? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.int(0) : nil
  }

  /// The longest text or blob read: far beyond any note.
  static let longestValue: Int32 = 64 << 20

  /// Checks that `name` is a plain table whose columns are stored, not computed: a view (which
  /// can recurse without end), a virtual table or a generated column would run the package's
  /// own code on every read.
  func requireTable(_ name: String) throws(AnkiPackageError) {
    let statement = try prepare("SELECT type, sql FROM sqlite_master WHERE name = ?")
    statement.bind(1, name)
    guard try statement.step() else { throw .database("it has no \(name) table") }
    let type = statement.text(0)
    guard type == "table" else { throw .database("its \(name) is a \(type), not a table; refused") }
    guard !statement.text(1).uppercased().hasPrefix("CREATE VIRTUAL") else {
      throw .database("its \(name) is a virtual table; refused")
    }
    // table_xinfo's `hidden` is 2 or 3 for a generated column.
    let columns = try prepare("SELECT count(*) FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)")
    columns.bind(1, name)
    if try columns.step(), columns.int(0) > 0 {
      throw .database("its \(name) table has generated columns; refused")
    }
  }

  /// Whether the table `name` exists.
  func hasTable(_ name: String) throws(AnkiPackageError) -> Bool {
    let statement = try prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    statement.bind(1, name)
    return try statement.step()
  }

  /// SQLite's message for the last failure.
  func message(_ status: Int32) -> String {
    String(cString: sqlite3_errmsg(handle)) + " (SQLite \(status))"
  }
}
