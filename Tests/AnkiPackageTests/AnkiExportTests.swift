import CZip
import CardDeck
import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

@Suite("quiz cards as an Anki collection")
struct AnkiExportTests {
  let today = Day(year: 2026, month: 11, day: 30)!
  let now = Date(timeIntervalSince1970: 1_796_032_800)  // 2026-11-30T10:00:00Z

  func card(_ id: String, deck: String = "garden", topic: String = "Soil beds") -> Card {
    Card(
      id: id, deck: deck, topic: topic, location: SourceLocation(path: "\(deck).md", line: 1),
      content: .trick(
        TrickCard(
          question: Prompt("Is <clay> & loam heavy?", code: CodeBlock("let soil = \"clay\"\nsoil")),
          answer: Passage([.text("Yes."), .code(CodeBlock("print(1)"))]), source: "the shed")))
  }

  func review(
    _ id: String, grade: Grade, at seconds: Double, before: CardState, day: Day
  ) -> ReviewEvent {
    let at = now.addingTimeInterval(seconds)
    return ReviewEvent(
      id: UUID(), card: id, at: at, day: day, grade: grade, seconds: 7.25, before: before,
      after: SM2.review(before, grade: grade, on: day, at: at))
  }

  @Test("a note per card of quiz's note type, HTML-escaped, in a deck per quiz deck, tagged")
  func notes() throws {
    let collection = AnkiExport.collection(
      cards: [card("clay"), card("mint", deck: "herbs", topic: "Mint")],
      titles: ["garden": "Garden", "herbs": "Herbs"], state: ReviewState(),
      reviews: [JournalEvent]().forEachReviewInEffect, now: now,
      today: today, dayStart: now)
    #expect(collection.notes.map(\.guid) == ["clay", "mint"])
    #expect(Set(collection.decks.values) == ["quiz::Garden", "quiz::Herbs"])
    let note = collection.notes[0]
    #expect(note.notetype == AnkiExport.notetypeID)
    #expect(note.tags == ["trick", "topic::Soil_beds"])
    let fields = Dictionary(
      uniqueKeysWithValues: zip(AnkiExport.Field.allCases.map(\.rawValue), note.fields))
    #expect(fields["Prompt"] == "Is &lt;clay&gt; &amp; loam heavy?")
    #expect(fields["Prompt code"] == "let soil = &quot;clay&quot;\nsoil")
    #expect(fields["Answer code"] == "print(1)")
    #expect(fields["Source"] == "the shed")
    #expect(fields["Quiz id"] == "clay")
    #expect(
      collection.notetypes[AnkiExport.notetypeID]?.templates[0].front.contains("<pre") == true)
    #expect(collection.cards.map(\.kind) == [.new, .new])
    // Anki sorts by the prompt.
    #expect(collection.notetypes[AnkiExport.notetypeID]?.sortField == 2)
  }

  @Test("a reviewed card is a review card: interval, ease × 1000, counts, due from today")
  func reviewCard() throws {
    let state = CardState(
      repetitions: 3, easeFactor: 2.36, interval: 15, due: today + 4, lapses: 2, reviews: 9,
      lastReview: now)
    let card = AnkiExport.scheduled(
      AnkiCard(id: 1, note: 1, deck: 2, ordinal: 0, kind: .new, queue: 0, due: 1),
      state: state, isSuspended: false, today: today, now: now)
    #expect(card.kind == .review)
    #expect(card.queue == 2)
    #expect(card.due == 4)
    #expect(card.interval == 15)
    #expect(card.factor == 2360)
    #expect(card.reviews == 9)
    #expect(card.lapses == 2)
  }

  @Test(
    "a card in SM-2's same-day repetition is a learning card, or relearning once it lapsed",
    arguments: [
      (0, 0, AnkiCard.Kind.learning), (1, 0, .learning), (0, 1, .relearning), (3, 0, .relearning),
    ])
  func sameDay(_ repetitions: Int, _ lapses: Int, _ kind: AnkiCard.Kind) {
    let state = CardState(
      repetitions: repetitions, interval: repetitions == 0 ? 0 : 6, due: today,
      needsExtraReview: repetitions > 0, lapses: lapses, reviews: 4, lastReview: now)
    let card = AnkiExport.scheduled(
      AnkiCard(id: 1, note: 1, deck: 2, ordinal: 0, kind: .new, queue: 0, due: 1),
      state: state, isSuspended: false, today: today, now: now)
    #expect(card.kind == kind)
    #expect(card.queue == 1)
    #expect(card.due == Int64(now.timeIntervalSince1970))
  }

  @Test("a suspended card is in queue -1; a new one stays new")
  func suspendedAndNew() {
    let new = AnkiCard(id: 1, note: 1, deck: 2, ordinal: 0, kind: .new, queue: 0, due: 1)
    let suspended = AnkiExport.scheduled(
      new, state: nil, isSuspended: true, today: today, now: now)
    #expect(suspended.queue == -1)
    #expect(suspended.kind == .new)
    #expect(
      AnkiExport.scheduled(new, state: nil, isSuspended: false, today: today, now: now) == new)
  }

  @Test("the journal's reviews in effect become the review log: buttons, intervals, ease, time")
  func reviewLog() {
    let first = review("clay", grade: 4, at: 0, before: .new(due: today), day: today)
    let second = review("clay", grade: 1, at: 86_400 * 6, before: first.after, day: today + 6)
    let third = review("clay", grade: 3, at: 86_400 * 6 + 60, before: second.after, day: today + 6)
    let undone = review("clay", grade: 5, at: 86_400 * 7, before: third.after, day: today + 7)
    let undo = UndoEvent(
      id: UUID(), at: undone.at, undoes: undone.id, card: "clay", reviewDay: undone.day,
      restored: undone.before)
    let other = review("elsewhere", grade: 5, at: 5, before: .new(due: today), day: today)
    let events: [JournalEvent] = [
      .review(first), .review(other), .review(second), .review(third), .review(undone),
      .undo(undo),
    ]
    let log = AnkiExport.reviewLog(events.forEachReviewInEffect, cardIDs: ["clay": 42])
    #expect(log.map(\.card) == [42, 42, 42])
    #expect(log.map(\.ease) == [3, 1, 2])
    #expect(log.map(\.kind) == [.learning, .review, .relearning])
    #expect(log.map(\.interval) == [1, -600, -600])
    #expect(log.map(\.lastInterval) == [0, 1, 0])
    #expect(log.map(\.factor) == [2500, 2500, 2360])
    #expect(log.map(\.milliseconds) == [7250, 7250, 7250])
    #expect(log[0].id == Int64(now.timeIntervalSince1970 * 1000))
  }

  @Test(
    "fields are HTML-escaped by bytes; prose has <br> for its line feeds, code keeps them",
    arguments: [
      ("a<b>&\"c\"\nd", "a&lt;b&gt;&amp;&quot;c&quot;\nd", "a&lt;b&gt;&amp;&quot;c&quot;<br>d"),
      ("", "", ""),
      // A combining mark after `&` makes one character with it; the `&` is escaped all the same.
      ("&\u{301} é 😀 'x'", "&amp;\u{301} é 😀 'x'", "&amp;\u{301} é 😀 'x'"),
      ("one\r\ntwo\n\n", "one\r\ntwo\n\n", "one\r<br>two<br><br>"),
    ])
  func escaping(text: String, code: String, prose: String) {
    #expect(AnkiExport.escape(text) == code)
    #expect(AnkiExport.prose(text) == prose)
  }

  @Test("grades map to Anki's buttons: 0–2 Again, 3 Hard, 4 Good, 5 Easy")
  func buttons() {
    #expect(Grade.allCases.map(AnkiExport.ease) == [1, 1, 1, 2, 3, 4])
  }

  @Test("a package written reads back as the same collection")
  func writeAndRead() throws {
    let state = ReviewState()
    let events: [JournalEvent] = [
      .review(review("clay", grade: 4, at: -86_400, before: .new(due: today - 1), day: today - 1))
    ]
    var collection = AnkiExport.collection(
      cards: [card("clay"), card("mint")], titles: ["garden": "Garden"], state: state,
      reviews: events.forEachReviewInEffect, now: now, today: today,
      dayStart: now.addingTimeInterval(-36_000))
    let scratch = try ScratchFolder()
    try AnkiPackageWriter().write(collection, toNewFileAt: scratch.file("x.apkg"))
    let read = try AnkiPackageReader().read(path: scratch.file("x.apkg"))
    collection.decks[1] = "Default"
    #expect(read.notes == collection.notes)
    #expect(read.cards == collection.cards)
    #expect(read.reviews == collection.reviews)
    #expect(read.decks == collection.decks)
    #expect(read.notetypes == collection.notetypes)
    #expect(read.created == collection.created)
  }

  @Test("the package's entries are dated the collection's creation, not the clock's time")
  func entryDates() throws {
    let created = now.addingTimeInterval(-36_000)
    let collection = AnkiExport.collection(
      cards: [card("clay")], titles: [:], state: ReviewState(),
      reviews: [JournalEvent]().forEachReviewInEffect, now: now,
      today: today, dayStart: created)
    let scratch = try ScratchFolder()
    let path = scratch.file("x.apkg")
    try AnkiPackageWriter().write(collection, toNewFileAt: path)
    var error: Int32 = 0
    let archive = try #require(zip_open(path, ZIP_RDONLY, &error))
    defer { zip_discard(archive) }
    for name in ["collection.anki21", "meta", "media"] {
      var stat = zip_stat_t()
      #expect(zip_stat(archive, name, 0, &stat) == 0)
      // Zip times have a resolution of two seconds.
      #expect(abs(Double(stat.mtime) - created.timeIntervalSince1970) <= 2, "\(name)")
    }
  }

  @Test("the day starts at the day clock's hour, in its time zone")
  func dayStart() {
    let clock = DayClock(timeZone: TimeZone(identifier: "Europe/Paris")!, dayStartHour: 4)
    // 2026-11-30T10:00Z is 11:00 in Paris; the day began at 04:00 Paris, 03:00Z.
    #expect(AnkiExport.dayStart(of: clock, at: now) == now.addingTimeInterval(-7 * 3600))
    // At 02:00 Paris (01:00Z) it is still the day before, which began at 03:00Z the day before.
    let early = now.addingTimeInterval(-9 * 3600)
    #expect(AnkiExport.dayStart(of: clock, at: early) == now.addingTimeInterval(-31 * 3600))
  }
}
