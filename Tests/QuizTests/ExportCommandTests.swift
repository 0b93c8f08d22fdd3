import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("quiz export")
struct ExportCommandTests {
  /// The JSON export of the two-deck history, parsed, with the history.
  func exported(_ extra: [String] = []) throws -> (
    json: [String: Any], history: ReviewHistory, text: String
  ) {
    let history = try ReviewHistory.twoDeckHistory()
    let result = runQuiz(["export"] + extra, variables: history.variables, shipped: twoDecks)
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    return (json, history, result.out)
  }

  func card(_ id: String, in json: [String: Any]) throws -> [String: Any] {
    let cards = try #require(json["cards"] as? [[String: Any]])
    return try #require(cards.first { $0["id"] as? String == id })
  }

  @Test("exports JSON by default: version, moment, a row per card with its state")
  func jsonCards() throws {
    let (json, _, text) = try exported()
    #expect(json["version"] as? Int == 1)
    #expect((json["exportedAt"] as? String)?.hasPrefix("2026-11-29T") == true)
    let cards = try #require(json["cards"] as? [[String: Any]])
    #expect(
      cards.map { $0["id"] as? String } == [
        "planter", "clay", "wet", "basil", "mint", "thyme", "old-card",
      ])
    let clay = try card("clay", in: json)
    #expect(clay["deck"] as? String == "garden")
    #expect(clay["topic"] as? String == "Soil")
    #expect(clay["kind"] as? String == "trick")
    #expect(clay["repetitions"] as? Int == 4)
    // Every bit of the ease factor (JSONSerialization on Linux reads doubles less exactly).
    struct Export: Decodable {
      struct Row: Decodable {
        var id: String
        var easeFactor: Double
      }
      var cards: [Row]
    }
    let rows = try JSONDecoder().decode(Export.self, from: Data(text.utf8)).cards
    #expect(rows.first { $0.id == "clay" }?.easeFactor == 2.9000000000000004)
    #expect(clay["interval"] as? Int == 50)
    #expect(clay["due"] as? String == "2026-12-12")
    #expect(clay["lapses"] as? Int == 0)
    #expect(clay["reviews"] as? Int == 4)
    #expect(clay["lastReview"] as? String == "2026-10-23T12:00:00.000Z")
    #expect(clay["suspended"] as? Bool == false)
    let planter = try card("planter", in: json)
    #expect(planter["lapses"] as? Int == 1)
    #expect(planter["repetitions"] as? Int == 0)
    #expect(try card("thyme", in: json)["suspended"] as? Bool == true)
    #expect(try card("mint", in: json)["needsExtraReview"] as? Bool == true)
  }

  @Test("gives a never-reviewed card a null due day and last review")
  func newCard() throws {
    let wet = try card("wet", in: try exported().json)
    #expect(wet["due"] is NSNull)
    #expect(wet["lastReview"] is NSNull)
    #expect(wet["reviews"] as? Int == 0)
  }

  @Test("keeps a card that has state but is in no deck, with no deck, topic or kind")
  func orphan() throws {
    let old = try card("old-card", in: try exported().json)
    #expect(old["deck"] is NSNull)
    #expect(old["topic"] is NSNull)
    #expect(old["kind"] is NSNull)
    #expect(old["reviews"] as? Int == 1)
    #expect(old["due"] as? String == "2026-11-21")
  }

  @Test("lists every journal event in order, with before and after states and undos marked")
  func events() throws {
    let (json, history, _) = try exported()
    let events = try #require(json["reviews"] as? [[String: Any]])
    let journal = try ReviewStore.openReadOnly(folder: history.url).journalEvents()
    #expect(events.count == journal.count)
    #expect(events.map { $0["id"] as? String } == journal.map { $0.id.uuidString.lowercased() })
    #expect(
      events.map { $0["at"] as? String }
        == events.map { $0["at"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") })
    let types = events.compactMap { $0["type"] as? String }
    #expect(types.filter { $0 == "review" }.count == 12)
    #expect(types.filter { $0 == "undo" }.count == 1)
    #expect(types.filter { $0 == "suspend" }.count == 1)
    let undo = try #require(events.first { $0["type"] as? String == "undo" })
    let undone = try #require(events.first { $0["id"] as? String == undo["undoes"] as? String })
    #expect(undone["undone"] as? Bool == true)
    #expect(undone["grade"] as? Int == 1)
    #expect(undone["seconds"] is NSNull)
    #expect(events.filter { $0["undone"] as? Bool == true }.count == 1)

    // The last review of planter carries the state the card has now.
    let last = try #require(events.last { $0["card"] as? String == "planter" })
    let after = try JSONSerialization.data(withJSONObject: try #require(last["after"]))
    #expect(
      try JSONDecoder().decode(CardState.self, from: after) == history.saved().cards["planter"])
    #expect(last["day"] as? String == "2026-11-28")
    #expect((last["before"] as? [String: Any])?["repetitions"] as? Int == 1)
  }

  @Test("with a filter, exports the matching cards and their events only")
  func filtered() throws {
    let (json, _, _) = try exported(["--deck", "herbs"])
    let cards = try #require(json["cards"] as? [[String: Any]])
    #expect(cards.map { $0["id"] as? String } == ["basil", "mint", "thyme"])
    let events = try #require(json["reviews"] as? [[String: Any]])
    #expect(Set(events.compactMap { $0["card"] as? String }) == ["basil", "mint", "thyme"])
    #expect(events.count == 7)
  }

  @Test("writes CSV per RFC 4180: a header row, CRLF line ends, quoted fields where needed")
  func csv() throws {
    let history = try ReviewHistory()
    try history.grade([("say", 4)], on: "2026-11-28")
    let deck = """
      # Odd

      ## Trick · Commas, "quotes" · say
      Say what?

      ---

      This.

      ## Trick · Plain · plain
      Plain?

      ---

      Yes.
      """
    let result = runQuiz(
      ["export", "--format", "csv"], variables: history.variables, shipped: [("odd.md", deck)])
    #expect(result.status == .success)
    #expect(result.out.hasSuffix("\r\n"))
    #expect(!result.out.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    let lines = result.out.components(separatedBy: "\r\n")
    #expect(
      lines == [
        "id,deck,topic,kind,repetitions,easeFactor,interval,due,lapses,reviews,lastReview,"
          + "needsExtraReview,suspended",
        #"say,odd,"Commas, ""quotes""",trick,1,2.5,1,2026-11-29,0,1,2026-11-28T12:00:00.000Z,false,false"#,
        "plain,odd,Plain,trick,0,2.5,0,,0,0,,false,false",
        "",
      ])
  }

  @Test("writes a Markdown report: a summary line, then a table per deck, then cards in no deck")
  func markdown() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let result = runQuiz(
      ["export", "--format", "md"], variables: history.variables, shipped: twoDecks)
    #expect(result.status == .success)
    let text = result.out
    #expect(
      text.hasPrefix(
        "# quiz export\n\n6 cards in 2 decks: 5 reviewed, 1 new, 3 due today, 1 suspended; "
          + "1 more with a review history is in no deck. Exported 2026-11-29T"))
    #expect(text.contains("\n## Garden\n\n`garden`, Decks/garden.md\n\n| id | topic | kind |"))
    #expect(text.contains("\n## Herbs\n"))
    #expect(
      text.contains(
        "| clay | Soil | trick | 4 | 2.90 | 50 | 2026-12-12 | 0 | 4 | 2026-10-23T12:00:00.000Z |  |\n"
      ))
    #expect(text.contains("| wet | Soil | edge | 0 | 2.50 | 0 | new | 0 | 0 |  |  |\n"))
    #expect(
      text.contains(
        "| thyme | Thyme | trick | 1 | 2.60 | 1 | 2026-11-26 | 0 | 1 | 2026-11-25T12:00:00.000Z | yes |\n"
      ))
    #expect(text.contains("\n## In no deck\n"))
    #expect(text.contains("| old-card |  |  | 1 |"))
  }

  @Test("writes --output atomically, and replaces an existing file only with --force")
  func output() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let file = try folder.write("progress.json", "my notes")
    let refused = runQuiz(
      ["export", "--output", file], variables: history.variables, shipped: twoDecks)
    #expect(refused.status == .failure)
    #expect(refused.error == "quiz: \(file): already exists; pass --force to replace it\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "my notes")

    let replaced = runQuiz(
      ["export", "--output", file, "--force"], variables: history.variables, shipped: twoDecks)
    #expect(replaced.status == .success)
    #expect(replaced.out == "\(file): 7 cards and 14 journal events\n")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
    #expect((json as? [String: Any])?["version"] as? Int == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["progress.json"])
  }

  @Test(
    "fails on a journal line damaged after the snapshot was written, naming it, and writes nothing",
    arguments: ["json", "apkg", "csv"])
  func damagedJournal(format: String) throws {
    let history = try ReviewHistory.twoDeckHistory()
    let journal = history.url.appending(path: "reviews.jsonl")
    var text = try String(contentsOf: journal, encoding: .utf8)
    // In place, the length kept: the snapshot still fits the journal's end.
    text.replaceSubrange(try #require(text.range(of: "\"card\"")), with: "\"cxrd\"")
    try text.write(to: journal, atomically: false, encoding: .utf8)
    let folder = try TemporaryFolder()
    let file = (folder.path as NSString).appendingPathComponent("out.\(format)")
    let result = runQuiz(
      ["export", "--output", file], variables: history.variables, shipped: twoDecks)
    if format == "csv" {
      // The rows come from the snapshot alone; the journal is not read.
      #expect(result.status == .success)
      return
    }
    #expect(result.status == .failure)
    #expect(result.error.contains("reviews.jsonl:1 is not a journal entry"))
    #expect(result.out.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

    let piped = runQuiz(["export"], variables: history.variables, shipped: twoDecks)
    #expect(piped.status == .failure)
    #expect(piped.out.isEmpty)
    #expect(piped.error.contains("reviews.jsonl:1 is not a journal entry"))
  }

  @Test("takes the format from the output file's extension when --format is not given")
  func formatFromExtension() throws {
    let history = try ReviewHistory()
    let folder = try TemporaryFolder()
    let file = (folder.path as NSString).appendingPathComponent("cards.csv")
    let result = runQuiz(["export", "--output", file], variables: history.variables)
    #expect(result.status == .success)
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("id,deck,topic,kind,"))
  }

  @Test("fails, naming the file, when the output cannot be written, exit 1")
  func unwritable() throws {
    let history = try ReviewHistory()
    let file = history.folder.path + "/no/such/folder/out.json"
    let result = runQuiz(["export", "--output", file], variables: history.variables)
    #expect(result.status == .failure)
    #expect(result.error.hasPrefix("quiz: \(file): cannot be written: "))
  }

  @Test("reads a missing state folder as no reviews yet")
  func noState() throws {
    let folder = try TemporaryFolder()
    let state = (folder.path as NSString).appendingPathComponent("state")
    let result = runQuiz(["export", "--state", state])
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect((json["cards"] as? [Any])?.count == 3)
    #expect((json["reviews"] as? [Any])?.isEmpty == true)
    #expect(!FileManager.default.fileExists(atPath: state))
  }

  @Test(
    "refuses what it does not understand, with exit 64",
    arguments: [
      (
        ["export", "--format", "xml"],
        "quiz export: --format takes json, csv, md or apkg, not 'xml'"
      ),
      (["export", "--force"], "quiz export: --force goes with --output FILE"),
      (["export", "--output"], "quiz export: --output needs a value"),
    ])
  func usage(arguments: [String], message: String) {
    let result = runQuiz(arguments)
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix(message + "\n"))
  }
}

