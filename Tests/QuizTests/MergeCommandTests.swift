import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("quiz merge")
struct MergeCommandTests {
  /// Two machines' state folders: the laptop graded planter and clay, the desktop clay and
  /// suspended wet.
  func twoMachines() throws -> (laptop: ReviewHistory, desktop: ReviewHistory) {
    let laptop = try ReviewHistory()
    let desktop = try ReviewHistory()
    try laptop.grade([("planter", 4), ("clay", 5)], on: "2026-11-27")
    try desktop.session(on: "2026-11-28") { store in
      try store.record(3, for: "clay")
      try store.suspend("wet")
    }
    return (laptop, desktop)
  }

  /// The JSON export of a state folder, parsed.
  func export(_ history: ReviewHistory) throws -> [String: Any] {
    let result = runQuiz(["export"], variables: history.variables)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
  }

  @Test("adds the other folder's events, and says what was added and what there is now")
  func merges() throws {
    let (laptop, desktop) = try twoMachines()
    let result = runQuiz(["merge", desktop.folder.path], variables: laptop.variables)
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0] == "Added 1 review and 1 suspension from \(desktop.folder.path).")
    #expect(lines[1] == "The journal now holds 4 events; 2 cards have a review history.")
    #expect(
      lines[2].hasPrefix(
        "The journal as it was is kept as \(laptop.folder.path)/reviews-before-merge-"))
    let state = try laptop.saved()
    #expect(state.cards["clay"]?.reviews == 2)
    #expect(state.suspended == ["wet"])
    #expect(state.reviews(on: Day(year: 2026, month: 11, day: 28)!) == 1)
  }

  @Test("adds nothing the second time, in either direction, so no review counts twice")
  func idempotent() throws {
    let (laptop, desktop) = try twoMachines()
    #expect(
      runQuiz(["merge", desktop.folder.path], variables: laptop.variables).status == .success)
    let journal = laptop.journal()

    let again = runQuiz(["merge", desktop.folder.path], variables: laptop.variables)
    #expect(again.status == .success)
    #expect(
      again.out == "Nothing new in \(desktop.folder.path): the journal still holds 4 events.\n")
    #expect(laptop.journal() == journal)

    // The desktop takes the laptop's, then the laptop the desktop's merged folder.
    #expect(
      runQuiz(["merge", laptop.folder.path], variables: desktop.variables).status == .success)
    let back = runQuiz(["merge", desktop.folder.path], variables: laptop.variables)
    #expect(back.out.hasPrefix("Nothing new"))
    #expect(laptop.journal() == journal)

    for history in [laptop, desktop] {
      let json = try export(history)
      let reviews = (json["reviews"] as? [[String: Any]] ?? []).filter {
        $0["type"] as? String == "review"
      }
      #expect(reviews.count == 3)
      #expect(Set(reviews.compactMap { $0["id"] as? String }).count == 3)
      let cards = json["cards"] as? [[String: Any]] ?? []
      let counts = cards.map { $0["reviews"] as? Int ?? -1 }
      #expect(counts == [1, 2, 0])  // planter, clay, wet
      let stats = runQuiz(["stats", "--json"], variables: history.variables).out
      let heatmap =
        (try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any])?["heatmap"]
        as? [[String: Any]] ?? []
      #expect(heatmap.map { $0["reviews"] as? Int ?? 0 }.reduce(0, +) == 3)
    }
  }

  @Test("accepts the other folder's reviews.jsonl in place of the folder")
  func journalPath() throws {
    let (laptop, desktop) = try twoMachines()
    let result = runQuiz(
      ["merge", desktop.folder.path + "/reviews.jsonl"], variables: laptop.variables)
    #expect(result.status == .success)
    #expect(result.out.hasPrefix("Added 1 review and 1 suspension from \(desktop.folder.path)."))
  }

  @Test("fails, naming the file, when the other folder has no journal, and creates nothing")
  func missingJournal() throws {
    let folder = try TemporaryFolder()
    let state = folder.path + "/state"
    let other = folder.path + "/elsewhere"
    let result = runQuiz(["merge", other, "--state", state])
    #expect(result.status == .failure)
    #expect(
      result.error
        == "quiz: \(other)/reviews.jsonl does not exist: there is no review journal to merge there.\n"
    )
    #expect(!FileManager.default.fileExists(atPath: state))
  }

  @Test("fails with a clear message while another session uses the state folder, exit 1")
  func locked() throws {
    let (laptop, desktop) = try twoMachines()
    let session = try ReviewStore.open(
      folder: laptop.url, dayClock: DayClock(timeZone: .gmt), now: { Date() })
    let journal = laptop.journal()
    let result = runQuiz(["merge", desktop.folder.path], variables: laptop.variables)
    #expect(result.status == .failure)
    #expect(result.out.isEmpty)
    #expect(
      result.error.contains(
        "Another quiz session (process \(getpid())) is using the review state in \(laptop.folder.path); finish that session first."
      ))
    #expect(laptop.journal() == journal)
    try session.close()
  }

  @Test(
    "asks for exactly one folder, exit 64",
    arguments: [
      (["merge"], "quiz merge: name the state folder to merge from"),
      (["merge", "a", "b"], "quiz merge: merge one folder at a time, not 2"),
    ])
  func usage(arguments: [String], message: String) {
    let result = runQuiz(arguments)
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix(message + "\n"))
  }
}
