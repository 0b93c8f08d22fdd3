import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

@Suite("Several deck folders")
struct SeveralDeckFoldersTests {
  /// Two folders of one deck each: `herbs` (basil) and `trees` (oak).
  func twoFolders() throws -> (herbs: TemporaryFolder, trees: TemporaryFolder) {
    let herbs = try TemporaryFolder()
    try herbs.write("herbs.md", "# Herbs\n\n## Trick · Basil · basil\nSun or shade?\n---\nSun.\n")
    let trees = try TemporaryFolder()
    try trees.write("trees.md", "# Trees\n\n## Trick · Oak · oak\nHow old?\n---\nOld.\n")
    return (herbs, trees)
  }

  func ids(_ out: String) -> [String] {
    out.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first }
      .map(String.init)
  }

  @Test("--decks may be repeated: the decks of every folder, in order, without the shipped ones")
  func repeated() throws {
    let (herbs, trees) = try twoFolders()
    let result = runQuiz(["cards", "--decks", herbs.path, "--decks", trees.path])
    #expect(result.status == .success)
    #expect(result.out.contains("basil") && result.out.contains("oak"))
    #expect(!result.out.contains("planter"))
  }

  @Test("reads the shipped decks beside the folders unless told not to")
  func shippedBeside() throws {
    let (herbs, _) = try twoFolders()
    let beside = runQuiz(["cards", "--decks", herbs.path]) {
      $0.variables["QUIZ_SHIPPED_DECKS"] = nil
    }
    #expect(beside.status == .success)
    #expect(beside.out.contains("basil") && beside.out.contains("planter"))
    for off in [["--shipped-decks", "no"], ["--shipped-decks", "auto"]] {
      let alone = runQuiz(["cards", "--decks", herbs.path] + off) {
        $0.variables["QUIZ_SHIPPED_DECKS"] = nil
      }
      #expect(alone.out.contains("basil") && !alone.out.contains("planter"))
    }
    let byVariable = runQuiz(
      ["cards", "--decks", herbs.path], variables: ["QUIZ_SHIPPED_DECKS": "no"])
    #expect(!byVariable.out.contains("planter"))
  }

  @Test("decks = a, b in the config file names the folders, ~/ being the home folder")
  func fromFile() throws {
    let (herbs, trees) = try twoFolders()
    let home = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: home.path + "/trees", withDestinationPath: trees.path)
    let config = try configFolder("decks = \(herbs.path), ~/trees\n")
    let result = runQuiz(
      ["cards"], variables: ["XDG_CONFIG_HOME": config.path, "HOME": home.path])
    #expect(result.status == .success)
    #expect(result.out.contains("basil") && result.out.contains("oak"))
    let shown = runQuiz(
      ["config"], variables: ["XDG_CONFIG_HOME": config.path, "HOME": home.path])
    #expect(shown.out.contains("decks              \(herbs.path), ~/trees  file, line 1"))
  }

  @Test("--shipped-decks yes reads the shipped decks beside the folders; a copy replaces its deck")
  func shipped() throws {
    let (herbs, trees) = try twoFolders()
    let both = runQuiz(["cards", "--decks", herbs.path, "--shipped-decks", "yes"])
    #expect(both.status == .success)
    #expect(both.out.contains("basil") && both.out.contains("planter"))
    // A folder with its own copy of the garden deck: the copy is read, and no id is doubled.
    try herbs.write("garden.md", gardenDeck.replacingOccurrences(of: "Is clay", with: "Is my clay"))
    let copied = runQuiz(["cards", "--decks", herbs.path, "--shipped-decks", "yes"])
    #expect(copied.status == .success)
    #expect(copied.error.isEmpty)
    #expect(copied.out.contains("Is my clay heavy?"))
    let config = try configFolder("shipped-decks = yes\n")
    let fromFile = runQuiz(
      ["cards", "--decks", herbs.path], variables: ["XDG_CONFIG_HOME": config.path])
    #expect(fromFile.out.contains("planter"))
    let none = runQuiz(["cards", "--shipped-decks", "no", "--decks", trees.path])
    #expect(!none.out.contains("planter") && none.out.contains("oak"))
  }

  @Test("the same id in two folders is an error naming both places")
  func doubledID() throws {
    let (herbs, _) = try twoFolders()
    let other = try TemporaryFolder()
    try other.write("more.md", "# More\n\n## Trick · Basil · basil\nAgain?\n---\nYes.\n")
    let result = runQuiz(["check", "--decks", herbs.path, "--decks", other.path])
    #expect(result.status == .failure)
    #expect(
      result.error.contains("error: the id 'basil' is already used at \(herbs.path)/herbs.md:3"))
  }

  @Test("the export says that cards of a folder not read this time were not loaded")
  func notLoaded() throws {
    let (herbs, trees) = try twoFolders()
    let state = try TemporaryFolder()
    let variables = ["QUIZ_STATE": state.path, "QUIZ_NOW": "2026-11-29T08:00:00Z"]
    _ = runQuiz(
      ["--decks", herbs.path, "--decks", trees.path], variables: variables,
      input: ScriptedInput(["", "4", "", "4"]))
    let report = runQuiz(
      ["export", "--format", "md", "--decks", herbs.path], variables: variables)
    #expect(report.out.contains("their folder was not loaded this time (see --decks)"))
    #expect(report.out.contains("| oak |"))
  }
}
