import CSQLite
import FoundationEssentials

/// A prepared statement of a ``SQLiteDatabase``.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let database: SQLiteDatabase

  init(_ handle: OpaquePointer, database: SQLiteDatabase) {
    self.handle = handle
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds an integer to the parameter at `index` (from 1).
  func bind(_ index: Int32, _ value: Int64) {
    sqlite3_bind_int64(handle, index, value)
  }

  /// Binds a text to the parameter at `index` (from 1).
  func bind(_ index: Int32, _ value: String) {
    sqlite3_bind_text(handle, index, value, -1, quiz_sqlite_transient())
  }

  /// Binds the values to the parameters, in order, runs the statement and resets it.
  func run(_ values: [SQLiteValue]) throws(AnkiPackageError) {
    for (offset, value) in values.enumerated() {
      switch value {
      case .int(let number): bind(Int32(offset + 1), number)
      case .text(let text): bind(Int32(offset + 1), text)
      }
    }
    _ = try step()
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Makes the statement ready to run again, its parameters unbound.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Moves to the next row; false when there is none.
  func step() throws(AnkiPackageError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let status: throw .database(database.message(status))
    }
  }

  /// The integer in column `index` (from 0).
  func int(_ index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// The text in column `index` (from 0); empty for NULL.
  func text(_ index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    return String(
      decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index))),
      as: UTF8.self)
  }

  /// The bytes in column `index` (from 0); empty for NULL.
  func blob(_ index: Int32) -> Data {
    guard let bytes = sqlite3_column_blob(handle, index) else { return Data() }
    return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, index)))
  }
}
