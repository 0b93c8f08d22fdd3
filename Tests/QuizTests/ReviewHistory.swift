import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

/// A state folder with a review history made through `ReviewStore`, for the tests of the
/// commands that read it. Grades count for the days they name: the store's days are UTC days
/// from midnight, and each session runs at noon UTC of its day.
final class ReviewHistory {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  var url: URL { URL(fileURLWithPath: folder.path) }

  /// The variables that point quiz at this folder, at noon local time on 2026-11-29 (a Sunday),
  /// so that today is that day whatever the machine's time zone.
  var variables: [String: String] {
    ["QUIZ_STATE": folder.path, "QUIZ_NOW": "2026-11-29T12:00:00"]
  }

  /// Opens the folder for writing on `day` (`YYYY-MM-DD`), runs `body` with the store, then
  /// closes it. Each moment the store asks for is one second after the one before.
  func session(on day: String, _ body: (ReviewStore) throws -> Void) throws {
    try Self.session(in: url, on: day, body)
  }

  /// The same, for any state folder.
  static func session(in folder: URL, on day: String, _ body: (ReviewStore) throws -> Void)
    throws
  {
    let start = try #require(Timestamp.parse("\(day)T12:00:00Z"))
    let ticks = Ticks()
    let store = try ReviewStore.open(
      folder: folder, dayClock: DayClock(timeZone: .gmt, dayStartHour: 0),
      now: { start + Double(ticks.next()) })
    try body(store)
    try store.close()
  }

  /// Grades each card once on each day: `[("planter", 4)]` on `day`.
  func grade(_ grades: [(String, Grade)], on day: String) throws {
    try session(on: day) { store in
      for (card, grade) in grades { try store.record(grade, for: card) }
    }
  }

  /// The state as saved.
  func saved() throws -> ReviewState {
    try ReviewStore.openReadOnly(folder: url).state
  }

  /// The journal's bytes, or nil when there is none.
  func journal() -> Data? {
    FileManager.default.contents(atPath: url.appending(path: "reviews.jsonl").path)
  }
}

/// A counter for clocks that move one second per reading.
private final class Ticks {
  private var count = -1

  func next() -> Int {
    count += 1
    return count
  }
}

/// A second deck for tests that need more than one: herbs with two topics.
let herbsDeck = """
  # Herbs

  ## Trick · Basil · basil
  Sun or shade?

  ---

  Sun.

  ## Trick · Basil · mint
  Does mint spread?

  ---

  Everywhere.

  ## Trick · Thyme · thyme
  Wet or dry?

  ---

  Dry.
  """

/// The garden and herbs decks, as shipped decks.
let twoDecks = [("garden.md", gardenDeck), ("herbs.md", herbsDeck)]

extension ReviewHistory {
  /// A history of the garden and herbs decks, as of 2026-11-29:
  ///
  /// | card | grades | now |
  /// | --- | --- | --- |
  /// | clay | 5 on 10-01, 10-02, 10-08 and 10-23 | mature (interval 50), due 12-12 |
  /// | planter | 4 on 11-27, 2 on 11-28 | learning, due since 11-28 |
  /// | wet | none | new |
  /// | basil | 5 on 11-22; on 11-23 a 1, undone, then a 4 | young (interval 6), due 11-29 |
  /// | mint | 3 on 11-26 | learning (needs an extra review), due since 11-26 |
  /// | thyme | 5 on 11-25, then suspended | suspended |
  /// | old-card (in no deck) | 5 on 11-20 | young |
  ///
  /// Retention over the 30 days to 11-29: planter's 2 and basil's 4 were given to learnt cards;
  /// one of the two was 3 or more. The streak is 4 days (11-25 to 11-28).
  static func twoDeckHistory() throws -> ReviewHistory {
    let history = try ReviewHistory()
    for day in ["2026-10-01", "2026-10-02", "2026-10-08", "2026-10-23"] {
      try history.grade([("clay", 5)], on: day)
    }
    try history.grade([("old-card", 5)], on: "2026-11-20")
    try history.grade([("basil", 5)], on: "2026-11-22")
    try history.session(on: "2026-11-23") { store in
      try store.record(1, for: "basil")
      try store.undo()
      try store.record(4, for: "basil")
    }
    try history.session(on: "2026-11-25") { store in
      try store.record(5, for: "thyme")
      try store.suspend("thyme")
    }
    try history.grade([("mint", 3)], on: "2026-11-26")
    try history.grade([("planter", 4)], on: "2026-11-27")
    try history.grade([("planter", 2)], on: "2026-11-28")
    return history
  }
}
