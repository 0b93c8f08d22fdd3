import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("Study on one's own terms")
struct OwnTermsTests {
  func state(_ harness: SessionHarness) throws -> ReviewState {
    try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: harness.state.path)).state
  }

  @Test("--more-new N gives N more new cards once the day's are done, and the summary says so")
  func moreNew() throws {
    let harness = try SessionHarness()
    _ = harness.run(["--new", "1"], lines: ["", "4"])
    let done = harness.run(["--new", "1"], lines: [])
    #expect(done.out.contains("today's new cards are done (--more-new N gives N more)."))
    #expect(!done.out.contains("--new N allows more"))
    let more = harness.run(["--new", "1", "--more-new", "1"], lines: ["", "4"])
    #expect(more.out.contains("0 due, 1 new"))
    #expect(more.out.contains("1 new card beyond today's limit of 1;"))
    #expect(try state(harness).cards.count == 2)
  }

  @Test("a --topic session takes the topic's new cards when the day's are spent")
  func topicBeyondBudget() throws {
    let harness = try SessionHarness()
    _ = harness.run(["--new", "1"], lines: ["", "4"])
    let cram = harness.run(["--topic", "Soil", "--new", "1"], lines: ["", "4"])
    #expect(cram.out.contains("0 due, 1 new — topic Soil"))
    #expect(cram.out.contains("beyond today's limit"))
  }

  @Test("--ahead N reviews the cards due in the next N days, as SM-2 reviews them today")
  func ahead() throws {
    let harness = try SessionHarness()
    _ = harness.run(["--card", "clay"], lines: ["", "4"])
    let before = try #require(try state(harness).cards["clay"])
    let nothing = harness.run(["--new", "0"], lines: [])
    #expect(nothing.out.contains("Nothing to review"))
    let early = harness.run(["--new", "0", "--ahead", "1"], lines: ["", "5"])
    #expect(early.out.contains("1 due, 0 new"))
    #expect(early.out.contains("1 card was reviewed before its day"))
    let after = try #require(try state(harness).cards["clay"])
    let today = before.due - 1
    let expected = SM2.review(before, grade: 5, on: today, at: try #require(after.lastReview))
    #expect(after == expected)
    #expect(after.due == today + 6)
  }
}
