import Foundation

@testable import AnkiPackage

/// The path of a fixture beside this file.
func fixturePath(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures/\(name)").path
}

/// What Scripts/anki/make_fixtures.py recorded about the fixtures.
struct FixtureFacts: Decodable {
  struct Reviewed: Decodable {
    var guid: String
    var interval: Int
    var ease: Double
    var reviews: Int
    var lapses: Int
    var dueInDays: Int
    var repetitions: Int
  }
  struct Suspended: Decodable {
    var guid: String
    var ord: Int
  }
  var today: Int
  var reviewed: Reviewed
  var suspended: Suspended
  var media: [String]
  var cards: Int

  static func load() throws -> FixtureFacts {
    try JSONDecoder().decode(
      FixtureFacts.self, from: Data(contentsOf: URL(fileURLWithPath: fixturePath("expected.json"))))
  }
}

/// A folder under the temporary directory, removed when the value goes away.
final class ScratchFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appending(path: "anki-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// A path in the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// Writes a zip of `entries` at `name` and returns its path.
  func zip(_ name: String, _ entries: [(name: String, data: Data)]) throws -> String {
    try ZipArchive.write(entries.map { ($0.name, .bytes($0.data)) }, to: file(name))
    return file(name)
  }
}

/// A collection database holding only a `col` table with schema version `version`.
func collectionFile(version: Int) throws -> Data {
  let database = try SQLiteDatabase()
  try database.execute(AnkiPackageWriter.schema)
  try database.execute(
    "INSERT INTO col VALUES (1, 0, 0, 0, \(version), 0, 0, 0, '{}', '{}', '{}', '{}', '{}')")
  return try database.serialized()
}
