import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

@Suite("Drill transcripts")
struct DrillTranscriptTests {
  static let deck = """
    # Talks

    ## Interview · Bugs · race
    Tell me about a bug you fixed.

    ---

    It was a data race.

    Listen for: the cause found
    before the fix; a test that failed first; and what changed after.
    """

  @Test("writes per question the prompt, the answer, the time, the grade and a checklist")
  func transcript() throws {
    let harness = try SessionHarness()
    let folder = try TemporaryFolder()
    let file = folder.path + "/drill.md"
    let clock = ManualClock()
    let input = ScriptedInput(
      timed: [("A race on the cache.", delay: 42), ("4", delay: 1)], interactive: false,
      clock: clock)
    let result = runQuiz(
      ["drill", "--seed", "1", "--transcript", file], variables: harness.variables,
      shipped: [("talks.md", Self.deck)], input: input
    ) { $0.monotonic = clock.clock }
    #expect(result.status == .success)
    #expect(result.out.contains("The transcript is in \(file)."))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasPrefix("# Drill, 2026-11-29 (seed 1)\n\n1 of 1 right (3 or better)"))
    #expect(
      text.contains(
        """
        ## 1. Bugs

        `race` · interview · Bugs

        Tell me about a bug you fixed.

        **Your answer** (43 s):

        ```text
        A race on the cache.
        ```

        **Grade:** 4 of 5 (4 right, after a pause)

        **What interviewers listen for:**

        - [ ] the cause found before the fix
        - [ ] a test that failed first
        - [ ] what changed after

        """))
  }

  @Test("refuses a transcript file that exists, before the drill, leaving it as it was")
  func existing() throws {
    let harness = try SessionHarness()
    let folder = try TemporaryFolder()
    let file = try folder.write("notes.md", "my notes\n")
    let result = harness.run(["drill", "--transcript", file], lines: ["", "4", "", "4"])
    #expect(result.status == .usage)
    #expect(result.error.contains("--transcript \(file): already exists; name a new file"))
    #expect(!result.out.contains("Drill:"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "my notes\n")
  }

  @Test("refuses, before the first question, a transcript whose folder is not there")
  func missingFolder() throws {
    let harness = try SessionHarness()
    let folder = try TemporaryFolder()
    let file = folder.path + "/no-such-folder/drill.md"
    let result = harness.run(["drill", "--transcript", file], lines: ["", "4", "", "4"])
    #expect(result.status == .usage)
    #expect(result.error.contains("there is no folder \(folder.path)/no-such-folder"))
    #expect(!result.out.contains("Drill:"))
  }

  @Test("marks an answer out of time, and one with nothing typed")
  func outOfTime() throws {
    let harness = try SessionHarness()
    let folder = try TemporaryFolder()
    let file = folder.path + "/drill.md"
    let result = runQuiz(
      ["drill", "--seed", "1", "--count", "1", "--time-limit", "5", "--transcript", file],
      variables: harness.variables,
      input: ScriptedInput(events: [.timedOut(typed: ""), .line("")]))
    #expect(result.status == .success)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains(", out of time):\n\n_Nothing typed._\n\n**Grade:** 0 of 5"))
  }
}
