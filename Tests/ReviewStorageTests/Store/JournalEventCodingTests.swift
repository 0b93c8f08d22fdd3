import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("Journal lines")
struct JournalEventCodingTests {
  private static let at = moment("2026-11-29T21:04:05.678Z")
  private static let state = CardState(
    repetitions: 2, easeFactor: 2.3600000000000003, interval: 6, due: day("2026-12-05"),
    needsExtraReview: true, lapses: 1, reviews: 4, lastReview: at)

  static let events: [JournalEvent] = [
    .review(
      ReviewEvent(
        id: UUID(), card: "swift \"quoted\" / ünïcode", at: at, day: day("2026-11-29"),
        grade: 3, seconds: 12.5, before: .new(due: day("2026-11-29")), after: state)),
    .review(
      ReviewEvent(
        id: UUID(), card: "b", at: at, day: day("2026-11-29"), grade: 0, seconds: nil,
        before: state, after: state)),
    .undo(
      UndoEvent(
        id: UUID(), at: at, undoes: UUID(), card: "b", reviewDay: day("2026-11-28"),
        restored: state)),
    .suspension(SuspensionEvent(id: UUID(), card: "c", at: at, isSuspended: true)),
    .suspension(SuspensionEvent(id: UUID(), card: "c", at: at, isSuspended: false)),
    .tornLine(TornLineEvent(id: UUID(), at: at, offset: 1234)),
  ]

  @Test("Every kind of event reads back as it was written", arguments: events)
  func roundTrip(event: JournalEvent) throws {
    let line = try event.encodedLine()
    #expect(!line.contains(UInt8(ascii: "\n")))
    #expect(try JournalEvent.decode(line: line) == event)
  }

  @Test("A line without \"v\" or \"type\" is a version-1 review; unknown keys are ignored")
  func defaults() throws {
    let line = #"""
      {"id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","at":"2026-11-29T10:00:00Z",
       "day":"2026-11-29","grade":4,"before":{},"after":{"repetitions":1},"mood":"happy"}
      """#
    guard case .review(let review) = try JournalEvent.decode(line: Data(line.utf8)) else {
      Issue.record("Not a review")
      return
    }
    #expect(review.before == CardState(due: Day(daysSince1970: 0)))
    #expect(review.after.repetitions == 1)
    #expect(review.seconds == nil)
  }

  @Test(
    "Lines that are not events are refused",
    arguments: [
      #"{"type":"dance","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00Z"}"#,
      #"{"id":"nope","card":"a","at":"2026-11-29T10:00:00Z"}"#,
      #"{"v":1,"id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","at":"yesterday"}"#,
      #"{"v":0}"#,
      #"[]"#,
    ])
  func malformed(line: String) {
    #expect(throws: JournalEvent.LineError.self) { try JournalEvent.decode(line: Data(line.utf8)) }
  }

  @Test("An event's id is written as Foundation writes it, in lowercase")
  func idText() {
    var generator = SeededGenerator(seed: 3)
    var ids = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]
    ids.append(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!)
    for _ in 0..<2_000 {
      let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
      ids.append(
        UUID(
          uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
          )))
    }
    for id in ids { #expect(id.journalText == id.uuidString.lowercased()) }
  }
}
