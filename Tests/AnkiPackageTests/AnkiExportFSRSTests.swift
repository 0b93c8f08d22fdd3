import CardDeck
import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

@Suite("FSRS's memory in the Anki export")
struct AnkiExportFSRSTests {
  static let today = Day(year: 2026, month: 11, day: 30)!
  static let now = Date(timeIntervalSince1970: 1_796_032_800)  // 2026-11-30T10:00:00Z
  static let fsrs = FSRSReviewScheduler(parameters: try! FSRSParameters(fuzzing: false))

  static func card(_ id: String) -> Card {
    Card(
      id: id, deck: "garden", topic: "Soil beds",
      location: SourceLocation(path: "garden.md", line: 1),
      content: .trick(
        TrickCard(
          question: Prompt("Is \(id) <heavy>?", code: CodeBlock("let soil = \"\(id)\"")),
          answer: Passage([.text("Yes.")]), source: "the shed")))
  }

  /// Each card's grades, as (days before now, seconds into that day, grade): a card learnt and
  /// lapsed, one in review, one still learning today, one suspended, one never reviewed.
  static let grades: [(card: String, reviews: [(days: Int, seconds: Double, grade: Grade)])] = [
    ("clay", [(30, 0, 4), (29, 0, 4), (20, 0, 1), (20, 600, 4), (10, 0, 5)]),
    ("loam", [(12, 0, 3), (12, 300, 4), (6, 0, 4)]),
    ("sand", [(0, -600, 1)]),
    ("silt", [(3, 0, 4), (2, 0, 2)]),
    ("peat", []),
  ]

  /// The collection for ``grades`` scheduled by `scheduler`, `silt` suspended; `fsrs` as the
  /// export is given it.
  static func collection(
    scheduler: any ReviewScheduler, fsrs: FSRSParameters?
  ) -> AnkiCollection {
    var state = ReviewState()
    var events: [JournalEvent] = []
    for (card, reviews) in grades {
      var cardState: CardState?
      for review in reviews {
        let day = today - review.days
        let at = now.addingTimeInterval(Double(-review.days) * 86_400 + review.seconds)
        let before = cardState ?? .new(due: day)
        let after = scheduler.review(before, grade: review.grade, on: day, at: at)
        events.append(
          .review(
            ReviewEvent(
              id: UUID(), card: card, at: at, day: day, grade: review.grade, seconds: 4.5,
              before: before, after: after)))
        cardState = after
      }
      state.cards[card] = cardState
    }
    state.suspended = ["silt"]
    events.sort { $0.at < $1.at }
    return AnkiExport.collection(
      cards: grades.map { card($0.card) }, titles: ["garden": "Garden"], state: state,
      reviews: events.forEachReviewInEffect, now: now, today: today,
      dayStart: now.addingTimeInterval(-6 * 3600), fsrs: fsrs)
  }

  /// Every row of every table of the collection in the package at `path`, as SQLite quotes
  /// their values, and the schema.
  static func dump(package path: String) throws -> (text: String, database: Data) {
    let archive = try ZipArchive(path: path)
    let database = try archive.read("collection.anki21", limit: 1 << 24)
    let scratch = try ScratchFolder()
    try database.write(to: URL(fileURLWithPath: scratch.file("c.db")))
    let sqlite = try SQLiteDatabase(readingFileAt: scratch.file("c.db"))
    var lines: [String] = []
    let schema = try sqlite.prepare("SELECT sql FROM sqlite_master ORDER BY name")
    while try schema.step() { lines.append(schema.text(0)) }
    for table in ["col", "notes", "cards", "revlog", "graves"] {
      let columns = try sqlite.prepare("SELECT name FROM pragma_table_info('\(table)')")
      var names: [String] = []
      while try columns.step() { names.append(columns.text(0)) }
      let rows = try sqlite.prepare(
        "SELECT " + names.map { "quote(\($0))" }.joined(separator: " || '|' || ")
          + " FROM \(table) ORDER BY rowid")
      while try rows.step() { lines.append("\(table): \(rows.text(0))") }
    }
    return (lines.joined(separator: "\n") + "\n", database)
  }

