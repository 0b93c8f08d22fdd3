import CZstd
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

/// A small collection made in code: a Basic note (card 100, reviewed) and a Cloze note (cards
/// 200 and 201) in the deck "Deck", with a review-log line for card 100.
func sampleCollection() -> AnkiCollection {
  var collection = AnkiCollection(created: Date(timeIntervalSince1970: 1_700_000_000))
  collection.notetypes[1] = AnkiNotetype(
    id: 1, name: "Basic", fields: ["Front", "Back"],
    templates: [AnkiNotetype.Template(name: "Card 1", front: "{{Front}}", back: "{{Back}}")])
  collection.notetypes[2] = AnkiNotetype(
    id: 2, name: "Cloze", isCloze: true, fields: ["Text", "Back Extra"],
    templates: [
      AnkiNotetype.Template(name: "Cloze", front: "{{cloze:Text}}", back: "{{cloze:Text}}")
    ])
  collection.decks[10] = "Deck"
  collection.notes = [
    AnkiNote(id: 1, guid: "basic1", notetype: 1, fields: ["Question?", "Answer."]),
    AnkiNote(id: 2, guid: "cloze1", notetype: 2, fields: ["{{c1::One}} and {{c2::two}}", ""]),
  ]
  collection.cards = [
    AnkiCard(
      id: 100, note: 1, deck: 10, ordinal: 0, kind: .review, queue: 2, due: 30, interval: 10,
      factor: 2500, reviews: 5, lapses: 1),
    AnkiCard(id: 200, note: 2, deck: 10, ordinal: 0, kind: .new, queue: 0, due: 1),
    AnkiCard(id: 201, note: 2, deck: 10, ordinal: 1, kind: .new, queue: 0, due: 2),
  ]
  collection.reviews = [
    AnkiReview(
      id: 1_700_500_000_000, card: 100, ease: 3, interval: 10, lastInterval: 4, factor: 2500,
      milliseconds: 5_000, kind: .review)
  ]
  return collection
}

/// A package at `name` in `scratch` holding `collection`, with `sql` run on its database before
/// it is zipped: how a stranger's package gets values Anki never writes.
func package(
  _ collection: AnkiCollection, tampered sql: String = "", name: String = "p.apkg",
  in scratch: ScratchFolder
) throws -> String {
  let database = try SQLiteDatabase()
  try database.execute(AnkiPackageWriter.schema)
  try AnkiPackageWriter().insert(collection, into: database)
  if !sql.isEmpty { try database.execute(sql) }
  return try scratch.zip(name, [("collection.anki21", try database.serialized())])
}

/// Cloze deletions found the simplest way, searching the rest of the text for each `{{c`: what
/// ``Cloze`` must agree with.
func referenceCloze(_ text: String, number: Int) -> (question: String, answers: [String]) {
  var question = ""
  var answers: [String] = []
  var rest = text[...]
  while let open = rest.firstRange(of: "{{c") {
    question += rest[..<open.lowerBound]
    let afterC = rest[open.upperBound...]
    let digits = afterC.prefix { $0.isNumber }
    guard let current = Int(digits), afterC.dropFirst(digits.count).hasPrefix("::"),
      let close = afterC.firstRange(of: "}}")
    else {
      question += "{{c"
      rest = afterC
      continue
    }
    let body = afterC[
      afterC.index(afterC.startIndex, offsetBy: digits.count + 2)..<close.lowerBound]
    let parts = body.components(separatedBy: "::")
    if current == number {
      answers.append(parts[0])
      question += "[" + (parts.count > 1 ? parts[1] : "...") + "]"
    } else {
      question += parts[0]
    }
    rest = afterC[close.upperBound...]
  }
  return (question + rest, answers)
}

/// HTML as plain text the simplest way, searching the rest of the text for each `<`: what
/// ``HTMLText/plain(_:)`` must agree with.
func referencePlain(_ html: String) -> String {
  var out = ""
  var index = html.startIndex
  while index < html.endIndex {
    let character = html[index]
    if character == "<", let end = html[index...].firstIndex(of: ">") {
      let inner = html[html.index(after: index)..<end]
      let name = inner.drop(while: { $0 == "/" }).prefix { $0.isLetter || $0.isNumber }.lowercased()
      if ["br", "div", "p", "li"].contains(name), !(out.isEmpty || out.hasSuffix("\n")) {
        out += "\n"
      } else if name == "br" {
        out += "\n"
      }
      index = html.index(after: end)
    } else if character == "&" {
      let (decoded, next) = CharacterHTMLText.entity(in: html, at: index)
      out += decoded
      index = next
    } else {
      out.append(character)
      index = html.index(after: index)
    }
  }
  return out
}

extension Zstd {
  /// `data` compressed at zstd's default level: packages in the current format, made in tests.
  static func compress(_ data: Data) throws -> Data {
    let bound = ZSTD_compressBound(data.count)
    var output = Data(count: bound)
    let size = output.withUnsafeMutableBytes { out in
      data.withUnsafeBytes { input in
        ZSTD_compress(out.baseAddress, bound, input.baseAddress, input.count, 3)
      }
    }
    guard ZSTD_isError(size) == 0 else {
      throw AnkiPackageError.cannotWrite("zstd: \(String(cString: ZSTD_getErrorName(size)))")
    }
    return output.prefix(size)
  }
}

extension SQLiteDatabase {
  /// The database whose file is `bytes`, read-only, as a package's collection is opened.
  convenience init(bytes: Data) throws {
    let buffer = try SQLiteBuffer(reserving: bytes.count)
    try bytes.withUnsafeBytes { try buffer.append($0) }
    try self.init(buffer: buffer)
  }
}
