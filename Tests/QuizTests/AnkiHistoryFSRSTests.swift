import Foundation
import ReviewStorage
import Scheduler
import Testing

@Suite("Under FSRS, a card imported from Anki has the memory of its review log")
struct AnkiHistoryFSRSTests {
  let fsrs = FSRSReviewScheduler()
  let base = AnkiHistoryImportTests()

  /// The sample package imported into a new state folder (kept while `state` lives), with the
  /// day clock and the moment the import was made at.
  func importedFolder() throws -> (
    state: TemporaryFolder, folder: URL, clock: DayClock, now: Date
  ) {
    let (state, variables) = try base.imported()
    let now = try #require(ISO8601DateFormatter().date(from: variables["QUIZ_NOW"]! + "Z"))
    return (
      state, URL(fileURLWithPath: state.path), DayClock(timeZone: TimeZone(identifier: "UTC")!),
      now
    )
  }

  /// Each card's imported state, from its import event.
  func imports(_ store: ReviewStore) throws -> [String: CardState] {
    var imports: [String: CardState] = [:]
    for case .imported(let event) in try store.journalEvents() { imports[event.card] = event.state }
    return imports
  }

  /// `card`'s memory folded by hand from the fixture's record, from its last first review.
  func folded(_ lines: [AnkiHistoryImportTests.Facts.Line]) throws -> FSRSCard {
    let found = lines.lastIndex(where: \.first)
    let start = try #require(found)
    var card: FSRSCard?
    for line in lines[start...] {
      let moment = Date(timeIntervalSince1970: Double(line.ms) / 1000)
      let rating = FSRSRating(Grade(rawValue: line.grade)!)
      card =
        fsrs.scheduler.review(card ?? FSRSCard(due: moment), rating: rating, at: moment) {
          0
        }.card
    }
    return try #require(card)
  }

  @Test("each card's stability and difficulty are its log folded through FSRS; its due day stays")
  func memory() throws {
    let (state, _) = try base.imported()
    let store = try ReviewStore.openReadOnly(
      folder: URL(fileURLWithPath: state.path), scheduler: fsrs)
    let imports = try imports(store)
    let facts = try base.facts()
    #expect(imports.count == facts.cards.count)
    for (card, lines) in facts.cards {
      let given = try #require(store.state(of: card))
      let memory = try #require(given.fsrs, "\(card)")
      let expected = try folded(lines)
      #expect(memory.stability == expected.stability, "\(card)")
      #expect(memory.difficulty == expected.difficulty, "\(card)")
      #expect(memory.state == expected.state, "\(card)")
      #expect(memory.lastReview == given.lastReview, "\(card)")
      var withoutMemory = given
      withoutMemory.fsrs = nil
      #expect(withoutMemory == imports[card], "\(card)")
    }
  }

  @Test("the first FSRS review of an imported card in review is a review, scheduled in days")
  func firstReview() throws {
    let (state, _) = try base.imported()
    let store = try ReviewStore.openReadOnly(
      folder: URL(fileURLWithPath: state.path), scheduler: fsrs)
    let before = try #require(store.state(of: "anki-history0002"))
    #expect(before.fsrs?.state == .review)
    let at = try #require(before.lastReview) + 30 * 86_400
    let after = fsrs.review(before, grade: .init(rawValue: 4)!, on: before.due + 30, at: at)
    #expect(after.fsrs?.state == .review)
    #expect(after.interval > 1)
    #expect(after.learningStepEnd == nil)
  }

  @Test("the memory is the same from a journal in reverse order and from state.json")
  func orderAndSnapshot() throws {
    let (state, folder, clock, now) = try importedFolder()
    defer { withExtendedLifetime(state) {} }
    let expected = try ReviewStore.openReadOnly(folder: folder, scheduler: fsrs).state.cards
    // A writer leaves state.json and state.bin of FSRS states, which a reader then takes.
    try ReviewStore.open(folder: folder, dayClock: clock, now: { now }, scheduler: fsrs).close()
    let reread = try ReviewStore.openReadOnly(folder: folder, scheduler: fsrs).state.cards
    for (card, value) in expected where reread[card] != value {
      Issue.record("\(card): \(String(describing: reread[card]))\n\(value)")
    }
    let journal = folder.appending(path: "reviews.jsonl")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    try (lines.reversed().joined(separator: "\n") + "\n").write(
      to: journal, atomically: true, encoding: .utf8)
    for name in ["state.json", "state.bin", "journal-index.bin"] {
      try? FileManager.default.removeItem(at: folder.appending(path: name))
    }
    #expect(try ReviewStore.openReadOnly(folder: folder, scheduler: fsrs).state.cards == expected)
  }

  @Test("switching SM-2, FSRS, SM-2 gives back the imported SM-2 states")
  func switching() throws {
    let (state, folder, clock, now) = try importedFolder()
    defer { withExtendedLifetime(state) {} }
    for scheduler in [SM2Scheduler(), fsrs, SM2Scheduler()] as [any ReviewScheduler] {
      try ReviewStore.open(folder: folder, dayClock: clock, now: { now }, scheduler: scheduler)
        .close()
    }
    let store = try ReviewStore.openReadOnly(folder: folder)
    #expect(store.state.cards == (try imports(store)))
  }

  @Test("a card imported without a review log has no FSRS memory, as before")
  func withoutHistory() throws {
    let (state, folder, clock, now) = try importedFolder()
    defer { withExtendedLifetime(state) {} }
    var brought = CardState.new(due: clock.day(for: now) + 5)
    brought.reviews = 3
    brought.repetitions = 3
    brought.interval = 20
    brought.lastReview = now - 15 * 86_400
    let event = ImportEvent(
      id: UUID(), card: "no-history", at: now, origin: "anki", state: brought)
    let writer = try ReviewStore.open(folder: folder, dayClock: clock, now: { now })
    try writer.appendImported([.imported(event)])
    try writer.close()
    let store = try ReviewStore.openReadOnly(folder: folder, scheduler: fsrs)
    #expect(store.state(of: "no-history") == brought)
  }
}
