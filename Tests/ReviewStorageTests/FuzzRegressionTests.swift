import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

/// Inputs that the fuzz targets of `Fuzz/` (state-decoder, state-folder) found crashing the state
/// decoder or breaking one of its invariants, cut down to what reproduces each. See
/// docs/reliability.md, "Fuzzing".
@Suite("Fuzz regressions: review state")
struct SchedulerFuzzRegressionTests {
  /// A review of card `a` on 2026-01-01, new before it, whose `after` is `after`.
  private static func review(_ number: Int, after: String, grade: Int = 4) -> String {
    #"{"v":1,"id":"00000000-0000-4000-8000-00000000000\#(number)","card":"a","#
      + #""at":"2026-01-01T08:00:0\#(number).000Z","day":"2026-01-01","grade":\#(grade),"#
      + #""before":{"due":"2026-01-01"},"after":\#(after)}"#
  }

  /// A second review of card `a`, graded `grade`, whose `before` does not match the card's state,
  /// so that replay applies SM-2 to that state (as after a merge).
  private static func mismatchedReview(grade: Int) -> String {
    review(2, after: #"{"repetitions":9,"due":"2026-01-07","reviews":9}"#, grade: grade)
  }

  /// A suspension, so that the line before it is not the journal's last (a torn last line is
  /// skipped, not an error).
  private static let suspension =
    #"{"v":1,"type":"suspend","id":"00000000-0000-4000-8000-000000000009","card":"b","#
    + #""at":"2026-01-01T09:00:00.000Z"}"#

  /// Opens a folder holding `journal` (lines) and, if given, `snapshot`.
  private func open(journal: [String], snapshot: String? = nil) throws(StateError) -> ReviewStore {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "SchedulerFuzzRegression-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    if !journal.isEmpty {
      try! Data(journal.map { $0 + "\n" }.joined().utf8).write(to: folder.journal)
    }
    if let snapshot { try! Data(snapshot.utf8).write(to: folder.snapshot) }
    return try ReviewStore.openReadOnly(folder: folder)
  }

  private func expectMalformedLine(_ line: Int, journal: [String]) {
    let error = #expect(throws: StateError.self) { try open(journal: journal) }
    guard case .malformedJournalLine(_, let found, _) = error else {
      Issue.record("expected a malformed line, got \(String(describing: error))")
      return
    }
    #expect(found == line)
  }

  private func expectUnreadableSnapshot(_ snapshot: String, journal: [String] = []) {
    let error = #expect(throws: StateError.self) { try open(journal: journal, snapshot: snapshot) }
    guard case .unreadableSnapshot = error else {
      Issue.record("expected an unreadable snapshot, got \(String(describing: error))")
      return
    }
  }

  // MARK: - Days and moments beyond any calendar the code can count

  @Test("A year of 19 digits in a moment is no moment (it overflowed counting days)")
  func hugeYearInMoment() {
    // Found by state-decoder: `"at":"00003729424098846047281-01-02T09:00:00.000Z"`.
    let line =
      #"{"v":1,"type":"suspend","id":"00000000-0000-4000-8000-000000000003","card":"b","#
      + #""at":"00003729424098846047281-01-02T09:00:00.000Z"}"#
    expectMalformedLine(1, journal: [line, Self.suspension])
    #expect(Timestamp.parse("3729424098846047281-01-02T09:00:00.000Z") == nil)
    #expect(Timestamp.parse("10000000-01-01T00:00:00Z") == nil)
  }

  @Test("Days are read only within the supported years, whose ends still count and print")
  func supportedYears() {
    #expect(Day("99999999999999999-01-01") == nil)
    #expect(Day(year: 10_000_000, month: 1, day: 1) == nil)
    #expect(Day(year: -10_000_000, month: 12, day: 31) == nil)
    #expect(Day(year: Int.max, month: 1, day: 1) == nil)
    for text in ["9999999-12-31", "-9999999-01-01"] {
      guard let day = Day(text) else {
        Issue.record("\(text) is not read")
        continue
      }
      #expect(day.description == text)
      #expect((day + SM2.maximumInterval) - day == SM2.maximumInterval)
    }
  }

