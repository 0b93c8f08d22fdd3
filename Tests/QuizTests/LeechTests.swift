import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("Leeches")
struct LeechTests {
  /// A state where `clay` has lapsed `lapses` times and, recalled the day before, is due today.
  func harness(lapses: Int) throws -> SessionHarness {
    let harness = try SessionHarness()
    let yesterday = try #require(Timestamp.parse(harness.now)).addingTimeInterval(-86_400)
    let store = try ReviewStore.open(
      folder: URL(fileURLWithPath: harness.state.path), dayClock: DayClock(timeZone: .current),
      now: { yesterday })
    for _ in 0..<lapses {
      try store.record(4, for: "clay")
      try store.record(1, for: "clay")
    }
    try store.record(4, for: "clay")
    try store.close()
    return harness
  }

  @Test("a card that lapses for the 8th time is suspended, and the session says so once")
  func suspended() throws {
    let harness = try harness(lapses: 7)
    #expect(try harness.saved().cards["clay"]?.lapses == 7)
    let result = harness.run(["--card", "clay"], lines: ["", "1", "", "1"])
    #expect(result.status == .success)
    #expect(result.out.components(separatedBy: "it is a leech").count == 2)
    #expect(result.out.contains("clay has lapsed 8 times: it is a leech, suspended"))
    let state = try harness.saved()
    #expect(state.suspended.contains("clay"))
    #expect(state.cards["clay"]?.lapses == 8)
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(runQuiz(["stats", "--json"], variables: harness.variables).out.utf8))
        as? [String: Any])
    #expect(json["leeches"] as? Int == 1)
    let text = runQuiz(["stats"], variables: harness.variables).out
    #expect(text.contains("Leeches (8 lapses or more): 1: clay."))
  }

  @Test("with leech-action = keep, a leech stays in reviews, and is still counted")
  func kept() throws {
    let harness = try harness(lapses: 7)
    let config = try configFolder("leech-action = keep\n")
    var variables = harness.variables
    variables["XDG_CONFIG_HOME"] = config.path
    let result = runQuiz(
      ["--card", "clay"], variables: variables, input: ScriptedInput(["", "1", "", "3"]))
    #expect(result.out.contains("it is a leech; it stays in reviews (leech-action = keep)."))
    let state = try harness.saved()
    #expect(!state.suspended.contains("clay"))
    #expect(runQuiz(["stats"], variables: variables).out.contains("Leeches (8 lapses or more): 1"))
  }

  @Test("leech-lapses in the config file sets how many lapses make a leech")
  func threshold() throws {
    let harness = try harness(lapses: 2)
    let config = try configFolder("leech-lapses = 3\n")
    var variables = harness.variables
    variables["XDG_CONFIG_HOME"] = config.path
    #expect(
      runQuiz(["stats"], variables: variables).out.contains("Leeches (3 lapses or more): none."))
    let result = runQuiz(
      ["--card", "clay"], variables: variables, input: ScriptedInput(["", "1"]))
    #expect(result.out.contains("clay has lapsed 3 times: it is a leech, suspended"))
  }
}
