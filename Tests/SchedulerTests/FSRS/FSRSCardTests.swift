import Foundation
import SchedulerTestSupport
import Testing

@testable import Scheduler

@Suite("FSRS cards")
struct FSRSCardTests {
  let now = moment("2026-01-01T08:00:00.250Z")

  @Test("A new card is in learning at step 0, with no memory, due when made")
  func newCard() {
    let card = FSRSCard(due: now)
    #expect(card.state == .learning)
    #expect(card.step == 0)
    #expect(card.stability == nil && card.difficulty == nil && card.lastReview == nil)
    #expect(card.due == now)
  }

  @Test("Moments are kept to the millisecond, as quiz's files keep them")
  func milliseconds() throws {
    let milliseconds = Timestamp.milliseconds(now)
    let card = FSRSCard(due: now + 0.000_7)
    #expect(card.due == Timestamp.date(milliseconds: milliseconds + 1))
    let read = try FSRSCard(
      state: .review, step: nil, stability: 3, difficulty: 5, due: now + 0.000_2,
      lastReview: now - 0.000_4)
    #expect(read.due == now && read.lastReview == now)
  }

  @Test("A card read back keeps its values when they keep the invariants")
  func valid() throws {
    let card = try FSRSCard(
      state: .relearning, step: 4, stability: 0.001, difficulty: 10, due: now, lastReview: now)
    #expect(card.state == .relearning && card.step == 4)
    #expect(card.stability == 0.001 && card.difficulty == 10)
  }

  @Test("A step in review, none outside it, or a negative one is refused")
  func steps() {
    #expect(throws: FSRSCardError.step(.review, 0)) {
      try FSRSCard(
        state: .review, step: 0, stability: 1, difficulty: 5, due: now, lastReview: now)
    }
    #expect(throws: FSRSCardError.step(.learning, nil)) {
      try FSRSCard(
        state: .learning, step: nil, stability: nil, difficulty: nil, due: now, lastReview: nil)
    }
    #expect(throws: FSRSCardError.step(.relearning, -1)) {
      try FSRSCard(
        state: .relearning, step: -1, stability: 1, difficulty: 5, due: now, lastReview: now)
    }
  }

  @Test("Stability, difficulty and last review come all together, and only learning lacks them")
  func memory() {
    #expect(throws: FSRSCardError.partialMemory) {
      try FSRSCard(
        state: .learning, step: 0, stability: 1, difficulty: nil, due: now, lastReview: now)
    }
    #expect(throws: FSRSCardError.partialMemory) {
      try FSRSCard(
        state: .learning, step: 0, stability: 1, difficulty: 5, due: now, lastReview: nil)
    }
    #expect(throws: FSRSCardError.neverReviewed(.review)) {
      try FSRSCard(
        state: .review, step: nil, stability: nil, difficulty: nil, due: now, lastReview: nil)
    }
  }

  @Test("A stability below 0.001 days, infinite or NaN, or a difficulty outside 1…10 is refused")
  func bounds() {
    for stability in [0.000_999, 0, -1, .infinity, .nan] {
      #expect(throws: FSRSCardError.self) {
        try FSRSCard(
          state: .review, step: nil, stability: stability, difficulty: 5, due: now,
          lastReview: now)
      }
    }
    for difficulty in [0.999, 10.000_001, .nan, -.infinity] {
      #expect(throws: FSRSCardError.self) {
        try FSRSCard(
          state: .review, step: nil, stability: 1, difficulty: difficulty, due: now,
          lastReview: now)
      }
    }
    #expect(
      FSRSCardError.difficulty(11).description
        == "An FSRS card's difficulty is 11.0; it must be within 1.0…10.0.")
  }

  @Test("A moment outside years ±99,999 is refused rather than trapping")
  func moments() {
    for date in [
      Date(timeIntervalSince1970: 1e15), Date(timeIntervalSince1970: -.infinity),
      Date(timeIntervalSince1970: .nan),
    ] {
      #expect(throws: FSRSCardError.self) {
        try FSRSCard(
          state: .review, step: nil, stability: 1, difficulty: 5, due: date, lastReview: now)
      }
      #expect(throws: FSRSCardError.self) {
        try FSRSCard(
          state: .review, step: nil, stability: 1, difficulty: 5, due: now, lastReview: date)
      }
    }
  }

  @Test("A state's FSRS memory is a value: a copy's change leaves the original as it was")
  func memoryInAState() throws {
    let card = FSRSCard(due: now)
    var state = CardState(due: Day(daysSince1970: 20_454), fsrs: card)
    let original = state
    #expect(state.fsrs == card)
    let later = try FSRSCard(
      state: .review, step: nil, stability: 3, difficulty: 5, due: now, lastReview: now)
    state.fsrs = later
    #expect(state.fsrs == later && original.fsrs == card)
    #expect(state != original)
    state.fsrs = card
    #expect(state == original)
    state.fsrs = nil
    #expect(state.fsrs == nil && state != original && state.scheduler == .sm2)
  }
}
