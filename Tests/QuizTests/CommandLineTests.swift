import CommandLineKit
import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

@Suite("The command line, declared once")
struct CommandLineTests {
  @Test("refuses an argument where the command takes none")
  func unexpectedArgument() {
    let result = runQuiz(["stats", "extra"])
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("quiz stats: unexpected argument 'extra'\n"))
  }

  @Test(
    "suggests the command, or the topic, that an unknown command looks like",
    arguments: [
      (["revew"], "Did you mean 'quiz review'?"),
      (["exprot", "--json"], "Did you mean 'quiz export'?"),
      (["soil"], "Did you mean 'quiz --topic Soil'?"),
      (["help", "drll"], "Did you mean 'quiz drill'?"),
    ])
  func unknownCommand(arguments: [String], hint: String) {
    let result = runQuiz(arguments)
    #expect(result.status == .usage)
    let name = arguments.first == "help" ? arguments[1] : arguments[0]
    #expect(
      result.error
        == "quiz: unknown command '\(name)'; 'quiz --help' lists the commands\n\(hint)\n")
  }

  @Test("says nothing more about an unknown command that looks like nothing")
  func unknownCommandAlone() {
    let result = runQuiz(["frobnicate"])
    #expect(
      result.error == "quiz: unknown command 'frobnicate'; 'quiz --help' lists the commands\n")
  }

  @Test(
    "prints each command's help from its declaration: every option, within 80 columns",
    arguments: Quiz.commands.map { $0.declaration.name })
  func help(name: String) throws {
    let type = try #require(Quiz.command(named: name))
    for arguments in [[name, "--help"], ["help", name], [name, "-h"]] {
      let result = runQuiz(arguments)
      #expect(result.status == .success)
      #expect(result.error.isEmpty)
      #expect(result.out.hasPrefix("Usage: quiz "))
      for option in type.declaration.allOptions {
        #expect(result.out.contains(option.synopsis), "\(option.name)")
      }
      let long = result.out.split(separator: "\n").filter { $0.count > 80 }
      #expect(long.isEmpty, "\(long)")
    }
  }

  @Test("lists every command, with its summary, in the general help")
  func generalHelp() {
    let result = runQuiz(["--help"])
    for type in Quiz.commands {
      #expect(result.out.contains("  \(type.declaration.name) "))
    }
    #expect(result.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }
}

@Suite("Clocks, ids and seeds, injected")
struct InjectedDependencyTests {
  @Test("counts countdown steps on the clock it is given")
  func countdown() {
    var countdown = Countdown(deadline: 100)
    #expect(countdown.step(at: 40) == .wait(milliseconds: 1000, show: 60))
    #expect(countdown.step(at: 40.25) == .wait(milliseconds: 750, show: nil))
    #expect(countdown.step(at: 99.995) == .wait(milliseconds: 10, show: 1))
    #expect(countdown.step(at: 100) == .expired)
    #expect(countdown.step(at: 250) == .expired)
  }

  // On a terminal the countdown cuts the first answer off at 5 s (the clock stops there); piped,
  // the late answer arrives at 6 s and is set aside. Either way the next line is the grade.
  @Test(
    "ends a question when its time is up, on a terminal and piped, whatever QUIZ_NOW says",
    arguments: [
      (
        true, [("too late", delay: 8.0), ("", delay: 1.0), ("", delay: 2.0), ("4", delay: 1.0)],
        "in 9 s."
      ),
      (
        false,
        [("late answer", delay: 6.0), ("", delay: 0.0), ("quick", delay: 2.0), ("5", delay: 0.0)],
        "in 8 s."
      ),
    ] as [(Bool, [(String, delay: Double)], String)])
  func timeLimit(interactive: Bool, lines: [(String, delay: Double)], duration: String) throws {
    let harness = try SessionHarness()
    let clock = ManualClock()
    let input = ScriptedInput(timed: lines, interactive: interactive, clock: clock)
    let result = runQuiz(
      ["drill", "--seed", "1", "--time-limit", "5", "--count", "2"],
      variables: harness.variables, input: input
    ) { $0.monotonic = clock.clock }
    #expect(result.status == .success)
    #expect(result.out.components(separatedBy: "Time is up.").count == 2)
    #expect(result.out.contains("Drill: 1 of 2 right, \(duration)"))
  }

