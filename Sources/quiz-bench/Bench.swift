import CardDeck
import Foundation
import Glibc
import ReviewStorage
import Scheduler

/// The benchmark: where things are, and each measurement.
final class Bench {
  let options: Options
  /// The generated data on disk (the disk that holds /tmp).
  let work: URL
  /// A copy of what needs it on tmpfs, where fsync costs next to nothing.
  let memoryWork: URL?
  let package: URL
  var quiz = ""
  /// Runs programs whose peak memory is measured; see ``MemoryLauncher``.
  var launcher: MemoryLauncher?
  var tables: [Table] = []
  var notes: [String] = []
  /// Target verdicts: what, the figure, met or not.
  var verdicts: [(target: String, figure: String, met: Bool?)] = []
  /// The 100k-card native decks and their ids, when they were generated (not with --quick).
  var largeDecks: (folder: URL, ids: [String])?

  /// A review state prepared for sessions.
  struct History {
    var label: String
    var reviews: Int
    var folder: URL
    var today: Day
    var cards: Int
    /// The scheduler quiz runs under on it (`QUIZ_SCHEDULER`), whose snapshot the folder holds.
    var scheduler = SchedulerKind.sm2
  }

  init(options: Options) throws {
    self.options = options
    let pid = getpid()
    work = URL(fileURLWithPath: options.work ?? "/tmp/quiz-bench-\(pid)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder),
      isFolder.boolValue
    {
      let folder = URL(fileURLWithPath: "/dev/shm/quiz-bench-\(pid)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      memoryWork = folder
    } else {
      memoryWork = nil
    }
    package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  func cleanUp() {
    guard !options.keep else {
      log("kept \(work.path)" + (memoryWork.map { " and \($0.path)" } ?? ""))
      return
    }
    try? FileManager.default.removeItem(at: work)
    if let memoryWork { try? FileManager.default.removeItem(at: memoryWork) }
  }

  func log(_ text: String) {
    FileHandle.standardError.write(Data("quiz-bench: \(text)\n".utf8))
  }

  // MARK: - The quiz executable

  /// Finds quiz (and rebuilds it unless told not to).
  func locateQuiz() throws {
    let clang = findExecutable("clang") ?? "/opt/swift/usr/bin/clang"
    launcher = try MemoryLauncher.build(in: work, clang: clang)
    if let path = options.quiz {
      quiz = path
      guard FileManager.default.isExecutableFile(atPath: quiz) else {
        throw ChildProcess.Failure(description: "no quiz executable at \(quiz)")
      }
      return
    }
    let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let folder = own.deletingLastPathComponent()
    quiz = folder.appending(path: "quiz").path
    if options.build {
      // <scratch>/<triple>/release/quiz-bench
      let scratch = folder.deletingLastPathComponent().deletingLastPathComponent()
      log("building quiz (release) in \(scratch.path)")
      let swift = findExecutable("swift") ?? "/opt/swift/usr/bin/swift"
      let build = try ChildProcess(
        swift,
        [
          "build", "-c", "release", "--product", "quiz", "--scratch-path", scratch.path,
          "--package-path", package.path,
        ],
        environment: ProcessInfo.processInfo.environment,
        standardError: work.appending(path: "build.log").path)
      let ending = try build.finish()
      guard ending.succeeded else {
        throw ChildProcess.Failure(
          description: "building quiz failed:\n\(build.outputText)"
            + ((try? String(contentsOf: work.appending(path: "build.log"), encoding: .utf8)) ?? ""))
      }
    }
    guard FileManager.default.isExecutableFile(atPath: quiz) else {
      throw ChildProcess.Failure(
        description:
          "no quiz executable at \(quiz); build it with 'swift build -c release' or pass --quiz PATH"
      )
    }
  }

  func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The environment of every quiz run: nothing from the caller's but PATH; under FSRS,
  /// `QUIZ_SCHEDULER=fsrs`.
  func quizEnvironment(
    decks: URL, state: URL, today: Day, scheduler: SchedulerKind = .sm2
  ) -> [String: String] {
    var environment = [
      "PATH": "/usr/bin:/bin", "HOME": work.path, "TZ": "UTC", "LANG": "C.UTF-8",
      "QUIZ_DECKS": decks.path, "QUIZ_STATE": state.path, "QUIZ_NOW": "\(today)T09:00:00Z",
    ]
    if scheduler == .fsrs { environment["QUIZ_SCHEDULER"] = "fsrs" }
    return environment
  }

  // MARK: - Decks and parsing

  /// Generates the decks of every size in both formats and measures parsing them.
  func decksAndParsing() throws -> (decks: URL, ids: [String], cards: [Card]) {
    let sizes = options.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
    var table = Table(
      title: "Deck parsing (in memory, DeckLoader.load(files:); median of the runs)",
      header: [
        "format", "cards", "files", "MB", "runs", "median", "MB/s", "cards/s", "load folder",
        "diagnostics",
      ])
    var session: (URL, [String], [Card])?
    var slowest = Double.infinity
    for format in ["native .md", "lesson pages .txt"] {
      for size in sizes {
        let files =
          format.hasPrefix("native")
          ? DeckGenerator.nativeDecks(cards: size) : DeckGenerator.lessonPages(cards: size)
        let folder = work.appending(
          path: "decks-\(format.hasPrefix("native") ? "md" : "txt")-\(size)")
        try DeckGenerator.write(files, to: folder)
        let inMemory = files.map {
          DeckLoader.File(path: folder.appending(path: $0.name).path, bytes: Array($0.text.utf8))
        }
        let bytes = inMemory.reduce(0) { $0 + $1.bytes.count }
        let runs = size >= 100_000 ? 3 : size >= 10_000 ? 7 : 25
        var times: [Double] = []
        var collection = DeckCollection()
        for _ in 0..<runs {
          let start = monotonicNanoseconds()
          collection = DeckLoader().load(files: inMemory)
          times.append(Double(monotonicNanoseconds() - start) / 1e9)
        }
        var folderTimes: [Double] = []
        for _ in 0..<max(1, runs / 2) {
          let start = monotonicNanoseconds()
          _ = try DeckLoader().load(folder: folder.path)
          folderTimes.append(Double(monotonicNanoseconds() - start) / 1e9)
        }
        let sample = Sample(times)
        let errors = collection.errors
        let warnings = collection.warnings
        let cards = collection.cards.count
        if cards != size || !errors.isEmpty {
          let duplicates = errors.filter { $0.message.contains("is already used") }.count
          notes.append(
            "\(format), \(size) cards: \(cards) cards read, \(errors.count) errors (\(duplicates) repeated derived ids: the 32-bit hash of docs/deck-format.md collides)"
              + (errors.first.map { "; first: \($0)" } ?? ""))
        }
        let megabytes = Double(bytes) / 1e6
        let throughput = megabytes / sample.median
        slowest = min(slowest, throughput)
        table.add([
          format, Format.count(size), Format.count(files.count), Format.fixed(megabytes, 1),
          "\(runs)", Format.ms(sample.median * 1000), Format.fixed(throughput, 0),
          Format.count(Int(Double(cards) / sample.median)),
          Format.ms(Sample(folderTimes).median * 1000),
          "\(errors.count) errors, \(warnings.count) warnings",
        ])
        log("parsed \(format) \(size): \(Format.fixed(throughput, 0)) MB/s")
        if format.hasPrefix("native") && size == 10_000 {
          session = (folder, collection.cards.map(\.id), try collection.cards(collection.cards))
        }
        if format.hasPrefix("native") && size == 100_000 {
          largeDecks = (folder, collection.cards.map(\.id))
        }
      }
    }
    tables.append(table)
    verdicts.append(
      (
        "parsing ≥ 100 MB/s (slowest format and size)", Format.fixed(slowest, 0) + " MB/s",
        slowest >= 100
      ))
    guard let session else { throw ChildProcess.Failure(description: "no 10k-card deck") }
    return session
  }

  // MARK: - Review histories

  /// The histories of 1k, 100k and 1M reviews on the 10k-card deck.
  func histories(ids: [String]) throws -> [History] {
    var result: [History] = []
    var table = Table(
      title: "Review states generated (10,000-card deck)",
      header: ["reviews", "how", "days", "cards reviewed", "journal", "state.json", "time"])
    /// Adds the history made since `start` (on the monotonic clock, in nanoseconds).
    func add(_ history: History, how: String, since start: UInt64) {
      let seconds = Double(monotonicNanoseconds() - start) / 1e9
      let journal =
        (try? FileManager.default.attributesOfItem(
          atPath: history.folder.appending(path: "reviews.jsonl").path)[.size] as? Int) ?? 0
      let snapshot =
        (try? FileManager.default.attributesOfItem(
          atPath: history.folder.appending(path: "state.json").path)[.size] as? Int) ?? 0
      table.add([
        Format.count(history.reviews), how,
        Format.count(history.today - HistoryGenerator.firstDay), Format.count(history.cards),
        Format.mib(journal), Format.mib(snapshot), Format.fixed(seconds, 1) + " s",
      ])
      result.append(history)
    }

    var start = monotonicNanoseconds()
    add(try recordedHistory(ids: ids), how: "ReviewStore.record", since: start)
    start = monotonicNanoseconds()
    add(
      try replayedHistory(ids: ids),
      how: "fast writer; state.json by ReviewStore.open (replay + compaction)", since: start)
    if !options.quick {
      start = monotonicNanoseconds()
      add(
        try snapshotHistory(label: "1M", folder: "state-1m", ids: ids, seed: 13),
        how: "fast writer + its state.json; last 600 events replayed and compacted by ReviewStore",
        since: start)
    }
    if let largeDecks {
      start = monotonicNanoseconds()
      add(
        try snapshotHistory(
          label: "1M on 100k cards", folder: "state-100k-cards-1m", ids: largeDecks.ids, seed: 14),
        how: "as 1M, on the 100,000-card decks", since: start)
    }
    tables.append(table)
    return result
  }

  /// 1k reviews recorded by ReviewStore itself, one record and fsync per grade; and a check
  /// that the fast writer agrees with it: same grades, same states.
  private func recordedHistory(ids: [String]) throws -> History {
    let folder = work.appending(path: "state-1k")
    let today = try HistoryGenerator.writeWithStore(
      to: folder, cardIDs: ids, reviews: 1_000, seed: 11)
    let state = try ReviewStore.openReadOnly(folder: folder).state
    let check = work.appending(path: "state-1k-fast")
    let expected = try HistoryGenerator.writeFast(
      to: check, cardIDs: ids, reviews: 1_000, seed: 11, snapshot: false)
    let checkState = try ReviewStore.openReadOnly(folder: check).state
    guard checkState == state, expected.cards == state.cards,
      expected.reviewsByDay == state.reviewsByDay, expected.newCardsByDay == state.newCardsByDay
    else {
      throw ChildProcess.Failure(
        description: "the fast journal writer disagrees with ReviewStore on 1,000 reviews")
    }
    try FileManager.default.removeItem(at: check)
    return History(
      label: "1k", reviews: 1_000, folder: folder, today: today, cards: state.cards.count)
  }

  /// 100k reviews by the fast writer, and quiz's own replay and compaction for `state.json`.
  private func replayedHistory(ids: [String]) throws -> History {
    let folder = work.appending(path: "state-100k")
    let expected = try HistoryGenerator.writeFast(
      to: folder, cardIDs: ids, reviews: 100_000, seed: 12, snapshot: false)
    let store = try ReviewStore.open(
      folder: folder, dayClock: HistoryGenerator.dayClock,
      now: { Date(timeIntervalSince1970: Double(expected.today.daysSince1970) * 86_400) })
    try store.close()
    guard store.state.cards == expected.cards, store.state.reviewsByDay == expected.reviewsByDay
    else {
      throw ChildProcess.Failure(
        description: "quiz's replay of the 100,000-review journal disagrees with the generator")
    }
    return History(
      label: "100k", reviews: 100_000, folder: folder, today: expected.today,
      cards: store.state.cards.count)
  }

  /// 1M reviews of `ids` by the fast writer, with a snapshot of all but the last 600 events;
  /// quiz replays those and compacts. A snapshot that did not fit would show as a warning.
  private func snapshotHistory(
    label: String, folder name: String, ids: [String], seed: UInt64
  ) throws -> History {
    let folder = work.appending(path: name)
    let expected = try HistoryGenerator.writeFast(
      to: folder, cardIDs: ids, reviews: 1_000_000, seed: seed, snapshot: true,
      unsnapshotted: 600)
    let store = try ReviewStore.open(
      folder: folder, dayClock: HistoryGenerator.dayClock,
      now: { Date(timeIntervalSince1970: Double(expected.today.daysSince1970) * 86_400) })
    try store.close()
    guard store.warnings.isEmpty, store.state.cards == expected.cards else {
      throw ChildProcess.Failure(
        description: "quiz did not take the generated \(label) state as it is: \(store.warnings)")
    }
    return History(
      label: label, reviews: 1_000_000, folder: folder, today: expected.today,
      cards: expected.cards.count)
  }

  // MARK: - Start-up

  /// A program to start and time until its first prompt.
  struct Program {
    var name: String
    var executable: String
    var arguments: [String]
    var environment: [String: String]
    /// What shows the program is ready, on its standard output; nil times it to its exit.
    var marker: String?
    /// Run before each start: what makes each start the kind it stands for (a deck changed).
    var prepare: (() -> Void)?
    var times: [Double] = []
    var rss: [Int] = []
  }

  /// Compiles the bare Swift floor programs with `swiftc -O`.
  func floorPrograms() throws -> [Program] {
    let swiftc = findExecutable("swiftc") ?? "/opt/swift/usr/bin/swiftc"
    let folder = work.appending(path: "floor")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let sources = [
      ("bare Swift (print only)", "bare", "print(\"[1/1] ready\")\n"),
      (
        "Swift + Foundation (Date, print)", "foundation",
        "import Foundation\nprint(\"[1/1] ready \\(Date().timeIntervalSince1970 > 0)\")\n"
      ),
    ]
    var programs: [Program] = []
    for (name, file, text) in sources {
      let source = folder.appending(path: "\(file).swift")
      try Data(text.utf8).write(to: source)
      let output = folder.appending(path: file).path
      let compile = try ChildProcess(
        swiftc, ["-O", source.path, "-o", output],
        environment: ProcessInfo.processInfo.environment,
        standardError: folder.appending(path: "\(file).log").path)
      guard try compile.finish().succeeded else {
        throw ChildProcess.Failure(description: "swiftc -O \(source.path) failed")
      }
      programs.append(
        Program(
          name: name, executable: output, arguments: [], environment: ["PATH": "/usr/bin:/bin"],
          marker: "[1/"))
    }
    return programs
  }

  /// Starts each program `runs` times, interleaved, timing spawn → marker on standard output;
  /// then three more times each under the memory launcher, for the peak memory.
  func timeStartUps(_ programs: inout [Program], runs: Int) throws {
    for round in 0..<(runs + 3) {
      let measuresMemory = round >= runs
      for index in programs.indices {
        let program = programs[index]
        program.prepare?()
        let child = try ChildProcess(
          program.executable, program.arguments, environment: program.environment,
          standardError: work.appending(path: "startup.err").path,
          launcher: measuresMemory ? launcher : nil)
        guard let marker = program.marker else {
          let ending = try child.finish()
          guard ending.succeeded else {
            throw ChildProcess.Failure(
              description: "\(program.name) exited with \(ending.exitCode)")
          }
          if measuresMemory {
            programs[index].rss.append(ending.maxRSS)
          } else {
            programs[index].times.append(Double(ending.elapsed) / 1e6)
          }
          continue
        }
        guard let seen = child.wait(for: marker, timeout: 120) else {
          _ = try child.finish()
          let errors =
            (try? String(contentsOf: work.appending(path: "startup.err"), encoding: .utf8)) ?? ""
          throw ChildProcess.Failure(
            description:
              "\(program.name) never printed '\(marker)'; it printed:\n\(child.outputText.prefix(2000))\n\(errors.prefix(2000))"
          )
        }
        let ending = try child.finish()
        if measuresMemory {
          programs[index].rss.append(ending.maxRSS)
        } else {
          programs[index].times.append(Double(seen - child.started) / 1e6)
        }
      }
    }
  }

  // MARK: - Answers

  /// One measured session: `answers` cards answered one after the other through the pipe.
  struct SessionFigures {
    /// Milliseconds from sending an attempt and grade to the acknowledgement, per answer.
    var latencies: Sample
    /// Milliseconds per answer over the whole session, question display included.
    var cycle: Double
    var maxRSS: Int
    /// How many answers were timed: fewer than asked when the queue held fewer cards.
    var answers: Int
  }

  /// Runs a session on `history` (or its copy in `folder`), answering `answers` cards with an
  /// attempt and a 5, and puts the state back as it was afterwards.
  func answerSession(
    decks: URL, folder: URL, today: Day, answers: Int, scheduler: SchedulerKind = .sm2
  ) throws -> SessionFigures {
    let journal = folder.appending(path: "reviews.jsonl")
    let journalSize = try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as! Int
    // Every other state file as it was (the snapshot, and the indexes and sidecars written with
    // it, which a later measure would find out of step with the journal and not use), and no
    // file the session added.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let saved = try names.filter { $0 != "reviews.jsonl" && $0 != "lock" }.map {
      ($0, try Data(contentsOf: folder.appending(path: $0)))
    }
    defer {
      truncate(journal.path, off_t(journalSize))
      for (name, contents) in saved { try? contents.write(to: folder.appending(path: name)) }
      let added = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .subtracting(names)
      for name in added { try? FileManager.default.removeItem(at: folder.appending(path: name)) }
    }
    let child = try ChildProcess(
      quiz, ["review", "--new", "1000", "--limit", "\(answers)"],
      environment: quizEnvironment(
        decks: decks, state: folder, today: today, scheduler: scheduler),
      standardError: work.appending(path: "session.err").path, launcher: launcher)
    guard let first = child.wait(for: "[1/", timeout: 120) else {
      _ = try child.finish()
      throw ChildProcess.Failure(
        description: "the session never showed a card:\n\(child.outputText.prefix(2000))")
    }
    // The queue may hold fewer cards than asked for: "N due, M new" says how many.
    let heading = child.outputText.split(separator: "\n").first ?? ""
    let numbers = heading.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    let answers = min(answers, numbers.prefix(2).reduce(0, +))
    var latencies: [Double] = []
    var last = first
    for index in 1...max(1, answers) {
      if index > 1 {
        guard child.wait(for: "[\(index)/", timeout: 60) != nil else { break }
      }
      let sent = monotonicNanoseconds()
      child.send("Text(\"Planet\")\n5\n")
      guard let acknowledged = child.wait(for: "Next time:", count: index, timeout: 60) else {
        _ = try child.finish()
        throw ChildProcess.Failure(
          description:
            "answer \(index) was not acknowledged; the session printed:\n\(child.outputText.suffix(2000))"
        )
      }
      latencies.append(Double(acknowledged - sent) / 1e6)
      last = acknowledged
    }
    let ending = try child.finish()
    guard ending.succeeded, latencies.count == answers else {
      throw ChildProcess.Failure(
        description:
          "the session answered \(latencies.count) of \(answers) cards and exited with \(ending.exitCode); it printed, last:\n\(child.outputText.suffix(1500))"
      )
    }
    return SessionFigures(
      latencies: Sample(latencies), cycle: Double(last - first) / 1e6 / Double(answers),
      maxRSS: ending.maxRSS, answers: answers)
  }

  /// Median milliseconds of appending a 400-byte line to a file and fsyncing it, in `folder`.
  func fsyncCost(in folder: URL) -> Double {
    let path = folder.appending(path: "fsync-probe.jsonl").path
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return .nan }
    defer {
      close(descriptor)
      unlink(path)
    }
    let line = [UInt8](repeating: UInt8(ascii: "x"), count: 399) + [10]
    var times: [Double] = []
    for _ in 0..<200 {
      let start = monotonicNanoseconds()
      _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      fsync(descriptor)
      times.append(Double(monotonicNanoseconds() - start) / 1e6)
    }
    return Sample(times).median
  }

  // MARK: - Export

  /// Times `quiz export` to a file, `runs` times; returns the sample of seconds and peak memory.
  func timeExport(
    decks: URL, history: History, format: String, runs: Int
  ) throws -> (Sample, Int, Int) {
    var times: [Double] = []
    var peak = 0
    var size = 0
    let output = work.appending(path: "export.\(format)")
    for _ in 0..<runs {
      unlink(output.path)
      let child = try ChildProcess(
        quiz, ["export", "--format", format, "--output", output.path],
        environment: quizEnvironment(decks: decks, state: history.folder, today: history.today),
        standardError: work.appending(path: "export.err").path, launcher: launcher)
      let ending = try child.finish()
      guard ending.succeeded else {
        let errors =
          (try? String(contentsOf: work.appending(path: "export.err"), encoding: .utf8)) ?? ""
        throw ChildProcess.Failure(
          description: "quiz export --format \(format) exited with \(ending.exitCode): \(errors)")
      }
      times.append(Double(ending.elapsed) / 1e6)
      peak = max(peak, ending.maxRSS)
      size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
    }
    return (Sample(times), peak, size)
  }

  /// Whether `quiz export` exists in the measured binary.
  func quizHasExport() -> Bool {
    guard
      let child = try? ChildProcess(
        quiz, ["export", "--help"], environment: ["PATH": "/usr/bin:/bin"]),
      let ending = try? child.finish()
    else { return false }
    return ending.succeeded && child.outputText.contains("export")
  }
}
