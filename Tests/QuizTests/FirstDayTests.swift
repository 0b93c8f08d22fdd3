import Foundation
import Testing

@testable import QuizApp

/// A deck in course order: four interview problems first, then three trick questions.
let interviewFirstDeck =
  "# Course\n\n"
  + (1...4).map {
    "## Interview · Lists · int\($0)\nProblem \($0)?\n\n---\n\nAnswer \($0).\n\nListen for: it.\n\n"
  }
  .joined()
  + (1...3).map { "## Trick · Sheets · trick\($0)\nQuestion \($0)?\n\n---\n\nAnswer \($0).\n\n" }
  .joined()

@Suite("A first day")
struct FirstDayTests {
  /// The ids of the cards a piped session showed, in order, each graded 4.
  func shown(_ arguments: [String] = [], harness: SessionHarness) throws -> [String] {
    let result = harness.run(
      arguments, lines: Array(repeating: ["", "4"], count: 10).flatMap { $0 },
      deck: interviewFirstDeck)
    #expect(result.status == .success, "\(result.error)")
    return result.out.split(separator: "\n").compactMap { line in
      line.hasPrefix("[") ? line.split(separator: " ").last.map(String.init) : nil
    }
  }

  @Test(
    "new cards open with a short one and take turns by kind, with two interview problems at most, never side by side"
  )
  func interleaved() throws {
    #expect(
      try shown(harness: SessionHarness())
        == ["trick1", "int1", "trick2", "int2", "trick3"])
  }

  @Test("--interview-per-day sets how many interview problems a day brings")
  func setting() throws {
    #expect(
      try shown(["--interview-per-day", "0"], harness: SessionHarness())
        == ["trick1", "trick2", "trick3"])
  }

  @Test("a second session the same day brings no more interview problems than the day allows")
  func secondSession() throws {
    let harness = try SessionHarness()
    #expect(try shown(["--limit", "2"], harness: harness) == ["trick1", "int1"])
    let second = try shown(harness: harness)
    #expect(second.filter { $0.hasPrefix("int") } == ["int2"])
    #expect(second.count == 3)
  }

  @Test("a session of --kind interview takes every interview problem asked for")
  func askedFor() throws {
    #expect(
      try shown(["--kind", "interview"], harness: SessionHarness())
        == ["int1", "int2", "int3", "int4"])
  }
}
