import Foundation
import Glibc
import QuizTestSupport
import Testing

@testable import QuizApp

/// A config folder holding `quiz/config` with `text`, for `XDG_CONFIG_HOME`.
func configFolder(_ text: String) throws -> TemporaryFolder {
  let folder = try TemporaryFolder()
  try FileManager.default.createDirectory(
    atPath: folder.path + "/quiz", withIntermediateDirectories: true)
  try folder.write("quiz/config", text)
  return folder
}

@Suite("The config file")
struct ConfigFileTests {
  /// The value and source `quiz config` shows for `key`.
  func shown(_ key: String, in out: String) -> String? {
    out.split(separator: "\n").first { $0.hasPrefix(key + " ") }
      .map { $0.dropFirst(key.count).split(separator: " ", omittingEmptySubsequences: true) }
      .map { $0.joined(separator: " ") }
  }

  @Test("a session takes new-per-day from the file")
  func newPerDay() throws {
    let config = try configFolder("# few\nnew-per-day = 1   # a quiet week\n")
    let harness = try SessionHarness()
    var variables = harness.variables
    variables["XDG_CONFIG_HOME"] = config.path
    let result = runQuiz([], variables: variables, input: ScriptedInput(["", "4"]))
    #expect(result.status == .success)
    #expect(result.out.hasPrefix("0 due, 1 new\n"))
  }

  @Test("an option beats the environment, which beats the file, which beats the default")
  func precedence() throws {
    let config = try configFolder("day-start = 5\ncolor = no\n")
    let file = ["XDG_CONFIG_HOME": config.path]
    let environment = file.merging(["QUIZ_DAY_START": "6"]) { $1 }
    #expect(shown("day-start", in: runQuiz(["config"]).out) == "4 default")
    #expect(shown("day-start", in: runQuiz(["config"], variables: file).out) == "5 file, line 1")
    #expect(
      shown("day-start", in: runQuiz(["config"], variables: environment).out)
        == "6 environment QUIZ_DAY_START")
    #expect(
      shown("day-start", in: runQuiz(["config", "--day-start", "7"], variables: environment).out)
        == "7 option --day-start")
    #expect(shown("color", in: runQuiz(["config"], variables: file).out) == "no file, line 2")
    #expect(
      shown("color", in: runQuiz(["config"], variables: ["NO_COLOR": "1"]).out)
        == "no environment NO_COLOR")
  }

  @Test("quiz config names the file: $XDG_CONFIG_HOME/quiz/config, else ~/.config/quiz/config")
  func path() throws {
    let config = try configFolder("")
    #expect(
      runQuiz(["config"], variables: ["XDG_CONFIG_HOME": config.path]).out.hasPrefix(
        "Config file: \(config.path)/quiz/config\n"))
    #expect(
      runQuiz(["config"], variables: ["HOME": "/nowhere"]).out.hasPrefix(
        "Config file: /nowhere/.config/quiz/config (not there)\n"))
  }

  @Test(
    "refuses a bad line, naming the file, the line and what is wrong, with exit 64",
    arguments: [
      ("new-per-day = 5\ncolour = no\n", "2: unknown setting 'colour'; did you mean 'color'?"),
      (
        "\n\nnew-per-day = lots\n",
        "3: new-per-day must be a whole number from 0 to 10000, not 'lots'"
      ),
      ("day-start = 24\n", "1: day-start must be an hour from 0 to 23, not '24'"),
      ("color = maybe\n", "1: color must be yes or no, not 'maybe'"),
      ("leech-action = delete\n", "1: leech-action must be suspend or keep, not 'delete'"),
      (
        "decks = my-decks\n",
        "1: decks must be folders separated by commas, each a path from / or ~/"
      ),
      ("new-per-day\n", "1: 'new-per-day' is not a setting: write 'key = value'"),
      ("day-start = 5\nday-start = 6\n", "2: day-start is set again (first on line 1)"),
    ])
  func badLine(text: String, message: String) throws {
    let config = try configFolder(text)
    let result = runQuiz(["cards"], variables: ["XDG_CONFIG_HOME": config.path])
    #expect(result.status == .usage)
    #expect(result.out.isEmpty)
    #expect(result.error.hasPrefix("quiz: \(config.path)/quiz/config:\(message)"))
  }

  @Test("refuses a config that is a FIFO or too large, without waiting on it")
  func notAPlainFile() throws {
    let fifo = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: fifo.path + "/quiz", withIntermediateDirectories: true)
    #expect(mkfifo(fifo.path + "/quiz/config", 0o600) == 0)
    let piped = runQuiz(["cards"], variables: ["XDG_CONFIG_HOME": fifo.path])
    #expect(piped.status == .usage)
    #expect(piped.error.contains("is not a plain file"))
    let large = try configFolder(String(repeating: "# padding\n", count: 120_000))
    let big = runQuiz(["cards"], variables: ["XDG_CONFIG_HOME": large.path])
    #expect(big.status == .usage)
    #expect(big.error.contains("a config file is at most 1048576"))
  }

  @Test("color = no turns colour off on a terminal")
  func color() throws {
    let config = try configFolder("color = no\n")
    let coloured = runQuiz(["preview", "--limit", "1"], terminal: true)
    #expect(coloured.out.contains("\u{1B}["))
    let plain = runQuiz(
      ["preview", "--limit", "1"], variables: ["XDG_CONFIG_HOME": config.path], terminal: true)
    #expect(!plain.out.contains("\u{1B}["))
  }

  @Test("interview-per-day in the file caps the day's interview problems")
  func interviewPerDay() throws {
    let config = try configFolder("interview-per-day = 0\n")
    let deck = """
      # Talks

      ## Interview · Talks · talk
      Tell me about a bug.

      ---

      It was a race.

      Listen for: a cause.

      ## Trick · Talks · trick
      A trick?

      ---

      Yes.
      """
    let harness = try SessionHarness()
    var variables = harness.variables
    variables["XDG_CONFIG_HOME"] = config.path
    let result = runQuiz(
      [], variables: variables, shipped: [("talks.md", deck)], input: ScriptedInput([]))
    #expect(result.out.hasPrefix("0 due, 1 new\n"))
  }
}
