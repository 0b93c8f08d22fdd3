import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("quiz stats under FSRS")
struct FSRSStatsTests {
  /// The state folder after every garden card was graded 5 under FSRS on 29 November, and wet
  /// suspended.
  func reviewedHistory() throws -> SessionHarness {
    let harness = try SessionHarness()
    var variables = harness.variables
    variables["QUIZ_SCHEDULER"] = "fsrs"
    variables["QUIZ_FSRS_FUZZ"] = "0"
    let session = runQuiz(
      [], variables: variables, input: ScriptedInput(["", "5", "", "5", "", "5"]))
    #expect(session.status == .success, "\(session.error)")
    #expect(runQuiz(["suspend", "wet"], variables: variables).status == .success)
    return harness
  }

  /// `quiz stats` on `harness`'s state ten days later, under `scheduler`.
  func stats(_ harness: SessionHarness, _ scheduler: String, json: Bool) -> String {
    var variables = harness.variables
    variables["QUIZ_NOW"] = "2026-12-09T08:00:00Z"
    let result = runQuiz(
      ["stats", "--scheduler", scheduler] + (json ? ["--json"] : []), variables: variables)
    #expect(result.status == .success, "\(result.error)")
    return result.out
  }

  /// FSRS-6's forgetting curve, written out: R = (1 + factor·t/S)^decay, with decay = −w20 and
  /// factor = 0.9^(1/decay) − 1.
  func curve(days: Double, stability: Double) -> Double {
    let decay = -FSRSParameters.defaultWeights[20]
    let factor = pow(0.9, 1 / decay) - 1
    return pow(1 + factor * days / stability, decay)
  }

  @Test("gives each deck's and topic's mean retrievability today, suspended cards left out")
  func meanRetrievability() throws {
    let harness = try reviewedHistory()
    let state = try ReviewStore.openReadOnly(
      folder: URL(fileURLWithPath: harness.state.path), scheduler: FSRSReviewScheduler()
    ).state
    let planter = try #require(state.cards["planter"]?.fsrs?.stability)
    let clay = try #require(state.cards["clay"]?.fsrs?.stability)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(stats(harness, "fsrs", json: true).utf8))
        as? [String: Any])
    let total = try #require(json["retrievability"] as? [String: Any])
    #expect(total["cards"] as? Int == 2)
    let expected = (curve(days: 10, stability: planter) + curve(days: 10, stability: clay)) / 2
    #expect(abs((total["mean"] as? Double ?? 0) - expected) < 1e-12)
    #expect(expected > 0.5 && expected < 0.95)
    let topics = try #require(json["topics"] as? [[String: Any]])
    let soil = try #require(topics.first { $0["topic"] as? String == "Soil" })
    let soilRecall = try #require(soil["retrievability"] as? [String: Any])
    #expect(soilRecall["cards"] as? Int == 1)
    #expect(abs((soilRecall["mean"] as? Double ?? 0) - curve(days: 10, stability: clay)) < 1e-12)

    let text = stats(harness, "fsrs", json: false)
    let percent = Int((expected * 100).rounded())
    #expect(text.contains("Recall now (FSRS's retrievability): \(percent)% on average over 2"))
    let topicHeader = try #require(text.split(separator: "\n").first { $0.hasPrefix("Topic") })
    #expect(topicHeader.hasSuffix("Recall"))
  }

  @Test("under SM-2, the same state's stats have no retrievability, as before")
  func sm2Unchanged() throws {
    let harness = try reviewedHistory()
    let text = stats(harness, "sm2", json: false)
    #expect(!text.contains("Recall"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(stats(harness, "sm2", json: true).utf8))
        as? [String: Any])
    #expect(json["retrievability"] == nil)
    let total = try #require(json["total"] as? [String: Any])
    #expect(total["retrievability"] == nil)
  }
}
