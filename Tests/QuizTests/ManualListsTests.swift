import CardDeck
import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

/// The man page's ENVIRONMENT and FILES, held to what quiz reads and writes.
@Suite("The man page's ENVIRONMENT and FILES")
struct ManualListsTests {
  /// The package's folder, from this file's path (Tests/QuizTests/…).
  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every environment variable that the sources of quiz's modules read by name:
  /// `variables["X"]`, `getenv("X")`, and a setting's `variable: "X"`. quiz-bench, another
  /// program, is left out.
  static func variablesRead() throws -> Set<String> {
    let sources = package.appending(path: "Sources")
    let pattern = try Regex(
      #"(?:variables\[|getenv\(|variable: )"([A-Z_][A-Z0-9_]*)""#)
    var names: Set<String> = []
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
    for file in files ?? [] where file.hasSuffix(".swift") && !file.hasPrefix("quiz-bench/") {
      let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
      for line in text.split(separator: "\n")
      where line.contains("variables[") || line.contains("getenv(") || line.contains("variable: ") {
        for match in line.matches(of: pattern) {
          if let name = match.output[1].substring { names.insert(String(name)) }
        }
      }
    }
    return names
  }

  @Test("lists every environment variable that the sources read")
  func environment() throws {
    let read = try Self.variablesRead()
    // The scan finds what it must, so that a scan that finds nothing cannot pass.
    #expect(read.isSuperset(of: ["QUIZ_NOW", "QUIZ_CACHE", "XDG_CACHE_HOME", "HOME", "LC_ALL"]))
    let listed = Set(
      Quiz.program.environment.flatMap { $0.name.components(separatedBy: ", ") })
    #expect(read.subtracting(listed).isEmpty, "not in ENVIRONMENT: \(read.subtracting(listed))")
    let page = runQuiz(["man"]).out
    for name in listed { #expect(page.contains(name), "\(name)") }
  }

  @Test("lists every file that a session, stats and the deck cache leave")
  func files() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/decks", withIntermediateDirectories: true)
    try folder.write("decks/garden.md", gardenDeck)
    let variables = [
      "QUIZ_DECKS": folder.path + "/decks", "QUIZ_STATE": folder.path + "/state",
      "QUIZ_NOW": "2026-11-29T08:00:00Z",
    ]
    let cache = DeckCache(folder: folder.path + "/cache", program: [1], settleTime: 0)
    let review = runQuiz(["review"], variables: variables, input: ScriptedInput(["", "4"])) {
      $0.deckCache = cache
    }
    #expect(review.status == .success)
    #expect(runQuiz(["stats"], variables: variables).status == .success)
    let left =
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state")
      + FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache")
    #expect(left.count >= 5, "\(left)")
    let patterns = Quiz.program.files.flatMap { file in
      file.path.components(separatedBy: ", ").map { $0.split(separator: "/").last ?? "" }
    }
    for name in left {
      let listed = patterns.contains { pattern in
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        return parts.count == 1
          ? name == pattern
          : name.hasPrefix(parts[0]) && name.hasSuffix(parts[parts.count - 1])
      }
      #expect(listed, "\(name) is not in FILES")
    }
  }
}
