import CardDeck
import Foundation
import QuizTestSupport
import Scheduler
import Testing

@testable import QuizApp

@Suite("The deck cache in commands")
struct DeckCacheCommandTests {
  /// A temporary folder holding `decks/garden.md`, and the variables that point quiz at it.
  private func gardenFolder() throws -> (TemporaryFolder, [String: String]) {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/decks", withIntermediateDirectories: true)
    try folder.write("decks/garden.md", gardenDeck)
    let variables = [
      "QUIZ_DECKS": folder.path + "/decks", "QUIZ_STATE": folder.path + "/state",
      "QUIZ_NOW": "2026-11-29T08:00:00Z",
    ]
    return (folder, variables)
  }

  @Test(
    "keeps the cache in XDG_CACHE_HOME, else ~/.cache; none with QUIZ_CACHE=off or no absolute path",
    arguments: [
      (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"], "/x/cache/quiz"),
      (["HOME": "/home/u"], "/home/u/.cache/quiz"),
      (["XDG_CACHE_HOME": "relative", "HOME": "/home/u"], "/home/u/.cache/quiz"),
      (["XDG_CACHE_HOME": "/x", "HOME": "/home/u", "QUIZ_CACHE": "off"], nil),
      (["HOME": ""], nil),
      (["HOME": "home/u"], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func folder(variables: [String: String], expected: String?) {
    #expect(Environment.deckCacheFolder(in: variables) == expected)
  }

  @Test("tells this build by its executable, the same on every call")
  func program() throws {
    let program = try #require(Environment.runningProgram())
    #expect(program.count == 40)
    #expect(Environment.runningProgram() == program)
  }

  @Test(
    "prints the same with the cache off, being written, and being read",
    arguments: [["cards", "--json"], ["check"], ["decks"], ["topics"]])
  func sameOutput(arguments: [String]) throws {
    let (folder, variables) = try gardenFolder()
    // An error and a warning, which must be reported the same from the cache.
    try folder.write("decks/broken.md", "# Broken\n\n## Trick · T · planter\nodd: 1\n\nQ\n")
    let cache = DeckCache(folder: folder.path + "/cache", program: [1, 2, 3], settleTime: 0)
    let plain = runQuiz(arguments, variables: variables)
    #expect(plain.out.contains("garden") || plain.out.contains("Planters"))
    #expect(plain.error.contains("broken.md"))
    for _ in 0..<2 {
      let cached = runQuiz(arguments, variables: variables) { $0.deckCache = cache }
      #expect(cached.status == plain.status)
      #expect(cached.out == plain.out)
      #expect(cached.error == plain.error)
    }
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache")
    #expect(written.count == 1 && written[0].hasPrefix("decks-") && written[0].hasSuffix(".cache"))
  }

  @Test("a session writes the deck cache once its first card is shown, before reading a line")
  func sessionWritesAfterFirstCard() throws {
    let (folder, variables) = try gardenFolder()
    let cache = DeckCache(
      folder: folder.path + "/cache", program: [1, 2, 3], settleTime: 0, deferringWrites: true)
    let input = CacheProbe(folder: folder.path + "/cache")
    let result = runQuiz(["review"], variables: variables, input: input) { $0.deckCache = cache }
    #expect(result.status == .success)
    #expect(result.out.contains("[1/"))
    #expect(input.filesAtFirstRead?.count == 1)
    #expect(input.filesAtFirstRead?.first?.hasSuffix(".cache") == true)
  }

  @Test("writes the deck cache before the first card's answer is timed, not during it")
  func writeIsNotTheUsersTime() throws {
    let (folder, variables) = try gardenFolder()
    let cache = DeckCache(
      folder: folder.path + "/cache", program: [1, 2, 3], settleTime: 0, deferringWrites: true)
    // A clock that notes, each time it is read, whether the cache file is there by then.
    let readings = Readings()
    let cacheFolder = folder.path + "/cache"
    let clock = MonotonicClock {
      let written =
        (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder))?
        .contains { $0.hasSuffix(".cache") } ?? false
      return readings.append(written)
    }
    let input = ScriptedInput(["", "4"])
    let result = runQuiz(["review", "--limit", "1"], variables: variables, input: input) {
      $0.deckCache = cache
      $0.monotonic = clock
    }
    #expect(result.status == .success)
    // The session's own start comes before any card; every reading after it, the first card's
    // answer time included, finds the cache written.
    let seen = readings.values
    #expect(seen.count >= 3)
    #expect(seen.first == false)
    #expect(seen.dropFirst().allSatisfy { $0 })
  }

  @Test("a session says where a card is whose content cannot be read, and goes on to the next")
  func unreadableCardInASession() throws {
    let (folder, _) = try gardenFolder()
    let decks = folder.path + "/decks"
    let cache = DeckCache(folder: folder.path + "/cache", program: [1, 2, 3], settleTime: 0)
    _ = try DeckLoader().load(folder: decks, cache: cache)
    let collection = try DeckLoader().load(folder: decks, cache: cache)
    // After the load, the cache file is cut to nothing (damaged at rest) and the deck file
    // edited: its card `clay` is gone from both.
    let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache")
    #expect(cacheFiles.count == 1)
    #expect(truncate(folder.path + "/cache/" + cacheFiles[0], 0) == 0)
    try folder.write(
      "decks/garden.md", gardenDeck.replacingOccurrences(of: "· clay", with: "· loam"))
    let clay = try #require(collection.cards.first { $0.id == "clay" })
    let captured = CapturedConsole()
    let session = ReviewSession(
      cards: collection.cards.filter { $0.id != "planter" }, from: collection, store: nil,
      input: ScriptedInput(["", "4"]), console: captured.console,
      presenter: CardPresenter(style: Style(usesColor: false), width: 80),
      now: { Date(timeIntervalSince1970: 0) }, clock: ManualClock().clock,
      today: try #require(Day(year: 2026, month: 11, day: 29)),
      mode: .drill(record: false, timeLimit: nil))
    let result = session.run()
    #expect(clay.location == SourceLocation(path: decks + "/garden.md", line: 13))
    #expect(captured.out.contains("\(decks)/garden.md:13: the card 'clay' could not be read: "))
    #expect(captured.out.contains("; moving on."))
    #expect(!captured.out.contains("Is clay heavy?"))
    #expect(captured.out.contains("What happens?"))
    #expect(result.graded.map(\.card) == ["wet"])
  }

  @Test(
    "other commands write the deck cache as they end, and print the same",
    arguments: [["decks"], ["topics"], ["check"], ["stats"]])
  func commandsWriteAtTheEnd(arguments: [String]) throws {
    let (folder, variables) = try gardenFolder()
    let plain = runQuiz(arguments, variables: variables)
    for _ in 0..<2 {
      let cache = DeckCache(
        folder: folder.path + "/cache", program: [1, 2, 3], settleTime: 0, deferringWrites: true)
      let cached = runQuiz(arguments, variables: variables) { $0.deckCache = cache }
      #expect(cached.status == plain.status)
      #expect(cached.out == plain.out)
      #expect(cached.error == plain.error)
      let written = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache")
      #expect(written.count == 1 && written[0].hasSuffix(".cache"))
    }
  }
}

/// An input with no lines that notes which files the cache folder held when it was first read.
private final class CacheProbe: LineInput {
  let folder: String
  private(set) var filesAtFirstRead: [String]?
  let isInteractive = false
  let linesRead = 0

  init(folder: String) { self.folder = folder }

  func read(prompt: String, deadline: Double?, tick: ((Int) -> String)?) -> InputEvent {
    if filesAtFirstRead == nil {
      filesAtFirstRead = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }
    return .end
  }
}

/// Whether the cache was written, at each reading of a clock; the reading's number as its time.
private final class Readings: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [Bool] = []

  var values: [Bool] { lock.withLock { seen } }

  func append(_ written: Bool) -> Double {
    lock.withLock {
      seen.append(written)
      return Double(seen.count)
    }
  }
}
