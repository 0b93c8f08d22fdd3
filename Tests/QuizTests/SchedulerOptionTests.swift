import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("Choosing the scheduler")
struct SchedulerOptionTests {
  /// The JSON export's row for `id`, run with `arguments` and `variables`.
  private func exportedRow(
    _ id: String, _ arguments: [String], _ variables: [String: String]
  ) throws -> [String: Any] {
    let result = runQuiz(
      ["export", "--format", "json"] + arguments, variables: variables,
      shipped: [("garden.md", gardenDeck)])
    #expect(result.status == .success, "\(result.error)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    let cards = try #require(json["cards"] as? [[String: Any]])
    return try #require(cards.first { $0["id"] as? String == id })
  }

  @Test("--scheduler fsrs schedules with FSRS, and the export shows its memory")
  func fsrsOption() throws {
    let harness = try SessionHarness()
    var variables = harness.variables
    variables["QUIZ_FSRS_FUZZ"] = "0"
    let session = runQuiz(
      ["--scheduler", "fsrs", "--card", "clay"], variables: variables,
      shipped: [("garden.md", gardenDeck)], input: ScriptedInput(["", "4"]))
    #expect(session.status == .success, "\(session.error)")
    let row = try exportedRow("clay", ["--scheduler", "fsrs"], variables)
    #expect(row["scheduler"] as? String == "fsrs")
    #expect(row["fsrsState"] as? String == "learning")
    #expect(row["dueAt"] as? String == "2026-11-29T08:10:00.000Z")
    #expect((row["stability"] as? Double ?? 0) > 0)
    #expect((row["difficulty"] as? Double ?? 0) >= 1)
  }

  @Test("The same journal read under SM-2 gives SM-2's state, with no FSRS keys")
  func switchingBack() throws {
    let harness = try SessionHarness()
    var variables = harness.variables
    variables["QUIZ_SCHEDULER"] = "fsrs"
    let session = runQuiz(
      ["--card", "clay"], variables: variables, shipped: [("garden.md", gardenDeck)],
      input: ScriptedInput(["", "5"]))
    #expect(session.status == .success, "\(session.error)")
    #expect(try exportedRow("clay", [], variables)["scheduler"] as? String == "fsrs")
    let row = try exportedRow("clay", ["--scheduler", "sm2"], variables)
    #expect(row["scheduler"] as? String == "sm2")
    #expect(row["fsrsState"] == nil && row["stability"] == nil)
    #expect(row["interval"] as? Int == 1 && row["repetitions"] as? Int == 1)
  }

  @Test("The config file's scheduler is used when no option or variable says otherwise")
  func configFile() throws {
    let harness = try SessionHarness()
    let config = try configFolder("scheduler = fsrs\n")
    var variables = harness.variables
    variables["XDG_CONFIG_HOME"] = config.path
    let session = runQuiz(
      ["--card", "clay"], variables: variables, shipped: [("garden.md", gardenDeck)],
      input: ScriptedInput(["", "4"]))
    #expect(session.status == .success, "\(session.error)")
    #expect(try exportedRow("clay", [], variables)["scheduler"] as? String == "fsrs")
    #expect(runQuiz(["config"], variables: variables).out.contains("scheduler"))
  }

  @Test("An unknown scheduler is a usage error that names the choices")
  func unknown() {
    let result = runQuiz(["stats", "--scheduler", "leitner"])
    #expect(result.status == .usage)
    #expect(result.error.contains("--scheduler takes sm2 or fsrs, not 'leitner'"))
    let variable = runQuiz(["stats"], variables: ["QUIZ_SCHEDULER": "leitner"])
    #expect(variable.status == .usage)
    #expect(variable.error.contains("QUIZ_SCHEDULER"))
  }
}
