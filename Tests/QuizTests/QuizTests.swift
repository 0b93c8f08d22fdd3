import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

/// Runs quiz with `arguments` and captured output.
func runQuiz(
  _ arguments: [String], variables: [String: String] = [:],
  shipped: [(name: String, text: String)] = [("garden.md", gardenDeck)],
  input: LineInput? = nil, terminal: Bool = false,
  configure: (inout Environment) -> Void = { _ in }
) -> (status: ExitCode, out: String, error: String) {
  let captured = CapturedConsole()
  // Most tests read one folder, or the decks given here, alone, as `auto` has it; a test of
  // the default sets the variable itself (or removes it in `configure`).
  var environment = Environment(
    variables: ["QUIZ_SHIPPED_DECKS": "auto"].merging(variables) { $1 }, shippedDecks: shipped)
  environment.outputIsTerminal = terminal
  environment.input = input
  configure(&environment)
  let status = Quiz(environment: environment, console: captured.console).run(arguments)
  return (status, captured.out, captured.error)
}

let gardenDeck = """
  # Garden
  lesson: 7

  ## Syntax · Planters · planter
  Declare a planter.

  ---

  ```swift
  struct Planter {}
  ```

  ## Trick · Soil · clay
  Is clay heavy?

  ---

  Yes, when wet.

  ## Edge · Soil · wet
  section: Planters and soil

  What happens?

  ---

  It sinks.

  Source: measured
  """

/// A folder that is removed when the test ends.
final class TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appending(path: "quiz-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = (path as NSString).appendingPathComponent(name)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }
}

@Suite("quiz cards")
struct CardsCommandTests {
  @Test("lists the shipped decks when no folder is named")
  func shipped() {
    let result = runQuiz(["cards"])
    #expect(result.status == .success)
    #expect(result.out.split(separator: "\n").count == 3)
    #expect(result.out.contains("planter"))
    #expect(result.error.isEmpty)
  }

  @Test("prints one JSON array with the documented keys")
  func json() throws {
    let result = runQuiz(["cards", "--json", "--kind", "syntax"])
    #expect(result.status == .success)
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    #expect(objects.count == 1)
    #expect(objects[0]["id"] as? String == "planter")
    #expect(objects[0]["answerCode"] as? String == "struct Planter {}")
    #expect(objects[0]["lesson"] as? Int == 7)
  }

  @Test("matches --topic against the section too, ignoring case")
  func topicFilter() {
    let result = runQuiz(["cards", "--topic", "planters"])
    #expect(result.out.split(separator: "\n").count == 2)
  }

  @Test("answers an unknown topic with the topics that exist and a suggestion, exit 64")
  func unknownTopic() {
    let result = runQuiz(["cards", "--topic", "Soils"])
    #expect(result.status == .usage)
    #expect(result.out.isEmpty)
    #expect(
      result.error.contains(
        "no card has the topic 'Soils'. Did you mean 'Soil'? The topics are: Planters, Soil"))
  }

  @Test(
    "refuses what it does not understand, naming it, with exit 64",
    arguments: [
      (["cards", "--colour"], "quiz cards: unknown option '--colour'"),
      (
        ["cards", "--kind", "essay"],
        "quiz cards: unknown kind 'essay'; the kinds are syntax, trick, edge and interview"
      ),
      (
        ["cards", "--deck", "herbs"], "quiz cards: no deck is called 'herbs'; the decks are garden"
      ),
      (["cards", "--lesson", "x"], "quiz cards: --lesson takes a lesson number, not 'x'"),
      (["cards", "--topic"], "quiz cards: --topic needs a value"),
      (
        ["frobnicate"],
        "quiz: unknown command 'frobnicate'; 'quiz --help' lists the commands"
      ),
      (["check", "--decks", "/no/such/folder"], "quiz check: /no/such/folder: no such folder"),
    ])
  func usageErrors(arguments: [String], message: String) {
    let result = runQuiz(arguments)
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix(message + "\n"))
  }

  @Test(
    "prints help for every command on standard output",
    arguments: [
      ["--help"], ["cards", "--help"], ["check", "-h"], ["import", "--help"], ["review", "--help"],
      ["drill", "--help"],
    ])
  func help(arguments: [String]) {
    let result = runQuiz(arguments)
    #expect(result.status == .success)
    #expect(result.out.contains("Usage: quiz"))
    #expect(result.error.isEmpty)
  }

  @Test("reads the folder in QUIZ_DECKS when --decks is not given")
  func environmentFolder() throws {
    let folder = try TemporaryFolder()
    try folder.write("herbs.md", "# Herbs\n\n## Trick · Basil · basil\nSun or shade?\n---\nSun.\n")
    let result = runQuiz(["cards"], variables: ["QUIZ_DECKS": folder.path])
    #expect(result.out.hasPrefix("basil"))
  }
}

@Suite("quiz check")
struct CheckCommandTests {
  @Test("summarises decks, kinds and topics, and exits 0 on clean decks")
  func summary() {
    let result = runQuiz(["check"])
    #expect(result.status == .success)
    #expect(result.out.hasPrefix("1 deck, 3 cards\n"))
    #expect(result.out.contains("  edge "))
    #expect(result.out.hasSuffix("0 errors, 0 warnings\n"))
  }

