import Basics
import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz drill`: a mock interview of trick, edge and interview questions, in a seeded random
/// order, scored per topic.
struct DrillCommand: Command {
  /// The options only a drill takes, beside the selection's.
  enum Keys {
    /// `--count N`.
    static let count = OptionKey.number(
      "--count", "N", 1...10_000, help: "How many questions (default 10).")
    /// `--seed N`.
    static let seed = OptionKey.number(
      "--seed", "N", 0...Int.max,
      help: "The order's seed, to repeat a drill (default: a new one, printed).")
    /// `--time-limit S`.
    static let timeLimit = OptionKey.number(
      "--time-limit", "S", 1...86_400, help: "Seconds per question, with a countdown on a terminal."
    )
    /// `--record`.
    static let record = OptionKey.flag(
      "--record", help: "Record the grades in the schedule, as a review would.")
    /// `--transcript FILE`.
    static let transcript = OptionKey.option(
      "--transcript", "FILE", completion: .files,
      help: "Write a Markdown record of the drill to FILE (a new file): per question, the "
        + "prompt, your answer, the time, the grade, and what to listen for as a checklist.")
    /// `--force`.
    static let force = OptionKey.flag(
      "--force", help: "Drill the cards that loaded even if some decks have errors.")
  }

  static let declaration = CommandDeclaration(
    name: "drill",
    summary: "A mock interview: \(kindNames) questions, scored.",
    discussion: """
      Asks N questions (default 10) from the \(kindNames) cards of the chosen \
      topics, in a random order, and ends with a score per topic and the cards missed. It leaves \
      the schedule alone unless --record is given.

      With --time-limit, a question not answered in time keeps what was typed (on a terminal a \
      countdown ends it; with piped input, an answer that arrives late is read as the attempt) \
      and gets the grade a reviewer would suggest for it, else 0. The grade you then give is the \
      one that counts.
      """,
    options: [Keys.count, Keys.seed, Keys.timeLimit, Keys.record, Keys.transcript]
      + SelectionOptions.options + [Keys.force],
    examples: [
      ("quiz drill --topic Search --count 5 --time-limit 90", "A short mock interview."),
      ("quiz drill --seed 42 --record", "The same order again; grades go into the schedule."),
      (
        "quiz drill --kind interview --time-limit 600 --transcript drill.md",
        "A mock interview, with a record to look over."
      ),
    ])

  /// The kinds of card a drill asks.
  static let kinds: Set<CardKind> = [.trick, .edge, .interview]
  /// `trick, edge and interview`.
  private static let kindNames = CardKind.names(kinds, joinedBy: "and")

  var options: SelectionOptions
  var count: Int
  var seed: Int?
  var timeLimit: Int?
  var record: Bool
  var force: Bool
  var transcript: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try SelectionOptions(arguments)
    count = arguments[Keys.count] ?? 10
    seed = arguments[Keys.seed]
    timeLimit = arguments[Keys.timeLimit]
    record = arguments[Keys.record]
    force = arguments[Keys.force]
    transcript = arguments[Keys.transcript]
    if transcript == "" {
      throw UsageError("--transcript needs a file name", command: arguments.command)
    }
    let asked = options.decks.filter.kinds
    if !asked.isEmpty && asked.isDisjoint(with: Self.kinds) {
      let others = Set(CardKind.allCases).subtracting(Self.kinds)
      throw UsageError(
        "a drill asks \(Self.kindNames) cards, not \(CardKind.names(others, joinedBy: "or")) ones",
        command: arguments.command)
    }
    options.decks.filter.kinds = asked.isEmpty ? Self.kinds : asked.intersection(Self.kinds)
  }

  /// Refuses, before the first question, a transcript that could not be written at the end:
  /// an existing file (a transcript never replaces one), or a folder that is not there or not
  /// writable.
  static func checkTranscript(_ path: String, command: String) throws(UsageError) {
    let files = FileManager.default
    if files.fileExists(atPath: path) {
      throw UsageError(
        "--transcript \(path): already exists; name a new file (a transcript never "
          + "replaces one)", command: command)
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let type = (try? files.attributesOfItem(atPath: folder))?[.type] as? FileAttributeType
    guard type == .typeDirectory else {
      throw UsageError(
        "--transcript \(path): there is no folder \(folder) to write it in", command: command)
    }
    guard files.isWritableFile(atPath: folder) else {
      throw UsageError(
        "--transcript \(path): the folder \(folder) cannot be written to", command: command)
    }
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    if let transcript { try Self.checkTranscript(transcript, command: context.command) }
    guard let loaded = try SessionSetup.loadCards(options.decks, force: force, context) else {
      return .failure
    }
    let seed = seed ?? context.environment.randomSeed()
    var generator = SeededGenerator(seed: UInt64(seed))
    let questions = Array(loaded.cards.shuffled(using: &generator).prefix(count))
    let now = try context.clock()
    let today = try context.today(options.state)
    var store: ReviewStore?
    if record {
      guard let opened = try context.openForWriting(options.state, now: now) else {
        return .failure
      }
      store = opened
    }
    defer { try? store?.close() }

    let style = context.style(noColor: options.noColor)
    let scope = SessionSetup.describe(
      CardFilter(topics: options.decks.filter.topics, decks: options.decks.filter.decks))
    console.print(
      style.apply(
        .heading,
        "Drill: \(ReportText.count(questions.count, "question"))"
          + (scope.isEmpty ? "" : " — \(scope)") + " (seed \(seed)"
          + (timeLimit.map { ", \($0) s each" } ?? "") + (record ? ", recorded" : "") + ")"))
    console.print()
    let session = SessionSetup.session(
      cards: questions, from: loaded.collection, store: store, style: style, now: now,
      today: today,
      mode: .drill(record: record, timeLimit: timeLimit), deckOptions: options.decks,
      stateOptions: options.state, context)
    let result = session.run()
    console.print()
    console.print(
      SummaryPresenter(style: style, width: context.environment.proseWidth).drill(
        result, asked: questions.count))
    if let transcript {
      let text = DrillTranscript(day: today, seed: seed, timeLimit: timeLimit).markdown(
        result, cards: Array(session.cardsShown.values), asked: questions.count)
      do throws(AtomicFile.Failure) {
        try AtomicFile.write(Data(text.utf8), to: transcript, replacing: false)
        console.print("The transcript is in \(transcript).")
      } catch {
        console.failure(error.message(for: transcript))
        return .failure
      }
    }
    return SessionSetup.status(of: result, console)
  }
}