@Suite("The export's format and its file")
struct ExportFormatTests {
  @Test(
    "refuses a file whose extension names no format, or another than --format, with exit 64",
    arguments: [
      (
        ["--output", "progress.txt"],
        "--output progress.txt: a .txt file does not say which format to write; end it in .json, .csv, .md or .apkg, or give --format"
      ),
      (
        ["--output", "progress"],
        "--output progress: a file without an extension does not say which format to write"
      ),
      (
        ["--output", "progress.json", "--format", "csv"],
        "--format csv does not match --output progress.json, a .json file"
      ),
    ])
  func mismatch(arguments: [String], message: String) throws {
    let folder = try TemporaryFolder()
    let result = runQuiz(
      ["export"] + arguments.map { $0.hasPrefix("progress") ? folder.path + "/" + $0 : $0 })
    #expect(result.status == .usage)
    #expect(
      result.error.hasPrefix(
        "quiz export: "
          + message.replacingOccurrences(
            of: "progress", with: folder.path + "/progress")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("writes a file of any name in the format --format names")
  func named() throws {
    let history = try ReviewHistory()
    let folder = try TemporaryFolder()
    let file = folder.path + "/progress.txt"
    let result = runQuiz(
      ["export", "--output", file, "--format", "csv"], variables: history.variables)
    #expect(result.status == .success)
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("id,deck,topic,kind,"))
  }
}