  @Test("names every problem of a broken deck with its line, and exits 1")
  func broken() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "broken.md",
      """
      # Broken

      ## Quiz · T
      Q
      ---
      A

      ## Trick · T · dup
      Q
      ---
      A

      ## Trick · T · dup
      Q2

      ## Edge · T
      Q
      ---
      A
      ```swift
      let a = 1
      """)
    let result = runQuiz(["check", "--decks", folder.path])
    #expect(result.status == .failure)
    #expect(
      result.error.split(separator: "\n").map(String.init) == [
        "\(path):3: error: unknown card kind 'Quiz'; use Syntax, Trick, Edge or Interview",
        "\(path):13: error: the card has no '---' line between question and answer",
        "\(path):16: error: an edge card needs a 'Source:' paragraph saying where the answer comes from",
        "\(path):20: error: this code block is never closed",
      ])
    #expect(result.out.contains("4 errors, 0 warnings"))
  }
}

@Suite("quiz import")
struct ImportCommandTests {
  static let page = """
    Lesson 5

    Watering

    Flash cards

    Syntax · WateringWater a plant.
    plant.water()

    water() adds a litre.
    """

  @Test("writes a native deck that loads back to the page's cards, with readable ids")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    let pages = (folder.path as NSString).appendingPathComponent("pages")
    try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: true)
    let page = (pages as NSString).appendingPathComponent("page.txt")
    try Self.page.write(toFile: page, atomically: true, encoding: .utf8)
    let output = (folder.path as NSString).appendingPathComponent("decks")
    let state = ["QUIZ_STATE": folder.path + "/state"]
    let result = runQuiz(["import", page, "--output", output], variables: state)
    #expect(result.status == .success)
    #expect(result.out == "\(output)/lesson-5.md: 1 card from \(page)\n")

    let fromPage = runQuiz(["cards", "--json", "--decks", pages], variables: state).out
    let fromDeck = runQuiz(["cards", "--json", "--decks", output], variables: state).out
    func cards(_ json: String) throws -> [[String: Any]] {
      try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }
    func withoutLocationsAndIDs(_ json: String) throws -> [NSDictionary] {
      try cards(json).map { $0.filter { $0.key != "location" && $0.key != "id" } as NSDictionary }
    }
    #expect(try withoutLocationsAndIDs(fromPage) == withoutLocationsAndIDs(fromDeck))
    #expect(try cards(fromDeck).map { $0["id"] as? String } == ["l5-syntax-water-plant"])
    #expect(try cards(fromPage).map { $0["id"] as? String } != ["l5-syntax-water-plant"])
    // Nothing was written to the state folder: import only reads it.
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"))
  }

  @Test("keeps the page's id of a card that has progress, so that its history stays with it")
  func keepsReviewedIDs() throws {
    let folder = try TemporaryFolder()
    let pages = (folder.path as NSString).appendingPathComponent("pages")
    try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: true)
    let page = (pages as NSString).appendingPathComponent("page.txt")
    try (Self.page + "\nSyntax · WateringWater two plants.\nplants.water()\n\nBoth get a litre.\n")
      .write(toFile: page, atomically: true, encoding: .utf8)
    let state = ["QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": "2026-03-01T09:00:00Z"]
    let listed = try #require(
      try JSONSerialization.jsonObject(
        with: Data(runQuiz(["cards", "--json", "--decks", pages], variables: state).out.utf8))
        as? [[String: Any]])
    let derived = try #require(listed.first?["id"] as? String)
    // One review of the first card, made on the page itself.
    let review = runQuiz(
      ["review", "--decks", pages, "--new", "1"], variables: state,
      input: ScriptedInput(["", "5"]))
    #expect(review.status == .success)

    let output = (folder.path as NSString).appendingPathComponent("decks")
    #expect(runQuiz(["import", page, "--output", output], variables: state).status == .success)
    let deck = try String(contentsOfFile: output + "/lesson-5.md", encoding: .utf8)
    #expect(deck.contains("## Syntax · Watering · \(derived)\n"))
    #expect(deck.contains("## Syntax · Watering · l5-syntax-water-two-plants\n"))
    // The imported deck's first card carries the review made on the page.
    let export = runQuiz(["export", "--format", "json", "--decks", output], variables: state)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [String: Any])
    let rows = try #require(document["cards"] as? [[String: Any]])
    let reviews = Dictionary(
      uniqueKeysWithValues: rows.map { ($0["id"] as? String ?? "", $0["reviews"] as? Int ?? -1) })
    #expect(reviews == [derived: 1, "l5-syntax-water-two-plants": 0])
  }

  @Test("never replaces an existing deck without --force")
  func noOverwrite() throws {
    let folder = try TemporaryFolder()
    let page = try folder.write("page.txt", Self.page)
    let existing = try folder.write("lesson-5.md", "my own notes")
    let result = runQuiz(["import", page, "--output", folder.path])
    #expect(result.status == .failure)
    #expect(result.error == "\(existing): already exists; pass --force to replace it\n")
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "my own notes")
    #expect(runQuiz(["import", page, "--output", folder.path, "--force"]).status == .success)
  }

  @Test("does not write a page that has errors")
  func brokenPage() throws {
    let folder = try TemporaryFolder()
    let page = try folder.write("page.txt", "Lesson 5\n\nNothing here.\n")
    let result = runQuiz(["import", page, "--output", folder.path])
    #expect(result.status == .failure)
    #expect(result.error.contains("not imported"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/lesson-5.md"))
  }
}

@Suite("The shipped decks")
struct ShippedDecksTests {
  @Test("load with no error and no warning in the executable they are built into")
  func clean() throws {
    let home = try TemporaryFolder()
    let process = Process()
    process.executableURL = try quizExecutable()
    process.arguments = ["check"]
    process.environment = ["HOME": home.path, "QUIZ_CACHE": "off", "PATH": "/usr/bin:/bin"]
    let (output, errors) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(error.isEmpty)
    #expect(out.hasSuffix("0 errors, 0 warnings\n"))
  }
}
