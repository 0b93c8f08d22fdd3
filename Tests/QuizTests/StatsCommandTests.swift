import Foundation
import Testing

@testable import QuizApp
@testable import ReviewStorage
@testable import Scheduler

@Suite("quiz stats")
struct StatsCommandTests {
  /// `quiz stats --json` on the two-deck history, parsed.
  func statistics(_ extra: [String] = []) throws -> [String: Any] {
    let history = try ReviewHistory.twoDeckHistory()
    let result = runQuiz(
      ["stats", "--json"] + extra, variables: history.variables, shipped: twoDecks)
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
  }

  /// The counts of a JSON group, in the order cards, new, learning, young, mature, suspended,
  /// dueToday.
  func counts(_ group: Any?) -> [Int] {
    let object = group as? [String: Any] ?? [:]
    return ["cards", "new", "learning", "young", "mature", "suspended", "dueToday"].map {
      object[$0] as? Int ?? -1
    }
  }

  @Test("counts new, learning, young, mature, suspended and due cards per deck and per topic")
  func stages() throws {
    let json = try statistics()
    #expect(json["today"] as? String == "2026-11-29")
    #expect(counts(json["total"]) == [6, 1, 2, 1, 1, 1, 3])
    let decks = try #require(json["decks"] as? [[String: Any]])
    #expect(decks.map { $0["deck"] as? String } == ["garden", "herbs"])
    #expect(decks.map { $0["title"] as? String } == ["Garden", "Herbs"])
    #expect(counts(decks[0]) == [3, 1, 1, 0, 1, 0, 1])
    #expect(counts(decks[1]) == [3, 0, 1, 1, 0, 1, 2])
    let topics = try #require(json["topics"] as? [[String: Any]])
    #expect(topics.map { $0["topic"] as? String } == ["Basil", "Planters", "Soil", "Thyme"])
    #expect(
      topics.map(counts) == [
        [2, 0, 1, 1, 0, 0, 2], [1, 0, 1, 0, 0, 0, 1], [2, 1, 0, 0, 1, 0, 0], [1, 0, 0, 0, 0, 1, 0],
      ])
  }

  @Test("measures retention over 30 days from grades of learnt cards, leaving undone grades out")
  func retention() throws {
    let json = try statistics()
    let retention = try #require(json["retention"] as? [String: Any])
    #expect(retention["days"] as? Int == 30)
    #expect(retention["reviews"] as? Int == 2)
    #expect(retention["recalled"] as? Int == 1)
    #expect(retention["rate"] as? Double == 0.5)
    let decks = try #require(json["decks"] as? [[String: Any]])
    let perDeck = decks.map { $0["retention"] as? [String: Any] ?? [:] }
    #expect(perDeck.map { $0["reviews"] as? Int } == [1, 1])
    #expect(perDeck.map { $0["rate"] as? Double } == [0, 1])
    let topics = try #require(json["topics"] as? [[String: Any]])
    let soil = try #require(topics.first { $0["topic"] as? String == "Soil" })
    // clay's grades are older than 30 days: no rate, written as null.
    #expect((soil["retention"] as? [String: Any])?["rate"] is NSNull)
  }

  @Test("forecasts 14 days, counting overdue cards today and leaving suspended cards out")
  func forecast() throws {
    let json = try statistics()
    let forecast = try #require(json["forecast"] as? [[String: Any]])
    #expect(forecast.count == 14)
    #expect(forecast.first?["day"] as? String == "2026-11-29")
    #expect(forecast.last?["day"] as? String == "2026-12-12")
    #expect(forecast.map { $0["due"] as? Int } == [3] + Array(repeating: 0, count: 12) + [1])
  }

  @Test("counts every review in a 26-week calendar from a Monday to today, and the streak")
  func calendarAndStreak() throws {
    let json = try statistics()
    let heatmap = try #require(json["heatmap"] as? [[String: Any]])
    #expect(heatmap.count == 25 * 7 + 7)
    #expect(heatmap.first?["day"] as? String == "2026-06-01")
    #expect(heatmap.last?["day"] as? String == "2026-11-29")
    let busy = heatmap.filter { ($0["reviews"] as? Int ?? 0) > 0 }.compactMap {
      $0["day"] as? String
    }
    #expect(
      busy == [
        "2026-10-01", "2026-10-02", "2026-10-08", "2026-10-23", "2026-11-20", "2026-11-22",
        "2026-11-23", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28",
      ])
    #expect(heatmap.allSatisfy { ($0["reviews"] as? Int ?? 0) <= 1 })
    #expect(json["streak"] as? Int == 4)
  }

  @Test("narrows counts, retention and forecast to the filter")
  func filtered() throws {
    let json = try statistics(["--deck", "herbs"])
    #expect(counts(json["total"]) == [3, 0, 1, 1, 0, 1, 2])
    #expect((json["retention"] as? [String: Any])?["rate"] as? Double == 1)
    let forecast = try #require(json["forecast"] as? [[String: Any]])
    #expect(forecast.map { $0["due"] as? Int ?? 0 }.reduce(0, +) == 2)
    #expect(json["streak"] as? Int == 4)
  }

  @Test("prints tables per deck and per topic, retention, streak, forecast bars and calendar")
  func text() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let result = runQuiz(["stats"], variables: history.variables, shipped: twoDecks)
    #expect(result.status == .success)
    let lines = result.out.components(separatedBy: "\n")
    #expect(
      Array(lines.prefix(4)) == [
        "Deck       Cards  Due  New  Learning  Young  Mature  Suspended",
        "garden         3    1    1         1      0       1          0",
        "herbs          3    2    0         1      1       0          1",
        "all decks      6    3    1         2      1       1          1",
      ])
    #expect(lines.contains("Basil         2    2    0         1      1       0          0"))
    // Wrapped to the width (80): the sentence is the same.
    #expect(
      lines.joined(separator: " ").contains(
        "Retention over the last 30 days: 50% (1 of 2 grades of cards already learnt were 3 or more)."
      ))
    #expect(lines.contains("Streak: 4 days, if you review today."))
    // The busiest day's bar fills the width; a day with a third as many gets a third.
    let today = try #require(lines.first { $0.hasPrefix("today") })
    #expect(today == "today       3  " + String(repeating: "█", count: 80 - 15))
    let last = try #require(lines.first { $0.hasPrefix("Sat 12 Dec") })
    #expect(last == "Sat 12 Dec  1  " + String(repeating: "█", count: 22))
    #expect(lines.contains("Tue  1 Dec  0"))
    #expect(lines.contains("Reviews in the last 26 weeks: 11"))
    #expect(!result.out.contains("\u{1B}["))
  }

  @Test("draws the calendar a row per weekday, a column per week, month names on top")
  func calendarText() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let result = runQuiz(["stats"], variables: history.variables, shipped: twoDecks)
    let lines = result.out.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex(of: "Reviews in the last 26 weeks: 11")) + 1
    let calendar = Array(lines[start..<start + 9])
    // Columns: 4 for the weekday, then 2 per week; 2026-06-01 is week 0, 2026-11-23 week 25.
    func column(_ week: Int) -> Int { 4 + 2 * week }
    #expect(calendar[0].hasPrefix("    Jun"))
    #expect(calendar[0].contains("Oct"))
    let october = calendar[0].distance(
      from: calendar[0].startIndex, to: try #require(calendar[0].range(of: "Oct")).lowerBound)
    #expect(october == column(18))  // the week of Monday 2026-10-05
    #expect(
      calendar[1...7].map { String($0.prefix(3)) } == [
        "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun",
      ])
    // Saturday 2026-11-28 is in the last week; Sunday 2026-11-29, today, has no review yet.
    #expect(calendar[6] == "Sat" + String(repeating: " ", count: column(25) - 3) + "██")
    // Sunday 2026-11-22, the week before.
    #expect(calendar[7] == "Sun" + String(repeating: " ", count: column(24) - 3) + "██")
    // Thursday 2026-10-01, week 17.
    let thursday = Array(calendar[4])
    #expect(String(thursday[column(17)..<column(17) + 2]) == "██")
    #expect(calendar[8] == "    blank 0  █ 1")
  }

  @Test(
    "colours only on a terminal, without NO_COLOR and --no-color",
    arguments: [
      (true, [:], [], true), (false, [:], [], false), (true, ["NO_COLOR": "1"], [], false),
      (true, [:], ["--no-color"], false),
    ] as [(Bool, [String: String], [String], Bool)])
  func colour(terminal: Bool, variables: [String: String], flags: [String], coloured: Bool) throws {
    let history = try ReviewHistory.twoDeckHistory()
    let result = runQuiz(
      ["stats"] + flags, variables: history.variables.merging(variables) { $1 },
      shipped: twoDecks, terminal: terminal)
    #expect(result.status == .success)
    #expect(result.out.contains("\u{1B}[") == coloured)
    #expect(result.out.contains("blank 0"))
  }

  @Test("reads a missing state folder as no reviews yet, without creating it")
  func noState() throws {
    let folder = try TemporaryFolder()
    let state = (folder.path as NSString).appendingPathComponent("state")
    let result = runQuiz(
      ["stats", "--json", "--state", state], variables: ["QUIZ_NOW": "2026-11-29T12:00:00"])
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(counts(json["total"]) == [3, 3, 0, 0, 0, 0, 0])
    #expect(json["streak"] as? Int == 0)
    #expect(!FileManager.default.fileExists(atPath: state))
    let text = runQuiz(["stats", "--state", state], variables: ["QUIZ_NOW": "2026-11-29T12:00:00"])
    #expect(
      text.out.contains("Retention over the last 30 days: no grades yet of cards already learnt."))
    #expect(text.out.contains("Nothing is due."))
    #expect(text.out.hasSuffix("Reviews in the last 26 weeks: 0\n"))
  }

  @Test("reads the state while a review session holds the lock, and writes nothing")
  func whileLocked() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let session = try ReviewStore.open(
      folder: history.url, dayClock: DayClock(timeZone: .gmt), now: { Date() })
    let journal = history.journal()
    let result = runQuiz(["stats"], variables: history.variables, shipped: twoDecks)
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    #expect(result.out.contains("all decks      6    3"))
    #expect(history.journal() == journal)
    try session.close()
  }

  @Test(
    "prints the same text and JSON whether the journal index is there, missing, damaged or stale")
  func journalIndex() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let index = history.url.appending(path: "journal-index.bin")
    #expect(FileManager.default.fileExists(atPath: index.path))
    func outputs() -> [String] {
      [["stats"], ["stats", "--json"], ["stats", "--topic", "Basil", "--json"]].flatMap {
        let result = runQuiz($0, variables: history.variables, shipped: twoDecks)
        return [result.out, result.error, "\(result.status)"]
      }
    }
    let indexed = outputs()
    #expect(indexed[0].contains("Retention over the last 30 days: 50%"))
    let saved = try Data(contentsOf: index)
    try FileManager.default.removeItem(at: index)
    #expect(outputs() == indexed)
    try Data("{ not an index".utf8).write(to: index)
    #expect(outputs() == indexed)
    // An index of the journal before the last session's grades, as after a crash.
    try saved.write(to: index)
    try history.grade([("mint", 5)], on: "2026-11-29")
    try saved.write(to: index)
    let later = outputs()
    try FileManager.default.removeItem(at: index)
    #expect(outputs() == later)
    #expect(later != indexed)
  }

  /// What may be wrong with a `journal-index.bin` that a writer once wrote.
  enum IndexFault: String, CaseIterable {
    case cutShort, cutByOneByte, flippedByte, otherJournal, newerVersion
  }

  /// `quiz stats`, `--json` and a filtered `--json` on `history`: output, errors and status.
  static func outputs(_ history: ReviewHistory) -> [String] {
    [["stats"], ["stats", "--json"], ["stats", "--topic", "Basil", "--json"]].flatMap {
      let result = runQuiz($0, variables: history.variables, shipped: twoDecks)
      return [result.out, result.error, "\(result.status)"]
    }
  }

  @Test(
    "prints what the journal gives when the binary index is cut, damaged, another journal's or newer",
    arguments: IndexFault.allCases)
  func faultyIndex(_ fault: IndexFault) throws {
    let history = try ReviewHistory.twoDeckHistory()
    let url = history.url.appending(path: "journal-index.bin")
    let fromJournal = Self.outputs(history)
    // An index that fits the journal but keeps other grades (planter's left out): what stats
    // prints shows whether it was used.
    var planted = try #require(try JournalDayIndex.read(url))
    planted.recent?.grades.removeAll { $0.grade.card == "planter" }
    var bytes = planted.encoded()
    try bytes.write(to: url)
    let fromPlanted = Self.outputs(history)
    #expect(fromPlanted != fromJournal)
    #expect(fromPlanted[0].contains("Retention over the last 30 days: 100% (1 of 1 grades"))
    switch fault {
    case .cutShort: bytes = bytes.prefix(bytes.count / 2)
    case .cutByOneByte: bytes = bytes.dropLast()
    case .flippedByte: bytes[bytes.count - 20] ^= 0x01
    case .newerVersion: bytes[JournalDayIndex.magic.count] += 1
    case .otherJournal:
      // The same bytes, renamed into place as a merge or a copy would: another file.
      let journal = history.url.appending(path: "reviews.jsonl")
      try Data(contentsOf: journal).write(to: journal, options: .atomic)
    }
    try bytes.write(to: url)
    #expect(Self.outputs(history) == fromJournal)
  }

  @Test("prints what the journal gives when the index cannot be written, and the session goes on")
  func unwritableIndex() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let url = history.url.appending(path: "journal-index.bin")
    let before = Self.outputs(history)
    // A folder in its place: the writer's rename over it fails, as in a read-only folder.
    try FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    try history.grade([("mint", 5), ("planter", 4)], on: "2026-11-29")
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
    #expect(try history.saved().reviewsByDay[Day(year: 2026, month: 11, day: 29)!] == 2)
    let names = try FileManager.default.contentsOfDirectory(atPath: history.url.path)
    #expect(!names.contains { $0.hasPrefix(".quiz-tmp-") })
    let unwritable = Self.outputs(history)
    #expect(unwritable != before)
    try FileManager.default.removeItem(at: url)
    #expect(Self.outputs(history) == unwritable)
  }

  @Test("prints what the journal gives when the journal grew after the index was written")
  func journalAppendedAfterIndex() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let url = history.url.appending(path: "journal-index.bin")
    let before = Self.outputs(history)
    let old = try Data(contentsOf: url)
    try history.grade([("mint", 5), ("planter", 4)], on: "2026-11-29")
    // The old index, as a failed write would leave it: it fits the start of the journal.
    try old.write(to: url)
    let store = try ReviewStore.openReadOnly(folder: history.url)
    let reader = JournalReader(file: try StateFile(store.files.journal, flags: O_RDONLY))
    let oldIndex = try JournalDayIndex.decode(old)
    #expect(store.usableIndex(in: reader) == oldIndex)
    #expect(oldIndex.journalBytes < (try Data(contentsOf: store.files.journal)).count)
    let stale = Self.outputs(history)
    #expect(stale != before)
    try FileManager.default.removeItem(at: url)
    #expect(Self.outputs(history) == stale)
  }

  @Test("fails with a message naming the file when the state cannot be read, exit 1")
  func unreadableState() throws {
    let folder = try TemporaryFolder()
    let snapshot = try folder.write("state.json", "{ not json")
    let result = runQuiz(["stats", "--state", folder.path])
    #expect(result.status == .failure)
    #expect(result.out.isEmpty)
    #expect(result.error.contains(snapshot))
  }
}