  @Test("Moments are read only where a Date keeps every millisecond, and those read back")
  func supportedMoments() {
    // Found by the regression test above: 9999999-12-31T23:59:59.999Z was read, but written
    // back as 10000000-01-01T00:00:00.000Z, a moment no longer read.
    for text in ["99999-12-31T23:59:59.999Z", "-99999-01-01T00:00:00.000Z"] {
      #expect(Timestamp.parse(text).map(Timestamp.format) == text)
    }
    let beyond = [
      "100000-01-01T00:00:00.000Z", "99999-12-31T23:59:59.999-00:01",
      "9999999-12-31T23:59:59.999Z",
    ]
    for text in beyond {
      #expect(Timestamp.parse(text) == nil)
    }
  }

  @Test("A review's day is a day of those years, so that its due dates read back")
  func reviewDayBeyondMoments() {
    let line = Self.review(1, after: "{}").replacingOccurrences(
      of: #""day":"2026-01-01""#, with: #""day":"9999999-01-01""#)
    expectMalformedLine(1, journal: [line, Self.suspension])
  }

  // MARK: - Card states that SM-2 never gives

  @Test("An ease factor below 1.3 is an error, in the snapshot and in the journal")
  func easeFactorBelowMinimum() {
    // Found by state-decoder: a snapshot card with "easeFactor" : 1.0 loaded as it was.
    expectUnreadableSnapshot(
      #"{"version":1,"journalBytes":0,"cards":{"solo":{"easeFactor":1.0,"due":"2026-02-01"}}}"#)
    expectMalformedLine(
      1, journal: [Self.review(1, after: #"{"easeFactor":1.29,"reviews":1}"#), Self.suspension])
    expectMalformedLine(
      1, journal: [Self.review(1, after: #"{"easeFactor":-1e308,"reviews":1}"#), Self.suspension])
  }

  @Test(
    "Counts and intervals that SM-2 cannot go on from are errors, not overflows in replay",
    arguments: [
      // reviews += 1 overflowed when the second review was applied with SM-2.
      (#"{"reviews":9223372036854775807,"due":"2026-01-01"}"#, 4),
      // lapses += 1 overflowed for a failing grade after a recall.
      (#"{"repetitions":1,"lapses":9223372036854775807,"due":"2026-01-01"}"#, 0),
      // ceil(interval * easeFactor) did not fit an Int.
      (#"{"repetitions":2,"interval":-9223372036854775808,"due":"2026-01-01"}"#, 4),
      // today + interval overflowed on a passed extra review.
      (#"{"needsExtraReview":true,"interval":9223372036854775807,"due":"2026-01-01"}"#, 5),
      (#"{"repetitions":-1,"due":"2026-01-01"}"#, 4),
    ])
  func impossibleCardState(after: String, grade: Int) {
    expectMalformedLine(
      1, journal: [Self.review(1, after: after), Self.mismatchedReview(grade: grade)])
  }

  @Test("The largest values the decoder accepts replay without overflowing")
  func largestAcceptedValues() throws {
    let largest =
      #"{"repetitions":9007199254740992,"lapses":9007199254740992,"reviews":9007199254740992,"#
      + #""interval":10000000,"easeFactor":1e308,"due":"9999999-12-31"}"#
    for grade in [0, 3, 5] {
      let store = try open(journal: [
        Self.review(1, after: largest), Self.review(2, after: "{}", grade: grade),
      ])
      let card = try #require(store.state(of: "a"))
      // Counts stop at the largest the files hold (they went one past it, and the next write
      // could not be read back).
      #expect(card.reviews == 9_007_199_254_740_992)
      #expect(card.interval <= SM2.maximumInterval)
    }
  }

  // MARK: - Snapshot numbers

  @Test("A day's count of Int.max in the snapshot is an error, not an overflow in replay")
  func hugeDailyCount() {
    expectUnreadableSnapshot(
      #"{"version":1,"journalBytes":0,"reviewsByDay":{"2026-01-01":9223372036854775807}}"#,
      journal: [Self.review(1, after: "{}")])
    expectUnreadableSnapshot(
      #"{"version":1,"journalBytes":0,"newCardsByDay":{"2026-01-01":-9223372036854775808}}"#)
  }

  @Test("journalEntries of Int.max is an error, not an overflow when counting on")
  func hugeEntryCount() {
    expectUnreadableSnapshot(
      #"{"version":1,"journalBytes":0,"journalEntries":9223372036854775807}"#,
      journal: [Self.review(1, after: "{}")])
  }

  @Test("A negative journalBytes is an error, not a read at a negative offset")
  func negativeJournalBytes() {
    // Int.min overflowed computing the length to read; -1 failed as an I/O error.
    for bytes in ["-9223372036854775808", "-1"] {
      expectUnreadableSnapshot(
        #"{"version":1,"journalBytes":\#(bytes)}"#, journal: [Self.review(1, after: "{}")])
    }
  }

  // MARK: - A writer's repair

  @Test("A writer rewrites a snapshot that did not fit even when the journal holds no event")
  func staleSnapshotWithoutEvents() throws {
    // Found by state-folder: every later open warned that the snapshot did not match.
    try withTemporaryDirectory { folder in
      try Data(#"{"version":1,"cards":{"a":{}}}"#.utf8).write(to: folder.snapshot)
      let reader = try ReviewStore.openReadOnly(folder: folder)
      #expect(reader.warnings.count == 1)
      let writer = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      try writer.close()
      let again = try ReviewStore.openReadOnly(folder: folder)
      #expect(again.warnings == [])
      #expect(again.state == reader.state)
    }
  }

  @Test("A snapshot fits a journal that ends in blank lines")
  func journalEndingInBlankLines() throws {
    // Found by state-folder: a journal ending in a blank line got a snapshot covering all of it,
    // whose last event was then looked for on that blank line; every later open warned that the
    // snapshot did not match, replayed the whole journal, and a writer rewrote the snapshot.
    try withTemporaryDirectory { folder in
      let journal = Self.review(1, after: #"{"repetitions":1,"due":"2026-01-02","reviews":1}"#)
      try Data((journal + "\n\n \r\n\t\n").utf8).write(to: folder.journal)
      let writer = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      try writer.close()
      let snapshot = try jsonObject(
        String(decoding: Data(contentsOf: folder.snapshot), as: UTF8.self))
      #expect(snapshot["lastEventID"] as? String == "00000000-0000-4000-8000-000000000001")
      let again = try ReviewStore.openReadOnly(folder: folder)
      #expect(again.warnings == [])
      #expect(again.state(of: "a")?.reviews == 1)
    }
  }

  @Test("A snapshot of a journal of blank lines fits it, and one that names no event does not")
  func snapshotOfBlankJournal() throws {
    // Found by state-folder: the writer rewrote a stale snapshot as covering the journal's 3
    // blank bytes with no last event, and every later open judged that snapshot stale again.
    try withTemporaryDirectory { folder in
      try Data("\n \n\n".utf8).write(to: folder.journal)
      try Data(#"{"version":1}"#.utf8).write(to: folder.snapshot)
      let writer = try openStore(folder, clock: TestClock("2026-11-29T10:00:00Z"))
      try writer.close()
      let again = try ReviewStore.openReadOnly(folder: folder)
      #expect(again.warnings == [])

      // The same snapshot before a journal whose first bytes are an event is stale.
      let line = Self.review(1, after: "{}")
      try Data((line + "\n").utf8).write(to: folder.journal)
      let other = try ReviewStore.openReadOnly(folder: folder)
      #expect(other.warnings.count == 1)
      #expect(other.state(of: "a") != nil)
    }
  }
}
