import Foundation
import Testing

@testable import Scheduler

/// How far apart two Doubles are, relative to the expected one.
func relativeDifference(_ value: Double, _ expected: Double) -> Double {
  value == expected ? 0 : abs(value - expected) / abs(expected)
}

/// Whether `value` is within ``FSRSReferenceTests/tolerance`` of py-fsrs's `expected`.
func isClose(_ value: Double?, _ expected: Double) -> Bool {
  relativeDifference(value ?? .nan, expected) <= FSRSReferenceTests.tolerance
}

@Suite("FSRS against py-fsrs 6.3.2")
struct FSRSReferenceTests {
  /// Stability, difficulty and retrievability may differ from py-fsrs's by this much, relative
  /// to py-fsrs's value (stability is at least 0.001, difficulty at least 1). On Linux they
  /// agree bit for bit, both computing with glibc's `pow`; another C library may differ in a
  /// last bit.
  static let tolerance = 1e-9

  @Test("The reference vectors are there, and cover every branch of review_card")
  func coverage() throws {
    let reference = try FSRSReference.shared.get()
    let reviews = reference.sequences.flatMap(\.reviews)
    #expect(reference.sequences.count >= 10_000)
    #expect(reviews.count >= 40_000)
    #expect(reference.sequences.count { $0.reviews.contains { $0.draw != nil } } >= 1_000)
    #expect(reference.schedulers.first?.parameters == .some(try FSRSParameters(fuzzing: false)))
    #expect(Set(reviews.map(\.state)) == Set(FSRSCard.State.allCases))
    #expect(Set(reviews.map(\.rating)) == Set(FSRSRating.allCases))
    #expect(reviews.contains { $0.due == 36_500 * 86_400_000 })
    // Hard on the first of two steps, and on the only step.
    #expect(reviews.contains { $0.due == 330_000 })
    #expect(reviews.contains { $0.due == 900_000 })
    // Reviews within a day (short-term stability), a day apart to the millisecond, and before
    // the last review.
    #expect(reviews.contains { $0.gap > 0 && $0.gap < 86_400_000 && $0.state == .review })
    #expect(reviews.contains { $0.gap == 86_400_000 })
    #expect(reviews.contains { $0.gap == 86_399_999 })
    #expect(reviews.contains { $0.gap < 0 })
    #expect(reference.sequences.contains { $0.check != nil })
  }

  @Test("Every review of every sequence matches py-fsrs: state, step, memory and due")
  func replay() throws {
    let reference = try FSRSReference.shared.get()
    var mismatches: [String] = []
    var worst = 0.0
    for sequence in reference.sequences {
      let scheduler = reference.schedulers[sequence.scheduler]
      var card = FSRSCard(due: Timestamp.date(milliseconds: sequence.start))
      var now = sequence.start
      for expected in sequence.reviews {
        now += expected.gap
        var draws = 0
        let reviewed = scheduler.review(
          card, rating: expected.rating, at: Timestamp.date(milliseconds: now)
        ) {
          draws += 1
          // A draw py-fsrs did not make is counted, and given a harmless value.
          return expected.draw ?? 0.5
        }.card
        let differences = [
          relativeDifference(reviewed.stability ?? .nan, expected.stability),
          relativeDifference(reviewed.difficulty ?? .nan, expected.difficulty),
        ]
        worst = max(worst, differences.max()!)
        let due = reviewed.due == Timestamp.date(milliseconds: now + expected.due)
        if reviewed.state != expected.state || reviewed.step != expected.step
          || differences.contains(where: { !($0 <= Self.tolerance) }) || !due
          || draws != (expected.draw == nil ? 0 : 1)
        {
          mismatches.append("line \(expected.line): \(reviewed) ≠ \(expected), \(draws) draws")
          break
        }
        card = reviewed
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) sequences differ: \(mismatches.prefix(5))")
    #expect(worst <= Self.tolerance)
  }

  @Test("Retrievability matches py-fsrs's get_card_retrievability, whole days after the review")
  func retrievability() throws {
    let reference = try FSRSReference.shared.get()
    var mismatches: [String] = []
    for sequence in reference.sequences {
      guard let check = sequence.check else { continue }
      let scheduler = reference.schedulers[sequence.scheduler]
      var card = FSRSCard(due: Timestamp.date(milliseconds: sequence.start))
      var now = sequence.start
      for review in sequence.reviews {
        now += review.gap
        card =
          scheduler.review(card, rating: review.rating, at: Timestamp.date(milliseconds: now)) {
            review.draw ?? 0.5
          }.card
      }
      let value = scheduler.retrievability(
        of: card, at: Timestamp.date(milliseconds: now + check.gap))
      if !(relativeDifference(value, check.retrievability) <= Self.tolerance) {
        mismatches.append("line \(sequence.line): \(value) ≠ \(check.retrievability)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) differ: \(mismatches.prefix(5))")
  }
}
