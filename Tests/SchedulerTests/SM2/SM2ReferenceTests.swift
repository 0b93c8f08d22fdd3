import Foundation
import SchedulerTestSupport
import Testing

@testable import Scheduler

/// The vectors that Scripts/sm2-reference/generate.py makes with the `sm-2` package 0.3.0, in
/// Scripts/sm2-reference/sm2-reference.json.
private struct ReferenceVectors: Decodable {
  struct Step: Decodable {
    let grade: Int
    let repetitions: Int
    let easeFactor: Double
    let easeFactorBits: String
    let interval: Int
    let due: Day
    let needsExtraReview: Bool

    init(from decoder: any Decoder) throws {
      var columns = try decoder.unkeyedContainer()
      grade = try columns.decode(Int.self)
      repetitions = try columns.decode(Int.self)
      easeFactor = try columns.decode(Double.self)
      easeFactorBits = try columns.decode(String.self)
      interval = try columns.decode(Int.self)
      due = try columns.decode(Day.self)
      needsExtraReview = try columns.decode(Bool.self)
    }
  }

  struct Sequence: Decodable {
    let mix: String
    let steps: [Step]
  }

  let package: String
  let start: Day
  let sequences: [Sequence]

  static func load() throws -> ReferenceVectors {
    // Read from the source tree rather than as a bundle resource, so Package.swift needs no entry.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = root.appending(path: "Scripts/sm2-reference/sm2-reference.json")
    return try JSONDecoder().decode(ReferenceVectors.self, from: Data(contentsOf: url))
  }
}

@Suite("SM-2 against sm-2 0.3.0")
struct SM2ReferenceTests {
  @Test("The reference vectors are there, and cover the edges")
  func coverage() throws {
    let vectors = try ReferenceVectors.load()
    let steps = vectors.sequences.flatMap(\.steps)
    #expect(vectors.package == "sm-2 0.3.0")
    #expect(vectors.sequences.count == 200)
    #expect(steps.contains { $0.easeFactor == SM2.minimumEaseFactor })
    #expect(steps.contains { $0.needsExtraReview })
    #expect(steps.contains { $0.interval > 10_000 })
    #expect(Set(steps.map(\.grade)) == Set(0...5))
  }

  @Test("Every step of every sequence matches exactly, EF bit for bit")
  func replay() throws {
    let vectors = try ReferenceVectors.load()
    let at = moment("2026-01-01T00:00:00Z")
    var mismatches: [String] = []
    for (index, sequence) in vectors.sequences.enumerated() {
      var state = CardState.new(due: vectors.start)
      for (number, step) in sequence.steps.enumerated() {
        // Each review happens on the day the card is due.
        state = SM2.review(state, grade: Grade(rawValue: step.grade)!, on: state.due, at: at)
        let expectedBits = UInt64(step.easeFactorBits, radix: 16)
        if state.repetitions != step.repetitions || state.interval != step.interval
          || state.due != step.due || state.needsExtraReview != step.needsExtraReview
          || state.easeFactor.bitPattern != expectedBits
        {
          mismatches.append("sequence \(index) step \(number + 1): \(state) ≠ \(step)")
          break
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}
