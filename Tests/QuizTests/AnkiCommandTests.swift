import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage
@testable import QuizApp

@Suite("quiz export and import with Anki packages")
struct AnkiCommandTests {
  /// The two-deck history exported as a package into `folder`; its path.
  func exportedPackage(
    _ history: ReviewHistory, in folder: TemporaryFolder, _ extra: [String] = []
  ) throws -> String {
    let path = folder.path + "/quiz.apkg"
    let result = runQuiz(
      ["export", "--output", path] + extra, variables: history.variables, shipped: twoDecks)
    #expect(result.status == .success, "\(result.error)")
    #expect(result.out.hasPrefix("\(path): "))
    return path
  }

  @Test("exports every card with its scheduling and the reviews in effect as a package")
  func export() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let collection = try AnkiPackageReader().read(path: exportedPackage(history, in: folder))
    #expect(collection.notes.map(\.guid) == ["planter", "clay", "wet", "basil", "mint", "thyme"])
    #expect(Set(collection.decks.values).isSuperset(of: ["quiz::Garden", "quiz::Herbs"]))
    func card(_ id: String) throws -> AnkiCard {
      let note = try #require(collection.notes.first { $0.guid == id })
      return try #require(collection.cards.first { $0.note == note.id })
    }
    let clay = try card("clay")
    #expect(clay.kind == .review)
    #expect(clay.interval == 50)
    #expect(clay.due == 13)  // 12-12, from 11-29
    #expect(clay.reviews == 4)
    #expect(try card("wet").kind == .new)
    #expect(try card("mint").kind == .learning)
    #expect(try card("planter").kind == .relearning)
    #expect(try card("thyme").isSuspended)
    // clay 4, basil 2 (the undone 1 left out), thyme, mint 1, planter 2; old-card is in no deck.
    #expect(collection.reviews.count == 10)
  }

  @Test("under --scheduler fsrs each reviewed card carries FSRS's memory; under SM-2 none does")
  func fsrsMemory() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    var data: [String: [String]] = [:]
    for scheduler in ["sm2", "fsrs"] {
      let path = try exportedPackage(history, in: folder, ["--scheduler", scheduler, "--force"])
      let database = folder.path + "/\(scheduler).anki21"
      try ZipArchive(path: path).read("collection.anki21", limit: 1 << 24)
        .write(to: URL(fileURLWithPath: database))
      let rows = try SQLiteDatabase(readingFileAt: database).prepare(
        "SELECT c.data FROM cards c JOIN notes n ON n.id = c.nid ORDER BY n.guid")
      while try rows.step() { data[scheduler, default: []].append(rows.text(0)) }
    }
    #expect(data["sm2"] == Array(repeating: "", count: 6))
    // basil, clay, mint, planter and thyme were reviewed; wet never was.
    let fsrs = try #require(data["fsrs"])
    #expect(
      fsrs.map { $0.hasPrefix("{\"d\":") && $0.contains("\"s\":") } == [
        true, true, true, true, true, false,
      ])
  }

  @Test("a package is written whole or not at all, and leaves no scratch file beside it")
  func noScratchFiles() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let path = try exportedPackage(history, in: folder)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["quiz.apkg"])
    let written = try Data(contentsOf: URL(fileURLWithPath: path))

    // Not replaced without --force, and replaced whole with it.
    let refused = runQuiz(
      ["export", "--output", path], variables: history.variables, shipped: twoDecks)
    #expect(refused.status == .failure)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
    let replaced = runQuiz(
      ["export", "--output", path, "--force"], variables: history.variables, shipped: twoDecks)
    #expect(replaced.status == .success)
    #expect(try AnkiPackageReader().read(path: path).notes.count == 6)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["quiz.apkg"])

    // A folder that is a file: a clear failure, nothing written anywhere.
    let blocker = try folder.write("not-a-folder", "")
    let failed = runQuiz(
      ["export", "--output", blocker + "/quiz.apkg"], variables: history.variables,
      shipped: twoDecks)
    #expect(failed.status == .failure)
    #expect(failed.error.hasPrefix("quiz: \(blocker)/quiz.apkg: "))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "not-a-folder", "quiz.apkg",
      ])
  }

  @Test("the .apkg extension chooses the format; --format apkg needs --output")
  func formatChoice() throws {
    let result = runQuiz(["export", "--format", "apkg"], shipped: twoDecks)
    #expect(result.status == .usage)
    #expect(result.error.contains("--format apkg needs --output FILE.apkg"))
  }

  @Test("the filters choose the cards exported")
  func filtered() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let collection = try AnkiPackageReader().read(
      path: exportedPackage(history, in: folder, ["--deck", "herbs"]))
    #expect(collection.notes.map(\.guid) == ["basil", "mint", "thyme"])
    #expect(collection.reviews.count == 4)
  }

  @Test("a package quiz exported imports back: the same ids, the progress, once")
  func roundTrip() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let package = try exportedPackage(history, in: folder)
    let state = try TemporaryFolder()
    let decks = folder.path + "/decks"
    let variables = ["QUIZ_STATE": state.path, "QUIZ_NOW": "2026-11-29T12:00:00"]
    let first = runQuiz(["import", package, "--output", decks], variables: variables)
    #expect(first.status == .success, "\(first.error)")
    #expect(first.out.contains("progress event"))
    let cards = runQuiz(["cards", "--decks", decks, "--json"], variables: variables)
    let ids = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.out.utf8)) as? [[String: Any]]
    ).compactMap { $0["id"] as? String }
    #expect(Set(ids) == ["planter", "clay", "wet", "basil", "mint", "thyme"])
    let imported = try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: state.path)).state
    let original = try history.saved()
    for id in ["clay", "basil"] {
      let (a, b) = (try #require(imported.cards[id]), try #require(original.cards[id]))
      let numbers: (CardState) -> [Int] = { [$0.interval, $0.lapses, $0.reviews, $0.repetitions] }
      #expect(numbers(a) == numbers(b), "\(id)")
      // Anki keeps the ease factor in thousandths.
      #expect(a.easeFactor == (b.easeFactor * 1000).rounded() / 1000)
      #expect(a.due == b.due)
    }
    #expect(imported.suspended == ["thyme"])
    #expect(imported.cards["wet"] == nil)
    let exported = runQuiz(
      ["export", "--decks", decks, "--format", "json"], variables: variables)
    #expect(exported.status == .success)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(exported.out.utf8)) as? [String: Any])
    let types = (document["reviews"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
    #expect(Set(types) == ["import", "suspend", "history"])
    #expect(types.filter { $0 == "import" }.count == 5)
    // The package's review log: the reviews in effect quiz exported.
    #expect(types.filter { $0 == "history" }.count == 10)
    let journal = try Data(contentsOf: URL(fileURLWithPath: state.path + "/reviews.jsonl"))
    let second = runQuiz(["import", package, "--output", decks], variables: variables)
    #expect(second.status == .success)
    #expect(second.out.contains("nothing added"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: state.path + "/reviews.jsonl")) == journal)
  }

  @Test("--no-progress imports the decks and leaves the state folder alone")
  func noProgress() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let package = try exportedPackage(history, in: folder)
    let state = folder.path + "/state"
    let result = runQuiz(
      ["import", package, "--output", folder.path + "/decks", "--no-progress"],
      variables: ["QUIZ_STATE": state])
    #expect(result.status == .success)
    #expect(!FileManager.default.fileExists(atPath: state))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/decks/garden.md"))
  }

  @Test(
    "a damaged package (or collection) is refused, naming the file, and nothing is written",
    arguments: ["bad.apkg", "bad.colpkg", "BAD.APKG"])
  func damaged(_ name: String) throws {
    let folder = try TemporaryFolder()
    let package = try folder.write(name, "not a zip\n")
    let result = runQuiz(
      ["import", package, "--output", folder.path + "/decks"],
      variables: ["QUIZ_STATE": folder.path + "/state"])
    #expect(result.status == .failure)
    #expect(result.error.contains("\(package): not an Anki package"))
    #expect(result.error.contains("nothing imported"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/decks"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"))
  }

  @Test("a different deck file in the way is kept unless --force, and nothing is written")
  func existingDeck() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let package = try exportedPackage(history, in: folder)
    try FileManager.default.createDirectory(
      atPath: folder.path + "/decks", withIntermediateDirectories: true)
    let mine = try folder.write("decks/garden.md", "# Mine\n")
    let variables = ["QUIZ_STATE": folder.path + "/state"]
    let refused = runQuiz(
      ["import", package, "--output", folder.path + "/decks"], variables: variables)
    #expect(refused.status == .failure)
    #expect(refused.error.contains("already exists; pass --force"))
    #expect(try String(contentsOfFile: mine, encoding: .utf8) == "# Mine\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/decks/herbs.md"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"))
    let forced = runQuiz(
      ["import", package, "--output", folder.path + "/decks", "--force"], variables: variables)
    #expect(forced.status == .success)
    #expect(try String(contentsOfFile: mine, encoding: .utf8).hasPrefix("# Garden"))
  }

  @Test("a package's file name is printed with its control characters made visible")
  func fileNameShownClean() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let exported = try exportedPackage(history, in: folder)
    let package = folder.path + "/evil\u{1B}]0;title\u{07}.apkg"
    try FileManager.default.moveItem(atPath: exported, toPath: package)
    let result = runQuiz(
      ["import", package, "--output", folder.path + "/decks"],
      variables: ["QUIZ_STATE": folder.path + "/state"])
    #expect(result.status == .success, "\(result.error)")
    let printed = result.out + result.error
    #expect(!printed.contains("\u{1B}") && !printed.contains("\u{07}"))
    #expect(printed.contains("evil␛]0;title␇.apkg"))
  }
}