  /// The FNV-1a hash of an SQLite file's bytes, the library's version number in its header
  /// (bytes 92–99) left out: the same writes give the same file under any SQLite 3.
  static func hash(_ database: Data) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for (offset, byte) in database.enumerated() where !(92..<100).contains(offset) {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// The package of `collection`, written into `scratch`: its path, the dump of its database
  /// and the database itself.
  static func package(
    _ collection: AnkiCollection, in scratch: ScratchFolder
  ) throws -> (path: String, text: String, database: Data) {
    let path = scratch.file("quiz.apkg")
    try AnkiPackageWriter().write(collection, toNewFileAt: path)
    let dump = try dump(package: path)
    return (path, dump.text, dump.database)
  }

  /// The rows of `sql` (one text column) in the package's database.
  static func rows(_ sql: String, in database: Data) throws -> [String] {
    let scratch = try ScratchFolder()
    try database.write(to: URL(fileURLWithPath: scratch.file("c.db")))
    let sqlite = try SQLiteDatabase(readingFileAt: scratch.file("c.db"))
    let statement = try sqlite.prepare(sql)
    var rows: [String] = []
    while try statement.step() { rows.append(statement.text(0)) }
    return rows
  }

  /// The JSON object `text` holds, its numbers read exactly.
  static func object<Value: Decodable>(_ text: String, as type: Value.Type) throws -> Value {
    try JSONDecoder().decode(Value.self, from: Data(text.utf8))
  }

  @Test("An SM-2 export is the package it was before FSRS's memory: every row, every byte")
  func sm2Unchanged() throws {
    let scratch = try ScratchFolder()
    let package = try Self.package(
      Self.collection(scheduler: SM2Scheduler(), fsrs: nil), in: scratch)
    let expected = try String(contentsOfFile: fixturePath("sm2-export.txt"), encoding: .utf8)
    #expect(package.text == expected)
    // The database written by the code before FSRS's memory was exported, hashed.
    #expect(Self.hash(package.database) == 0x27d3_7a0c_f511_4777)
    let archive = try ZipArchive(path: package.path)
    #expect(try archive.read("meta", limit: 100) == Data([8, 2]))
    #expect(try archive.read("media", limit: 100) == Data("{}".utf8))
  }

  /// A card's `data`, as Anki reads it.
  struct Memory: Decodable, Equatable {
    var s: Double
    var d: Double
    var dr: Double
    var decay: Double
    var lrt: Int64
  }

  @Test("Under FSRS each reviewed card's data holds its memory, retention, decay and last review")
  func memoryData() throws {
    let scratch = try ScratchFolder()
    let package = try Self.package(
      Self.collection(scheduler: Self.fsrs, fsrs: Self.fsrs.scheduler.parameters), in: scratch)
    let rows = try Self.rows(
      "SELECT n.guid || ' ' || c.data FROM cards c JOIN notes n ON n.id = c.nid ORDER BY n.guid",
      in: package.database)
    var data: [String: String] = [:]
    for row in rows {
      let parts = row.split(separator: " ", maxSplits: 1)
      data[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    #expect(data["peat"] == "")
    let scheduler = Self.fsrs
    for (card, reviews) in Self.grades where !reviews.isEmpty {
      var state = CardState.new(due: Self.today)
      for review in reviews {
        let day = Self.today - review.days
        let at = Self.now.addingTimeInterval(Double(-review.days) * 86_400 + review.seconds)
        state = scheduler.review(state, grade: review.grade, on: day, at: at)
      }
      let memory = try #require(state.fsrs)
      let text = try #require(data[card])
      #expect(
        try Self.object(text, as: [String: Double].self).keys.sorted()
          == ["d", "decay", "dr", "lrt", "s"])
      // To the places Anki keeps.
      #expect(
        try Self.object(text, as: Memory.self)
          == Memory(
            s: AnkiExport.rounded(try #require(memory.stability), places: 4),
            d: AnkiExport.rounded(try #require(memory.difficulty), places: 3), dr: 0.9,
            decay: AnkiExport.rounded(FSRSParameters.defaultWeights[20], places: 3),
            lrt: Int64(try #require(memory.lastReview).timeIntervalSince1970)), "\(card)")
    }
  }

  @Test("Numbers are rounded to their places as Anki rounds them, halves away from zero")
  func rounding() {
    #expect(AnkiExport.rounded(2.5, places: 0) == 3 && AnkiExport.rounded(-2.5, places: 0) == -3)
    #expect(AnkiExport.rounded(1.23456, places: 4) == 1.2346)
    #expect(AnkiExport.rounded(0.1542, places: 3) == 0.154)
    #expect(AnkiExport.rounded(9.9996, places: 3) == 10)
  }

  @Test("Under FSRS the quiz decks are in a preset of FSRS's weights; under SM-2, Anki's default")
  func preset() throws {
    var weights = FSRSParameters.defaultWeights
    weights[0] = 0.5
    let parameters = try FSRSParameters(weights: weights, desiredRetention: 0.85, fuzzing: false)
    for fsrs in [parameters, nil] {
      let scratch = try ScratchFolder()
      let package = try Self.package(
        Self.collection(scheduler: Self.fsrs, fsrs: fsrs), in: scratch)
      struct Preset: Decodable {
        var id: Int64
        var fsrsParams6: [Double]?
        var desiredRetention: Double?
      }
      struct Deck: Decodable {
        var name: String
        var conf: Int64
      }
      let presets = try Self.object(
        try #require(try Self.rows("SELECT dconf FROM col", in: package.database).first),
        as: [String: Preset].self)
      let decks = try Self.object(
        try #require(try Self.rows("SELECT decks FROM col", in: package.database).first),
        as: [String: Deck].self)
      let garden = try #require(decks.values.first { $0.name == "quiz::Garden" })
      #expect(decks.values.first { $0.name == "Default" }?.conf == 1)
      #expect(presets["1"]?.fsrsParams6 == nil)
      guard let fsrs else {
        #expect(presets.keys.sorted() == ["1"] && garden.conf == 1)
        continue
      }
      let id = AnkiExport.fsrsPresetID
      #expect(garden.conf == id)
      let preset = try #require(presets[String(id)])
      #expect(preset.id == id && preset.fsrsParams6 == fsrs.weights)
      #expect(preset.desiredRetention == 0.85)
    }
  }

  @Test("Under FSRS a card in a learning step is a learning card due when its step ends")
  func learningStep() throws {
    let collection = Self.collection(scheduler: Self.fsrs, fsrs: Self.fsrs.scheduler.parameters)
    // `sand`: Again on a new card ten minutes ago, a 1-minute step.
    try #require(collection.cards.count == 5)
    let sand = collection.cards[2]
    #expect(sand.kind == .learning && sand.queue == 1 && sand.left == 1001)
    #expect(sand.due == Int64(Self.now.timeIntervalSince1970) - 600 + 60)
    #expect(!sand.data.isEmpty)
  }
}
