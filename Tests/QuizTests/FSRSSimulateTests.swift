import Foundation
import QuizTestSupport
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

@Suite("quiz fsrs simulate")
struct FSRSSimulateTests {
  /// The simulated learner's 60 cards, as a deck: the history's cards are in it.
  static let learner = SimulatedLearner(cards: 60, newPerDay: 4, days: 120)
  static let deck =
    "# Learnt\n\n"
    + (0..<learner.cards).map {
      "## Trick · Memory · \(learner.id($0))\nCard \($0)?\n\n---\n\nYes.\n"
    }
    .joined(separator: "\n")

  /// A state folder holding the learner's 120 days, and the variables that point quiz at it the
  /// day after.
  func history() throws -> (folder: TemporaryFolder, variables: [String: String]) {
    let folder = try TemporaryFolder()
    let state = folder.path + "/state"
    try Self.learner.record(into: URL(fileURLWithPath: state))
    return (
      folder,
      ["QUIZ_STATE": state, "QUIZ_NOW": "2025-05-01T08:00:00Z", "QUIZ_FSRS_FUZZ": "0"]
    )
  }

  /// `quiz fsrs simulate` with `arguments` on the learner's deck, plus the garden deck.
  func simulate(
    _ arguments: [String], variables: [String: String], terminal: Bool = false,
    configure: (inout Environment) -> Void = { _ in }
  ) -> (status: ExitCode, out: String, error: String) {
    runQuiz(
      ["fsrs", "simulate"] + arguments, variables: variables,
      shipped: [("learnt.md", Self.deck), ("garden.md", gardenDeck)], terminal: terminal
    ) { environment in
      // Days in UTC, as the learner's were recorded.
      environment.timeZone = .gmt
      configure(&environment)
    }
  }