  @Test("measures a session on the monotonic clock while QUIZ_NOW stands still")
  func duration() throws {
    let harness = try SessionHarness()
    let clock = ManualClock()
    let input = ScriptedInput(
      timed: [("", delay: 60), ("4", delay: 5)], interactive: false, clock: clock)
    let result = runQuiz(
      ["--kind", "trick"], variables: harness.variables, input: input
    ) { $0.monotonic = clock.clock }
    #expect(result.out.contains("Reviewed 1 card in 1 min 05 s."))
    let review = try #require(
      try ReviewStoreReader.events(harness).first { $0["card"] as? String == "clay" })
    #expect(review["seconds"] as? Double == 65)
    #expect(review["at"] as? String == "2026-11-29T08:00:00.000Z")
  }

  @Test("takes event ids and the drill's seed from the environment")
  func idsAndSeed() throws {
    let harness = try SessionHarness()
    let result = runQuiz(
      ["drill", "--record", "--count", "1"], variables: harness.variables,
      input: ScriptedInput(["", "5"])
    ) {
      $0.makeID = { UUID(uuidString: "00000000-0000-4000-8000-000000000001")! }
      $0.randomSeed = { 4242 }
    }
    #expect(result.out.contains("(seed 4242, recorded)"))
    let events = try ReviewStoreReader.events(harness)
    #expect(events.map { $0["id"] as? String } == ["00000000-0000-4000-8000-000000000001"])
  }
}

@Suite("QUIZ_NOW, read by the files' own Timestamp")
struct QuizNowTests {
  @Test(
    "refuses a QUIZ_NOW that names no moment the journal could read back",
    arguments: ["2026-02-30T08:00:00", "100000-01-01T00:00:00Z", "2026-11-29T25:00", "now"])
  func refused(text: String) throws {
    let state = try TemporaryFolder()
    let result = runQuiz(["stats"], variables: ["QUIZ_NOW": text, "QUIZ_STATE": state.path])
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("quiz stats: QUIZ_NOW must be an ISO 8601 date and time"))
  }

  @Test("reads a QUIZ_NOW without an offset in the time zone of TZ, proleptic Gregorian")
  func local() throws {
    let harness = try SessionHarness()
    var variables = harness.variables
    variables["QUIZ_NOW"] = "1500-03-01T12:00"
    let result = runQuiz(
      ["--kind", "trick"], variables: variables, input: ScriptedInput(["", "4"])
    ) { $0.timeZone = TimeZone(identifier: "Europe/Paris")! }
    #expect(result.status == .success)
    let review = try #require(try ReviewStoreReader.events(harness).first)
    // Paris kept local mean time then: 0:09:21 ahead of UTC, as the time zone database says.
    #expect((review["at"] as? String)?.hasPrefix("1500-03-01T11:") == true)
    #expect(review["day"] as? String == "1500-03-01")
  }
}

@Suite("The queue of a session")
struct SessionQueueInSessionTests {
  // A card graded 2 comes back; graded 2 again it comes back again; taking that grade back
  // must show it once more, not twice.
  @Test("shows a card that came back once after its grade is taken back")
  func undoOfReturnedCard() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "trick"], lines: ["", "2", "", "2", ":undo", "", "5"])
    #expect(result.status == .success)
    #expect(result.out.contains("Took back the grade 2 for clay; here it is again."))
    #expect(result.out.contains("Reviewed 1 card (2 reviews)"))
    let events = try ReviewStoreReader.events(harness)
    #expect(events.compactMap { $0["grade"] as? Int } == [2, 2, 5])
    #expect(events.filter { $0["type"] as? String == "undo" }.count == 1)
  }
}

/// The journal's lines, as JSON objects.
enum ReviewStoreReader {
  static func events(_ harness: SessionHarness) throws -> [[String: Any]] {
    let text = try String(contentsOfFile: harness.state.path + "/reviews.jsonl", encoding: .utf8)
    return try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
    }
  }
}
