import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

/// What Scripts/anki/make_review_history.py recorded of the fixture `history.apkg`: per card, the
/// review-log lines quiz keeps as history, and how many FSRS items Anki itself made of the log.
struct HistoryFacts: Decodable {
  struct Line: Decodable, Equatable {
    var ms: Int64
    var grade: Int
    var kind: String
    var first: Bool
  }
  var ankiItems: Int
  var items: Int
  var cards: [String: [Line]]
  var logLines: Int

  static func load() throws -> HistoryFacts {
    try JSONDecoder().decode(
      HistoryFacts.self, from: Data(contentsOf: URL(fileURLWithPath: fixturePath("history.json"))))
  }
}

@Suite("Anki's review log as history")
struct AnkiImportHistoryTests {
  let today = Day(year: 2026, month: 12, day: 11)!

  /// A line of card 1's log at `ms` milliseconds.
  func line(
    _ ms: Int64, _ ease: Int64, _ kind: AnkiReview.Kind, factor: Int64 = 2500
  ) -> AnkiReview {
    AnkiReview(
      id: ms, card: 1, ease: ease, interval: 1, lastInterval: 0, factor: factor,
      milliseconds: 4_000, kind: kind)
  }

  @Test("the fixture's log becomes each card's answers in time order, with the grades mapped")
  func fixture() throws {
    let facts = try HistoryFacts.load()
    let collection = try AnkiPackageReader().read(path: fixturePath("history.apkg"))
    #expect(collection.reviews.count == facts.logLines)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let imported = AnkiImport(collection, path: "history.apkg", now: now, today: today)
    let byCard = Dictionary(grouping: imported.history, by: \.card).mapValues { events in
      events.map {
        HistoryFacts.Line(
          ms: Int64(($0.at.timeIntervalSince1970 * 1000).rounded()), grade: $0.grade.rawValue,
          kind: $0.kind.rawValue, first: $0.isFirst)
      }
    }
    #expect(byCard == facts.cards)
    #expect(imported.history.map(\.at) == imported.history.map(\.at).sorted())
    #expect(imported.history.allSatisfy { $0.origin == "anki" })
    // The cram answer, the set due date and the reset are no answers that count.
    #expect(imported.history.count < facts.logLines)
  }

  @Test("Anki's buttons are the grades 1, 3, 4 and 5; a line without a button has none")
  func grades() {
    #expect((0...5).map { AnkiImport.grade(ofButton: $0)?.rawValue } == [nil, 1, 3, 4, 5, nil])
    #expect(AnkiExport.ease(AnkiImport.grade(ofButton: 1)!) == 1)
    for button: Int64 in 1...4 {
      #expect(AnkiExport.ease(AnkiImport.grade(ofButton: button)!) == button)
    }
  }

  @Test("a card's memory starts at the first answer of its last run of learning answers")
  func memoryStart() {
    let lines = [
      line(1_000, 3, .learning), line(2_000, 3, .learning), line(3_000, 3, .review),
      line(4_000, 0, .manual, factor: 0), line(5_000, 1, .learning),
      line(6_000, 3, .filtered, factor: 0),
      line(7_000, 3, .learning), line(8_000, 3, .review),
    ]
    #expect(AnkiImport.memoryStart(of: lines) == 4)
    let history = AnkiImport.history(of: lines, card: "c")
    // The cram answer (filtered, ease factor 0) and the reset are left out.
    #expect(history.map(\.at.timeIntervalSince1970) == [1, 2, 3, 5, 7, 8])
    #expect(history.map(\.isFirst) == [false, false, false, true, false, false])
    #expect(history.map(\.kind) == [.learning, .learning, .review, .learning, .learning, .review])
  }

  @Test("a card reset and not learnt again, or without learning answers, has no start")
  func noStart() {
    let reset = [
      line(1_000, 3, .learning), line(2_000, 3, .review), line(3_000, 0, .manual, factor: 0),
    ]
    #expect(AnkiImport.memoryStart(of: reset) == nil)
    let resetThenReviewed = reset + [line(4_000, 3, .review)]
    #expect(AnkiImport.memoryStart(of: resetThenReviewed) == nil)
    #expect(
      AnkiImport.memoryStart(of: [line(1_000, 3, .review), line(2_000, 1, .relearning)]) == nil)
    // A set due date (manual, with the card's ease factor) is no reset.
    let setDue = [line(1_000, 3, .learning), line(2_000, 0, .manual), line(3_000, 3, .review)]
    #expect(AnkiImport.memoryStart(of: setDue) == 0)
    #expect(AnkiImport.history(of: setDue, card: "c").map(\.isFirst) == [true, false])
  }

  @Test("a filtered deck's answers count when it rescheduled the card, not when it only showed it")
  func filteredDecks() {
    let lines = [
      line(1_000, 3, .learning), line(2_000, 3, .filtered), line(3_000, 4, .filtered, factor: 0),
      line(4_000, 2, .rescheduled, factor: 0),
    ]
    let history = AnkiImport.history(of: lines, card: "c")
    #expect(history.map(\.kind) == [.learning, .filtered])
    #expect(history.map(\.grade) == [4, 4])
  }

  @Test("an answer is kept in 16 bytes with its time taken, grade, kind and start as they were")
  func packedAnswer() {
    #expect(MemoryLayout<AnkiHistory.Answer>.stride == 16)
    let longest = UInt32(AnkiNumber.answerMilliseconds.upperBound)
    for kind in HistoryEvent.Kind.allCases {
      for grade: UInt8 in [1, 3, 4, 5] {
        for (taken, isFirst) in [(0, true), (1, false), (longest, true), (longest, false)] {
          let answer = AnkiHistory.Answer(
            milliseconds: -1, card: .max, taken: taken, grade: grade, kind: kind,
            isFirst: isFirst)
          #expect(answer.milliseconds == -1 && answer.card == .max)
          #expect(answer.taken == taken && answer.grade == grade)
          #expect(answer.kind == kind && answer.isFirst == isFirst)
        }
      }
    }
  }

  @Test("a line's event has the same id in every import, and lines after tomorrow are no history")
  func idsAndDates() throws {
    var collection = sampleCollection()
    let now = Date(timeIntervalSince1970: 1_700_500_000)
    collection.reviews = [
      AnkiReview(
        id: 1_700_100_000_000, card: 100, ease: 3, interval: 1, lastInterval: 0, factor: 2500,
        milliseconds: 0, kind: .learning),
      AnkiReview(
        id: 1_800_000_000_000, card: 100, ease: 3, interval: 1, lastInterval: 0, factor: 2500,
        milliseconds: 0, kind: .review),
    ]
    let first = AnkiImport(collection, path: "x", now: now, today: today)
    let later = AnkiImport(
      collection, path: "x", now: now.addingTimeInterval(86_400 * 3), today: today + 3)
    #expect(first.history.count == 1)
    #expect(first.history.map(\.id) == later.history.map(\.id))
    #expect(first.history.first?.seconds == nil)
    #expect(first.history.first?.isFirst == true)
  }
}