  /// The JSON object quiz printed.
  func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(
    "--json: what was simulated, and per scheduler the totals and a series a day summing to them")
  func json() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    let result = simulate(["--json", "--days", "90"], variables: variables)
    #expect(result.status == .success, "\(result.error)")
    let json = try object(result.out)
    #expect(json["days"] as? Int == 90 && json["firstDay"] as? String == "2025-05-01")
    #expect(json["seed"] as? Int == FSRSCommand.defaultSeed && json["newPerDay"] as? Int == 20)
    #expect(json["weights"] as? String == "default")
    #expect(json["cards"] as? Int == 63)
    #expect(json["reviewedCards"] as? Int == 60 && json["newCards"] as? Int == 3)
    var totals: [Int] = []
    for name in ["fsrs", "sm2"] {
      let schedule = try #require(json[name] as? [String: Any], "\(name)")
      let days = try #require(schedule["perDay"] as? [[String: Any]])
      #expect(days.count == 90)
      let first = try #require(Day("2025-05-01"))
      for (offset, day) in days.enumerated() {
        #expect(day["day"] as? String == (first + offset).description)
        #expect(day.keys.sorted() == ["day", "newCards", "reviews"])
      }
      let reviews = days.map { $0["reviews"] as? Int ?? -1 }
      #expect(schedule["reviews"] as? Int == reviews.reduce(0, +))
      #expect(
        schedule["newCards"] as? Int == days.map { $0["newCards"] as? Int ?? -1 }.reduce(0, +))
      // The garden's three new cards, on the first day.
      #expect(days.first?["newCards"] as? Int == 3 && schedule["newCards"] as? Int == 3)
      let recall = try #require(schedule["recallAtEnd"] as? Double)
      #expect(recall > 0.5 && recall < 1)
      let retention = try #require(schedule["retention"] as? Double)
      #expect(retention > 0.5 && retention < 1)
      totals.append(reviews.reduce(0, +))
    }
    #expect(totals.allSatisfy { $0 > 100 })
  }

  @Test("By default FSRS runs at the retention SM-2 gives in the same simulation, and says so")
  func retentionOfSM2() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    let json = try object(simulate(["--json"], variables: variables).out)
    let fsrs = try #require(json["fsrs"] as? [String: Any])
    let sm2 = try #require(json["sm2"] as? [String: Any])
    let measured = try #require(sm2["retention"] as? Double)
    #expect(SimulationRetention.range.contains(measured))
    #expect(json["desiredRetentionFrom"] as? String == "sm2")
    #expect(json["desiredRetention"] as? Double == measured)
    #expect(fsrs["desiredRetention"] as? Double == measured && sm2["desiredRetention"] is NSNull)
    // FSRS's own measure lands near the retention it was asked for.
    let recalled = try #require(fsrs["retention"] as? Double)
    #expect(abs(recalled - measured) < 0.02)
    // The prose is wrapped: its lines joined again.
    let text = simulate([], variables: variables).out.replacingOccurrences(of: "\n", with: " ")
    let percent = FSRSCommand.percent(measured)
    #expect(text.contains("for a desired retention of \(percent): the share of reviews SM-2"))
    #expect(text.contains("(desired \(percent)), SM-2 \(percent)."))
  }

  @Test("--retention sets FSRS's desired retention; a lower one asks for no more reviews")
  func retentionOption() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    var totals: [Int] = []
    var sm2: [String] = []
    for retention in ["0.95", "0.9", "0.8", "0.7"] {
      let result = simulate(["--json", "--retention", retention], variables: variables)
      #expect(result.status == .success, "\(result.error)")
      let json = try object(result.out)
      #expect(json["desiredRetention"] as? Double == Double(retention))
      #expect(json["desiredRetentionFrom"] as? String == "option")
      let fsrs = try #require(json["fsrs"] as? [String: Any])
      #expect(fsrs["desiredRetention"] as? Double == Double(retention))
      totals.append(try #require(fsrs["reviews"] as? Int))
      let schedule = try #require(json["sm2"] as? [String: Any])
      sm2.append("\(schedule["reviews"] ?? "") \(schedule["retention"] ?? "")")
    }
    #expect(totals == totals.sorted(by: >), "\(totals)")
    #expect(totals.first! > totals.last!)
    // SM-2's schedule does not depend on FSRS's retention.
    #expect(Set(sm2).count == 1)
    let text = simulate(["--retention", "0.85"], variables: variables).out
      .replacingOccurrences(of: "\n", with: " ")
    #expect(text.contains("for a desired retention of 85.0%: as --retention asks;"))
  }

  @Test("The same seed gives the same output; the default seed is a fixed one; another differs")
  func reproducible() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    let first = simulate(["--json"], variables: variables)
    #expect(first.status == .success, "\(first.error)")
    #expect(simulate(["--json"], variables: variables).out == first.out)
    #expect(
      simulate(["--json", "--seed", "\(FSRSCommand.defaultSeed)"], variables: variables).out
        == first.out)
    #expect(simulate(["--json", "--seed", "7"], variables: variables).out != first.out)
    let text = simulate([], variables: variables)
    #expect(simulate([], variables: variables).out == text.out)
  }

  @Test("The text gives both totals, a table that sums to them, and both series in the plot")
  func text() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    let json = try object(simulate(["--json"], variables: variables).out)
    let fsrs = try #require((json["fsrs"] as? [String: Any])?["reviews"] as? Int)
    let sm2 = try #require((json["sm2"] as? [String: Any])?["reviews"] as? Int)
    let result = simulate([], variables: variables) { $0.width = 80 }
    #expect(result.status == .success, "\(result.error)")
    let out = result.out
    #expect(
      out.contains(
        "FSRS: \(FSRSCommand.grouped(fsrs)) reviews; SM-2: \(FSRSCommand.grouped(sm2)) reviews "
          + "over 365 days."))
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains { $0.hasPrefix("Total ") && $0.contains(FSRSCommand.grouped(fsrs)) })
    #expect(lines.contains { $0.hasPrefix("FSRS  ") } && lines.contains { $0.hasPrefix("SM-2  ") })
    #expect(lines.contains { $0.hasPrefix("      2025-05-01") && $0.hasSuffix("2026-04-30") })
    for line in lines { #expect(line.count <= 80, "\(line)") }
    // Not a terminal: no escape codes; UTF-8 blocks.
    #expect(!out.contains("\u{1B}[") && out.contains("█"))
  }

  @Test("Plain ASCII where the locale has no UTF-8, colour only on a terminal")
  func plainOutput() throws {
    let (folder, variables) = try history()
    defer { withExtendedLifetime(folder) {} }
    let ascii = simulate(["--days", "30"], variables: variables) {
      $0.charset = .ascii
      $0.width = 60
    }
    #expect(ascii.status == .success)
    #expect(ascii.out.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii.out)")
    #expect(ascii.out.contains("#"))
    let colour = simulate(["--days", "30"], variables: variables, terminal: true)
    #expect(colour.out.contains("\u{1B}[36m"))
    let noColour = simulate(["--days", "30", "--no-color"], variables: variables, terminal: true)
    #expect(!noColour.out.contains("\u{1B}["))
  }

  @Test("A deck with no cards: nothing to simulate, said so, with the deck's error")
  func noCards() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/decks", withIntermediateDirectories: true)
    try folder.write("decks/empty.md", "# Empty\n")
    let variables = [
      "QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": "2026-01-01T08:00:00Z",
      "QUIZ_DECKS": folder.path + "/decks", "QUIZ_SHIPPED_DECKS": "no",
    ]
    let text = runQuiz(["fsrs", "simulate", "--days", "10"], variables: variables)
    #expect(text.status == .failure)
    #expect(text.error.contains("empty.md:1: error: the deck has no cards"))
    #expect(text.out.contains("No card to simulate"))
    #expect(text.out.contains("FSRS: 0 reviews; SM-2: 0 reviews over 10 days."))
    let json = try object(
      runQuiz(["fsrs", "simulate", "--json", "--days", "10"], variables: variables).out)
    #expect(json["cards"] as? Int == 0)
    // No review due under SM-2 to measure: FSRS's own retention.
    #expect(json["desiredRetentionFrom"] as? String == "default")
    #expect(json["desiredRetention"] as? Double == 0.9)
    for name in ["fsrs", "sm2"] {
      let schedule = try #require(json[name] as? [String: Any])
      #expect(schedule["reviews"] as? Int == 0 && schedule["recallAtEnd"] is NSNull)
      #expect((schedule["perDay"] as? [[String: Any]])?.count == 10)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"))
  }

  @Test("--new sets the new cards a day; those already introduced today count")
  func newCards() throws {
    let history = try ReviewHistory()
    try history.grade([("planter", 4)], on: "2026-11-29")
    let result = runQuiz(
      ["fsrs", "simulate", "--json", "--days", "3", "--new", "1"], variables: history.variables)
    #expect(result.status == .success, "\(result.error)")
    let json = try object(result.out)
    #expect(json["reviewedCards"] as? Int == 1 && json["newPerDay"] as? Int == 1)
    let days = try #require((json["sm2"] as? [String: Any])?["perDay"] as? [[String: Any]])
    #expect(days.map { $0["newCards"] as? Int } == [0, 1, 1])
  }

  @Test("Bad arguments are usage errors that say what is wrong")
  func usage() {
    for (arguments, message) in [
      (["--days", "0"], "--days takes a whole number from 1 to 3650, not '0'"),
      (["--days", "abc"], "--days takes a whole number from 1 to 3650, not 'abc'"),
      (["--days", "3651"], "--days takes a whole number from 1 to 3650, not '3651'"),
      (["--seed", "x"], "--seed takes a whole number"),
      (["--days"], "--days needs a value"),
      (
        ["--retention", "abc"],
        "--retention takes a number from 0.70 to 0.97 (a share: 0.85 for 85%), not 'abc'"
      ),
      (["--retention", "0.5"], "--retention takes a number from 0.70 to 0.97"),
      (["--retention", "0.98"], "not '0.98'"),
      (["--retention", "85"], "(a share: 0.85 for 85%), not '85'"),
      (["--retention", "nan"], "not 'nan'"),
      (["--retention", ""], "not ''"),
      (["--retention"], "--retention needs a value"),
    ] {
      let result = runQuiz(["fsrs", "simulate"] + arguments)
      #expect(result.status == .usage, "\(arguments)")
      #expect(result.error.contains(message), "\(result.error)")
      #expect(result.out.isEmpty)
    }
    for option in [
      ["--days", "30"], ["--new", "5"], ["--decks", "/tmp"], ["--retention", "0.8"],
    ] {
      let result = runQuiz(["fsrs", "evaluate"] + option)
      #expect(result.status == .usage)
      #expect(result.error.contains("\(option[0]) goes with 'quiz fsrs simulate' only"))
    }
    let seeded = runQuiz(["fsrs", "evaluate", "--seed", "1"])
    #expect(seeded.status == .usage)
    #expect(seeded.error.contains("--seed goes with 'quiz fsrs fit' and 'quiz fsrs simulate' only"))
    #expect(runQuiz(["fsrs", "simulate", "--save"]).error.contains("--save goes with"))
    #expect(
      runQuiz(["fsrs", "simulat"]).error.contains("the actions are fit, evaluate and simulate"))
    let help = runQuiz(["help", "fsrs"]).out
    #expect(help.contains("simulate") && help.contains("--days N") && help.contains("--seed N"))
    #expect(help.contains("--retention R"))
    let bash = runQuiz(["completions", "bash"]).out
    #expect(bash.contains("simulate") && bash.contains("--days"))
  }
}
