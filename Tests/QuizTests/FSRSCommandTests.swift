import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("quiz fsrs fit and evaluate")
struct FSRSCommandTests {
  /// A fresh record of the learner's history, and the variables that point quiz at it.
  func history() throws -> (folder: TemporaryFolder, variables: [String: String]) {
    let folder = try TemporaryFolder()
    let state = folder.path + "/state"
    try SimulatedLearner().record(into: URL(fileURLWithPath: state))

    return (folder, Self.variables(state))
  }

  static func variables(_ state: String) -> [String: String] {
    ["QUIZ_STATE": state, "QUIZ_NOW": "2026-01-01T08:00:00Z", "QUIZ_FSRS_FUZZ": "0"]
  }

  /// The weights of `fit --json`, every bit of them (JSONSerialization on Linux reads doubles
  /// less exactly).
  func parameters(_ text: String) throws -> [Double] {
    struct Fit: Decodable { var parameters: [Double] }
    return try JSONDecoder().decode(Fit.self, from: Data(text.utf8)).parameters
  }

  /// The JSON object quiz printed.
  func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(
    "A fit of a year of reviews gives 21 weights within FSRS's bounds, no worse than the defaults")
  func fitJSON() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    let result = runQuiz(["fsrs", "fit", "--json"], variables: variables)
    #expect(result.status == .success, "\(result.error)")
    let json = try object(result.out)
    let weights = try parameters(result.out)
    #expect(weights.count == 21)
    for (index, weight) in weights.enumerated() {
      #expect(FSRSParameters.weightBounds[index].contains(weight), "w\(index) = \(weight)")
    }
    #expect(json["outcome"] as? String == "trained")
    let items = try #require(json["items"] as? Int)
    #expect(items > 200)
    #expect((json["trainedItems"] as? Int ?? 0) > 0)
    let logLoss = try #require(json["logLoss"] as? Double)
    let defaultLogLoss = try #require(json["defaultLogLoss"] as? Double)
    #expect(logLoss <= defaultLogLoss)
    #expect((json["rmse"] as? Double ?? -1) >= 0)
    #expect(json["saved"] as? Bool == false)
    // The same history gives the same weights, to the last bit: the seed is fixed.
    #expect(runQuiz(["fsrs", "fit", "--json"], variables: variables).out == result.out)
  }

  @Test(
    "--seed orders the optimizer's batches: fsrs-rs's 2023 by default, another seed, another fit")
  func fitSeed() throws {
    // More items than one batch holds, so that their order matters.
    let folder = try TemporaryFolder()
    let state = folder.path + "/state"
    try SimulatedLearner(cards: 300, newPerDay: 10, days: 120).record(
      into: URL(fileURLWithPath: state))
    let variables = Self.variables(state)
    let plain = runQuiz(["fsrs", "fit", "--json"], variables: variables)
    #expect(try #require(try object(plain.out)["trainedItems"] as? Int) > 512)
    let seeded = runQuiz(["fsrs", "fit", "--json", "--seed", "2023"], variables: variables)
    #expect(seeded.status == .success, "\(seeded.error)")
    #expect(seeded.out == plain.out)
    let other = runQuiz(["fsrs", "fit", "--json", "--seed", "7"], variables: variables)
    #expect(try parameters(other.out) != (try parameters(plain.out)))
    #expect(
      runQuiz(["fsrs", "fit", "--json", "--seed", "7"], variables: variables).out == other.out)
  }

  @Test("evaluate and fit print aligned tables within 80 columns")
  func tables() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    var narrow = variables
    narrow["COLUMNS"] = "80"
    let evaluate = runQuiz(["fsrs", "evaluate"], variables: narrow) { $0.width = 80 }
    #expect(evaluate.status == .success, "\(evaluate.error)")
    #expect(evaluate.out.contains("FSRS's defaults"))
    #expect(evaluate.out.contains("SM-2 (as a predictor)"))
    #expect(evaluate.out.contains("Predictor") && evaluate.out.contains("Log loss  RMSE (bins)"))
    #expect(evaluate.out.contains("No fitted weights are saved"))
    let fit = runQuiz(["fsrs", "fit"], variables: narrow) { $0.width = 80 }
    #expect(fit.status == .success, "\(fit.error)")
    #expect(fit.out.contains("All 21 weights trained on"))
    #expect(fit.out.contains("w0–w6"))
    #expect(fit.out.contains("Fitted now"))
    #expect(fit.out.contains("Not saved: 'quiz fsrs fit --save'"))
    for line in (evaluate.out + fit.out).split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
    // The figures' columns end where their headings do.
    let lines = evaluate.out.split(separator: "\n")
    let heading = try #require(lines.first { $0.hasPrefix("Predictor") })
    let row = try #require(lines.first { $0.hasPrefix("FSRS's defaults") })
    let sm2 = try #require(lines.first { $0.hasPrefix("SM-2 (as a predictor)") })
    #expect(heading.count == row.count && sm2.count == row.count)
    #expect(lines.firstIndex(of: sm2)! < lines.firstIndex(of: row)!)
  }

  @Test("evaluate gives SM-2's figures, as a predictor, on the same items as FSRS's")
  func evaluateSM2() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    let result = runQuiz(["fsrs", "evaluate", "--json"], variables: variables)
    #expect(result.status == .success, "\(result.error)")
    let json = try object(result.out)
    let sm2 = try #require(json["sm2"] as? [String: Any])
    let defaults = try #require(json["default"] as? [String: Any])
    let logLoss = try #require(sm2["logLoss"] as? Double)
    let rmse = try #require(sm2["rmse"] as? Double)
    // The same figures as SM-2 replayed on the journal's grades directly.
    let store = try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: folder.path + "/state"))
    let set = try FSRSTrainingSet(cards: store.fsrsHistory().cards)
    let expected = try #require(set.evaluateSM2())
    #expect(expected.itemCount == json["items"] as? Int)
    #expect(abs(logLoss - expected.logLoss) < 1e-12 && abs(rmse - expected.rmse) < 1e-12)
    // The learner's memory follows FSRS: FSRS's defaults predict it better than SM-2 does.
    #expect(logLoss > (defaults["logLoss"] as? Double ?? .infinity))
    let text = runQuiz(["fsrs", "evaluate"], variables: variables).out
    #expect(text.contains("SM-2 (as a predictor)"))
    // The table's heading is bold on a terminal, unless --no-color says otherwise.
    #expect(
      runQuiz(["fsrs", "evaluate"], variables: variables, terminal: true).out.contains("\u{1B}[1m"))
    let plain = runQuiz(["fsrs", "evaluate", "--no-color"], variables: variables, terminal: true)
    #expect(!plain.out.contains("\u{1B}["))
    #expect(text.replacingOccurrences(of: "\n", with: " ").contains("0.9^(t/I)"))
  }

  @Test("--save keeps the weights, and a later --scheduler fsrs session schedules with them")
  func saveAndSchedule() throws {
    let (folder, variables) = try history()
    let fit = runQuiz(["fsrs", "fit", "--save", "--json"], variables: variables)
    #expect(fit.status == .success, "\(fit.error)")
    let json = try object(fit.out)
    #expect(json["saved"] as? Bool == true)
    let fitted = try parameters(fit.out)
    let state = URL(fileURLWithPath: folder.path + "/state")
    let saved = try #require(try SavedFSRSParameters.load(in: state))
    #expect(saved.weights == fitted)
    #expect(saved.items == json["items"] as? Int)
    #expect(Timestamp.format(saved.fittedAt) == "2026-01-01T08:00:00.000Z")

    let evaluate = runQuiz(["fsrs", "evaluate", "--json"], variables: variables)
    let savedFigures = try #require(try object(evaluate.out)["saved"] as? [String: Any])
    #expect(savedFigures["logLoss"] as? Double == json["logLoss"] as? Double)

    // A new card graded Good, then Good again after its 10-minute learning step, graduates with
    // an interval that the first stability w2 decides.
    var later = variables
    later["QUIZ_NOW"] = "2026-01-01T08:10:00Z"
    for variables in [variables, later] {
      let session = runQuiz(
        ["--scheduler", "fsrs", "--card", "clay"], variables: variables,
        input: ScriptedInput(["", "4"]))
      #expect(session.status == .success, "\(session.error)")
    }
    let fittedDays = try Self.graduation(weights: saved.weights)
    #expect(fittedDays != (try Self.graduation(weights: FSRSParameters.defaultWeights)))
    let export = runQuiz(
      ["export", "--format", "json", "--scheduler", "fsrs"], variables: variables)
    let cards = try #require(try object(export.out)["cards"] as? [[String: Any]])
    let clay = try #require(cards.first { $0["id"] as? String == "clay" })
    #expect(clay["interval"] as? Int == fittedDays)
    #expect(clay["fsrsState"] as? String == "review")
  }

  /// The interval of a new card graded Good, then Good 10 minutes later, under `weights`.
  static func graduation(weights: [Double]) throws -> Int {
    let scheduler = FSRSReviewScheduler(
      parameters: try FSRSParameters(weights: weights, fuzzing: false))
    let day = try #require(Day(year: 2026, month: 1, day: 1))
    let start = try #require(Timestamp.parse("2026-01-01T08:00:00Z"))
    let learning = scheduler.review(.new(due: day), grade: 4, on: day, at: start)
    return scheduler.review(learning, grade: 4, on: day, at: start + 600).interval
  }

  @Test("--save keeps the weights in use when the fit predicts the history worse than they do")
  func saveRefuses() throws {
    let (folder, variables) = try history()
    let state = URL(fileURLWithPath: folder.path + "/state")
    // The learner's own weights, saved as if fitted before.
    let truth = try SavedFSRSParameters(
      weights: SimulatedLearner.trueWeights, fittedAt: Date(timeIntervalSince1970: 0), items: 1)
    try truth.save(in: state)
    let fit = runQuiz(["fsrs", "fit", "--save", "--json"], variables: variables)
    #expect(fit.status == .success, "\(fit.error)")
    let json = try object(fit.out)
    let fitted = try #require(json["logLoss"] as? Double)
    let before = try #require(json["savedLogLoss"] as? Double)
    #expect(json["saved"] as? Bool == (fitted <= before))
    let kept = try #require(try SavedFSRSParameters.load(in: state))
    #expect(kept.weights == (fitted <= before ? try parameters(fit.out) : truth.weights))

    #expect(
      FSRSCommand.refusal(.trained(items: 100), fitted: 0.35, inUse: 0.34, savedBefore: true)
        == "their log loss, 0.3500, is worse than the 0.3400 of the weights in use (those "
        + "saved before), which stay")
    #expect(
      FSRSCommand.refusal(.trained(items: 100), fitted: 0.34, inUse: 0.34, savedBefore: true) == nil
    )
    #expect(
      FSRSCommand.refusal(.defaults(.tooFewItems(3)), fitted: 0.3, inUse: 0.4, savedBefore: false)
        != nil)
  }

  @Test("A damaged parameters file is an error naming the file and line, under FSRS only")
  func damagedFile() throws {
    let (folder, variables) = try history()
    let file = folder.path + "/state/fsrs-parameters.json"
    try "{\n  \"version\" : 1,\n  \"weights\" : [0.2, oops]\n}\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    for arguments in [
      ["fsrs", "evaluate"], ["fsrs", "fit", "--save"], ["stats", "--scheduler", "fsrs"],
    ] {
      let result = runQuiz(arguments, variables: variables)
      #expect(result.status == .failure, "\(arguments)")
      #expect(
        result.error.contains("\(file):3 is not FSRS parameters: not JSON"), "\(result.error)")
      #expect(result.out.isEmpty)
    }
    #expect(runQuiz(["stats"], variables: variables).status == .success)

    var weights = FSRSParameters.defaultWeights.map { "    \($0)" }
    weights[3] = "    120"
    try
      ("{\n  \"fittedAt\" : \"2026-01-01T08:00:00Z\",\n  \"version\" : 1,\n  \"weights\" : [\n"
      + weights.joined(separator: ",\n") + "\n  ]\n}\n").write(
        toFile: file, atomically: true, encoding: .utf8)
    let outOfBounds = runQuiz(["--scheduler", "fsrs", "--card", "clay"], variables: variables)
    #expect(outOfBounds.status == .failure)
    #expect(outOfBounds.error.contains("\(file):8 is not FSRS parameters: FSRS weight w3 is 120.0"))

    try "{\"version\": 2, \"weights\": []}".write(toFile: file, atomically: true, encoding: .utf8)
    let newer = runQuiz(["fsrs", "evaluate", "--json"], variables: variables)
    #expect(newer.status == .failure)
    #expect(newer.error.contains("\(file):1 was written by a newer quiz"))
  }

  @Test("An empty state is too few reviews, said so, with exit status 0")
  func emptyState() throws {
    let folder = try TemporaryFolder()
    let variables = Self.variables(folder.path + "/state")
    let evaluate = runQuiz(["fsrs", "evaluate"], variables: variables)
    #expect(evaluate.status == .success)
    #expect(
      evaluate.out.hasPrefix("Too few reviews to evaluate FSRS: 0 reviews of 0 cards give 0 items.")
    )
    #expect(
      evaluate.out.replacingOccurrences(of: "\n", with: " ")
        .contains("at least a day after the card's previous one"))
    let fit = runQuiz(["fsrs", "fit", "--save"], variables: variables)
    #expect(fit.status == .success)
    #expect(fit.out.hasPrefix("Too few reviews to fit FSRS's weights: 0 reviews"))
    #expect(fit.out.contains("Not saved: the fit gave FSRS's defaults"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"))
    let fitJSON = runQuiz(["fsrs", "fit", "--json"], variables: variables)
    #expect(try parameters(fitJSON.out) == FSRSParameters.defaultWeights)
    let json = try object(fitJSON.out)
    #expect(json["outcome"] as? String == "defaults" && json["reason"] as? String == "tooFewItems")
    #expect(json["items"] as? Int == 0 && json["logLoss"] is NSNull)
    let figures = try object(runQuiz(["fsrs", "evaluate", "--json"], variables: variables).out)
    #expect(figures["items"] as? Int == 0 && figures["saved"] is NSNull)
    let sm2 = try #require(figures["sm2"] as? [String: Any])
    #expect(sm2["logLoss"] is NSNull && sm2["rmse"] is NSNull)
  }

  @Test("Undone reviews are left out of the history the commands read")
  func undone() throws {
    let history = try ReviewHistory()
    try history.grade([("a", 4), ("b", 4)], on: "2026-11-20")
    try history.session(on: "2026-11-21") { store in
      try store.record(4, for: "a")
      try store.record(1, for: "b")
      try store.undo()
    }
    let json = try object(
      runQuiz(["fsrs", "evaluate", "--json"], variables: history.variables).out)
    #expect(json["reviews"] as? Int == 3)
    #expect(json["items"] as? Int == 1)
    #expect(json["cards"] as? Int == 2)
  }

  @Test("Usage: one action, --save with fit only, and the command in help and completions")
  func usage() {
    let unknown = runQuiz(["fsrs", "evalute"])
    #expect(unknown.status == .usage)
    #expect(
      unknown.error.contains("no action 'evalute'; the actions are fit, evaluate and simulate"))
    #expect(unknown.error.contains("Did you mean 'quiz fsrs evaluate'?"))
    #expect(runQuiz(["fsrs"]).status == .usage)
    #expect(runQuiz(["fsrs", "evaluate", "--save"]).error.contains("--save goes with"))
    #expect(runQuiz(["help", "fsrs"]).out.contains("Usage: quiz fsrs ACTION [options]"))
    #expect(runQuiz(["--help"]).out.contains("fsrs"))
    let bash = runQuiz(["completions", "bash"]).out
    #expect(bash.contains("fsrs") && bash.contains("evaluate") && bash.contains("--save"))
    let page = runQuiz(["man"]).out
    #expect(page.contains(#"fsrs\-parameters.json"#))
  }
}