@Suite("The charts of quiz stats")
struct ReviewChartsTests {
  @Test("scales forecast bars so that the longest fills the width, and never hides a count")
  func bars() {
    let today = Day(year: 2026, month: 11, day: 29)!
    let charts = ReviewCharts(width: 40, style: Style(usesColor: false))
    let lines = charts.forecast([(today, 100), (today + 1, 1), (today + 2, 0)], today: today)
    #expect(
      lines == [
        "today       100  " + String(repeating: "█", count: 40 - 10 - 3 - 4),
        "tomorrow      1  █",
        "Tue  1 Dec    0",
      ])
  }

  @Test("shades a day by its share of the busiest day's reviews")
  func levels() {
    #expect(
      [0, 1, 2, 3, 5, 6, 8, 10].map { ReviewCharts.level($0, most: 10) } == [
        0, 1, 1, 2, 2, 3, 4, 4,
      ])
    #expect(ReviewCharts.level(3, most: 0) == 0)
    let legend = ReviewCharts(width: 80, style: Style(usesColor: false)).legend(most: 10)
    #expect(legend == "    blank 0  ░ 1–2  ▒ 3–5  ▓ 6–7  █ 8–10")
  }

  @Test(
    "narrows calendar cells to one character, then drops the oldest weeks, on a narrow terminal")
  func narrow() {
    let today = Day(year: 2026, month: 11, day: 29)!
    let start = today - 6 - 7 * 25
    let days = (0...(today - start)).map { (start + $0, $0 == today - start - 1 ? 1 : 0) }
    let wide = ReviewCharts(width: 56, style: Style(usesColor: false)).calendar(days)
    #expect(wide[6] == "Sat" + String(repeating: " ", count: 4 + 50 - 3) + "██")
    let narrow = ReviewCharts(width: 40, style: Style(usesColor: false)).calendar(days)
    #expect(narrow[6] == "Sat" + String(repeating: " ", count: 4 + 25 - 3) + "█")
    let tiny = ReviewCharts(width: 14, style: Style(usesColor: false)).calendar(days)
    #expect(tiny[6] == "Sat" + String(repeating: " ", count: 4 + 9 - 3) + "█")
    #expect(tiny.allSatisfy { $0.count <= 14 || $0.hasPrefix("    blank") })
  }
}
