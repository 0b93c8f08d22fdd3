import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("quiz unsuspend")
struct UnsuspendCommandTests {
  @Test("brings a suspended card back into reviews with the progress it had")
  func unsuspends() throws {
    let history = try ReviewHistory()
    try history.session(on: "2026-11-27") { store in
      try store.record(5, for: "planter")
      try store.suspend("planter")
    }
    let before = try history.saved().cards["planter"]
    let result = runQuiz(["unsuspend", "planter"], variables: history.variables)
    #expect(result.status == .success)
    #expect(result.out == "planter is back in reviews; it is due now.\n")
    let state = try history.saved()
    #expect(state.suspended.isEmpty)
    #expect(state.cards["planter"] == before)
  }

  @Test("says when the card comes back with a due day ahead, or as a new card")
  func dueLaterOrNew() throws {
    let history = try ReviewHistory()
    try history.session(on: "2026-11-29") { store in
      try store.record(5, for: "planter")
      try store.suspend("planter")
      try store.suspend("clay")
    }
    #expect(
      runQuiz(["unsuspend", "planter"], variables: history.variables).out
        == "planter is back in reviews; it is due on 2026-11-30.\n")
    #expect(
      runQuiz(["unsuspend", "clay"], variables: history.variables).out
        == "clay is back in reviews, as a new card.\n")
  }

  @Test("says so when the card is not suspended, and changes nothing")
  func notSuspended() throws {
    let history = try ReviewHistory()
    try history.grade([("planter", 4)], on: "2026-11-27")
    let journal = history.journal()
    for id in ["planter", "wet"] {
      let result = runQuiz(["unsuspend", id], variables: history.variables)
      #expect(result.status == .success)
      #expect(result.out == "\(id) is not suspended; nothing to do.\n")
    }
    #expect(history.journal() == journal)
  }

  @Test("brings back a suspended card that no deck has any more")
  func orphan() throws {
    let history = try ReviewHistory()
    try history.session(on: "2026-11-27") { store in
      try store.suspend("gone")
    }
    let result = runQuiz(["unsuspend", "gone"], variables: history.variables)
    #expect(result.status == .success)
    #expect(try history.saved().suspended.isEmpty)
  }

  @Test("refuses an id that is in no deck and has no history, exit 64, creating nothing")
  func unknown() throws {
    let folder = try TemporaryFolder()
    let state = folder.path + "/state"
    let result = runQuiz(["unsuspend", "planterr", "--state", state])
    #expect(result.status == .usage)
    #expect(
      result.error.hasPrefix(
        "quiz unsuspend: no card has the id 'planterr': it is in no deck and has no review history\n"
      ))
    #expect(!FileManager.default.fileExists(atPath: state))
  }

  @Test("fails with a clear message while another session uses the state folder, exit 1")
  func locked() throws {
    let history = try ReviewHistory()
    try history.session(on: "2026-11-27") { store in try store.suspend("planter") }
    let session = try ReviewStore.open(
      folder: history.url, dayClock: DayClock(timeZone: .gmt), now: { Date() })
    let result = runQuiz(["unsuspend", "planter"], variables: history.variables)
    #expect(result.status == .failure)
    #expect(result.error.contains("Another quiz session"))
    try session.close()
    #expect(try history.saved().suspended == ["planter"])
  }

  @Test(
    "asks for exactly one id, exit 64",
    arguments: [
      (["unsuspend"], "quiz unsuspend: name the card to bring back, by its id"),
      (["unsuspend", "a", "b"], "quiz unsuspend: unsuspend one card at a time, not 2"),
    ])
  func usage(arguments: [String], message: String) {
    let result = runQuiz(arguments)
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix(message + "\n"))
  }
}
