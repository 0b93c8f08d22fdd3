import CardDeck
import CommandLineKit
import Foundation
import Glibc
import ReviewStorage
import Scheduler

// quiz-bench: generates decks and review states, measures quiz on them beside a bare Swift
// program and Anki's scheduler, and prints Markdown tables. See docs/performance.md.

signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
  print(Options.declaration.help(width: 80))
  exit(0)
}
let options: Options
do {
  options = Options(arguments: try ParsedArguments(arguments, declaration: Options.declaration))
} catch {
  FileHandle.standardError.write(Data("\(error.command): \(error.message)\n".utf8))
  if let hint = error.hint { FileHandle.standardError.write(Data("\(hint)\n".utf8)) }
  exit(64)
}

/// `cat`-like read of a small system file.
func systemText(_ path: String) -> String {
  (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}

/// The machine, and whether a fuzzer is running beside the benchmark.
func machineTable(quiz: String) -> Table {
  var table = Table(title: "Machine", header: ["what", "value"])
  let cpu =
    systemText("/proc/cpuinfo").split(separator: "\n")
    .first { $0.hasPrefix("model name") }
    .map {
      String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces)
    }
    ?? "?"
  let memory =
    systemText("/proc/meminfo").split(separator: "\n").first { $0.hasPrefix("MemTotal") }
    .map { String($0.dropFirst("MemTotal:".count)).trimmingCharacters(in: .whitespaces) } ?? "?"
  table.add(["cores (nproc)", "\(sysconf(Int32(_SC_NPROCESSORS_ONLN)))"])
  table.add(["CPU", cpu])
  table.add(["memory", memory])
  table.add([
    "load average at start",
    systemText("/proc/loadavg").split(separator: " ").prefix(3).joined(separator: " "),
  ])
  table.add(["quiz measured", quiz])
  return table
}

/// The command lines of running processes whose command line mentions "fuzz".
func runningFuzzers() -> [String] {
  let own = getpid()
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry -> String? in
    guard let pid = Int32(entry), pid != own else { return nil }
    let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))) ?? Data()
    let line = String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
      .trimmingCharacters(in: .whitespaces)
    return line.contains("fuzz") && !line.contains("quiz-bench")
      ? "\(pid): \(line.prefix(100))" : nil
  }
}

let bench: Bench
do {
  bench = try Bench(options: options)
} catch {
  FileHandle.standardError.write(Data("quiz-bench: \(error)\n".utf8))
  exit(1)
}

do {
  let fuzzersAtStart = runningFuzzers()
  if options.judgingOnly {
    bench.judging()
    print(([bench.tables.last!] + []).map(\.text).joined(separator: "\n\n"))
    for verdict in bench.verdicts {
      print(
        "- \(verdict.target): \(verdict.figure) (\(verdict.met.map { $0 ? "met" : "MISSED" } ?? "–"))"
      )
    }
    bench.cleanUp()
    exit(0)
  }
  if options.parsingOnly {
    _ = try bench.decksAndParsing()
    print(bench.tables.map(\.text).joined(separator: "\n\n"))
    bench.cleanUp()
    exit(0)
  }
  try bench.locateQuiz()
  var machine = machineTable(quiz: bench.quiz)

  // Judging attempts, then decks, parsing, review states.
  bench.judging()
  let session = try bench.decksAndParsing()
  let histories = try bench.histories(ids: session.ids)
  guard let medium = histories.first(where: { $0.label == "100k" }) else {
    throw ChildProcess.Failure(description: "no 100k history")
  }
  let sessionHistories = histories.filter { !$0.label.contains("100k cards") }
  // The same histories as a user who switched to FSRS has them.
  let fsrsHistories =
    options.fsrs ? try bench.fsrsHistories(sessionHistories, decks: session.decks) : []

  // Anki's collection, built before the start-up runs so that they can be interleaved.
  let anki = AnkiComparison(bench: bench)
  var ankiPrepared: AnkiComparison.Prepared?
  var ankiFailure: String?
  if options.anki {
    do {
      let state = try ReviewStore.openReadOnly(folder: medium.folder).state
      ankiPrepared = try anki.prepare(
        cards: session.cards, state: state, today: medium.today, reviews: medium.reviews)
      bench.log(ankiPrepared!.buildOutput)
    } catch {
      ankiFailure = "\(error)"
      bench.log("Anki: \(error)")
    }
  }

  // Start-up to the first prompt, and the reporting commands, beside the floor.
  bench.log("timing start-up, \(options.runs) runs each")
  var programs = try bench.floorPrograms()
  /// quiz on `decks` and `history`, keeping its deck cache in `cache` (under the work folder).
  func quizProgram(
    _ name: String, _ arguments: [String] = ["review"], decks: URL? = nil, history: Bench.History,
    cache: String = "cache-warm", marker: String? = "[1/", prepare: (() -> Void)? = nil
  ) -> Bench.Program {
    var environment = bench.quizEnvironment(
      decks: decks ?? session.decks, state: history.folder, today: history.today,
      scheduler: history.scheduler)
    environment["XDG_CACHE_HOME"] = bench.work.appending(path: cache).path
    return Bench.Program(
      name: name, executable: bench.quiz, arguments: arguments, environment: environment,
      marker: marker, prepare: prepare)
  }
  for history in sessionHistories {
    programs.append(
      quizProgram("quiz review, 10k cards, \(history.label) reviews", history: history))
  }
  // The same start without the cache (every start before it), with an empty cache (the first
  // start ever), and after one deck file changed (its own copy of the decks and of the cache).
  var off = quizProgram("quiz review, 10k, 100k: cache off (every start before)", history: medium)
  off.environment["QUIZ_CACHE"] = "off"
  programs.append(off)
  let emptyCache = bench.work.appending(path: "cache-empty")
  programs.append(
    quizProgram(
      "quiz review, 10k, 100k: cache empty (first start)", history: medium, cache: "cache-empty",
      prepare: { try? FileManager.default.removeItem(at: emptyCache) }))
  let changedDecks = bench.work.appending(path: "decks-md-10000-changed")
  try? FileManager.default.removeItem(at: changedDecks)
  try FileManager.default.copyItem(at: session.decks, to: changedDecks)
  let changedFile =
    try FileManager.default.contentsOfDirectory(atPath: changedDecks.path).sorted()[0]
  programs.append(
    quizProgram(
      "quiz review, 10k, 100k: one deck file changed", decks: changedDecks, history: medium,
      cache: "cache-changed",
      prepare: {
        // A new modification time: the cache no longer matches that file.
        _ = utimensat(AT_FDCWD, changedDecks.appending(path: changedFile).path, nil, 0)
      }))
  if let large = histories.first(where: { $0.label.contains("100k cards") }),
    let largeDecks = bench.largeDecks
  {
    programs.append(
      quizProgram(
        "quiz review, 100k cards, 1M reviews", decks: largeDecks.folder, history: large,
        cache: "cache-large"))
  }
  var shipped = quizProgram(
    "quiz review, shipped decks, empty state",
    history: Bench.History(
      label: "empty", reviews: 0, folder: bench.work.appending(path: "state-empty"),
      today: medium.today, cards: 0))
  shipped.environment["QUIZ_DECKS"] = nil
  programs.append(shipped)
  for command in ["stats", "decks", "topics"] {
    programs.append(
      quizProgram(
        "quiz \(command), 10k cards, 100k reviews (to exit)", [command], history: medium,
        marker: nil))
  }
  // Under FSRS, on folders that already hold FSRS's snapshot. Named from "FSRS: " so that no
  // SM-2 row's prefix finds them.
  for history in fsrsHistories {
    programs.append(
      quizProgram("FSRS: quiz review, 10k cards, \(history.label) reviews", history: history))
  }
  if let fsrsMedium = fsrsHistories.first(where: { $0.label == "100k" }) {
    programs.append(
      quizProgram(
        "FSRS: quiz stats, 10k cards, 100k reviews (to exit)", ["stats"], history: fsrsMedium,
        marker: nil))
  }
  if let ankiPrepared { programs.append(anki.program(ankiPrepared)) }
  // Warm the caches the timed starts read.
  for program in programs where program.environment["XDG_CACHE_HOME"] != nil {
    let child = try ChildProcess(
      program.executable, ["decks"], environment: program.environment,
      standardError: bench.work.appending(path: "startup.err").path)
    _ = try child.finish()
  }
  try bench.timeStartUps(&programs, runs: options.runs)
  let bare = Sample(programs[0].times).median
  let floor = Sample(programs[1].times).median
  var startTable = Table(
    title:
      "Start-up: spawn → first card's header on stdout, or to exit (\(options.runs) runs each, interleaved); "
      + "the floor is the Swift + Foundation program of the same run",
    header: ["program", "median", "p10", "p90", "min", "× floor", "peak RSS (median)"])
  for program in programs {
    let times = Sample(program.times)
    startTable.add([
      program.name, Format.ms(times.median), Format.ms(times.quantile(0.1)),
      Format.ms(times.quantile(0.9)), Format.ms(times.minimum),
      Format.fixed(times.median / floor, 1) + "×",
      Format.mib(Int(Sample(program.rss.map(Double.init)).median)),
    ])
  }
  bench.tables.append(startTable)
  func median(_ prefix: String) -> (time: Double, rss: Int)? {
    programs.first { $0.name.hasPrefix(prefix) }.map {
      (Sample($0.times).median, Int(Sample($0.rss.map(Double.init)).median))
    }
  }
  func ratioVerdict(_ target: String, _ prefix: String, atMost limit: Double) {
    guard let figure = median(prefix) else {
      bench.verdicts.append((target, "not measured", nil))
      return
    }
    bench.verdicts.append(
      (
        target, Format.fixed(figure.time / floor, 1) + "× (" + Format.ms(figure.time) + ")",
        figure.time <= limit * floor
      ))
  }
  let quizStart = median("quiz review, 10k cards, 100k reviews")!
  let quizRSS = quizStart.rss
  bench.notes.append(
    "floor: Swift + Foundation \(Format.ms(floor)); bare Swift (print only) \(Format.ms(bare))")
  ratioVerdict(
    "first prompt, 10k cards + 100k reviews ≤ 5× the floor", "quiz review, 10k cards, 100k",
    atMost: 5)
  ratioVerdict(
    "first prompt, 100k cards + 1M reviews ≤ 15× the floor", "quiz review, 100k cards",
    atMost: 15)
  ratioVerdict(
    "first prompt, shipped decks, empty state ≤ 2× the floor", "quiz review, shipped",
    atMost: 2)
  for command in ["stats", "decks", "topics"] {
    ratioVerdict("quiz \(command), 10k + 100k ≤ 6× the floor", "quiz \(command),", atMost: 6)
  }
  if let off = median("quiz review, 10k, 100k: cache off"),
    let changed = median("quiz review, 10k, 100k: one deck"),
    let empty = median("quiz review, 10k, 100k: cache empty")
  {
    let worst = max(changed.time, empty.time)
    bench.verdicts.append(
      (
        "first start after a deck changes no slower than a start without the cache",
        "one file changed \(Format.ms(changed.time)), cache empty \(Format.ms(empty.time)), "
          + "cache off \(Format.ms(off.time))", worst <= off.time * 1.05
      ))
  }
  bench.verdicts.append(
    ("peak memory at the 10k start ≤ 30 MiB", Format.mib(quizRSS), quizRSS <= 30 * 1_048_576))
  if options.fsrs {
    ratioVerdict(
      "FSRS: first prompt, 10k cards + 100k reviews ≤ 5× the floor",
      "FSRS: quiz review, 10k cards, 100k", atMost: 5)
    ratioVerdict("FSRS: quiz stats, 10k + 100k ≤ 6× the floor", "FSRS: quiz stats,", atMost: 6)
    if let start = median("FSRS: quiz review, 10k cards, 100k") {
      bench.verdicts.append(
        (
          "FSRS: peak memory at the 10k start ≤ 30 MiB", Format.mib(start.rss),
          start.rss <= 30 * 1_048_576
        ))
    }
    // Every timed start took the FSRS snapshot as it was.
    for history in fsrsHistories { try bench.requireSnapshot(of: .fsrs, in: history.folder) }
    let starts = try bench.switchingStarts(from: medium, decks: session.decks, runs: 5)
    let times = Sample(starts.map(\.milliseconds))
    var switching = Table(
      title: "FSRS: the first start after switching, 10k cards + 100k reviews (5 runs, each on "
        + "a fresh copy of SM-2's folder, the deck cache warm)",
      header: ["median", "min", "max", "× floor", "peak RSS (max)"])
    switching.add([
      Format.ms(times.median), Format.ms(times.minimum), Format.ms(times.maximum),
      Format.fixed(times.median / floor, 1) + "×",
      Format.mib(starts.map(\.maxRSS).max() ?? 0),
    ])
    bench.tables.append(switching)
  }
  if let ankiProgram = programs.first(where: { $0.name.hasPrefix("Anki") }) {
    let ankiStart = Sample(ankiProgram.times).median
    bench.verdicts.append(
      (
        "first prompt ≥ 4× faster than Anki's backend",
        Format.fixed(ankiStart / quizStart.time, 1) + "× (Anki " + Format.ms(ankiStart) + ")",
        ankiStart >= 4 * quizStart.time
      ))
  } else {
    bench.verdicts.append(("first prompt ≥ 4× faster than Anki's backend", "not measured", nil))
  }

  // One answer in a real piped session.
  bench.log("timing answers, \(options.answers) per session")
  var answerTable = Table(
    title:
      "One answer in a piped session (attempt + grade → \"Next time:\" printed after the fsync; \(options.answers) answers)",
    header: [
      "reviews of history", "journal on", "answers", "median", "p90", "max",
      "per card, whole loop", "peak RSS",
    ])
  var medians: [String: Double] = [:]
  var sessionRSS = 0
  for history in sessionHistories + fsrsHistories {
    let label = history.scheduler == .fsrs ? "\(history.label), FSRS" : history.label
    var places: [(String, URL)] = [("disk (\(bench.work.path))", history.folder)]
    if let memory = bench.memoryWork {
      let copy = memory.appending(path: history.folder.lastPathComponent)
      try? FileManager.default.removeItem(at: copy)
      try FileManager.default.copyItem(at: history.folder, to: copy)
      places.append(("tmpfs (/dev/shm)", copy))
    }
    for (place, folder) in places {
      let figures = try bench.answerSession(
        decks: session.decks, folder: folder, today: history.today, answers: options.answers,
        scheduler: history.scheduler)
      answerTable.add([
        label, place, "\(figures.answers)", Format.ms(figures.latencies.median),
        Format.ms(figures.latencies.quantile(0.9)), Format.ms(figures.latencies.maximum),
        Format.ms(figures.cycle), Format.mib(figures.maxRSS),
      ])
      if place.hasPrefix("disk") {
        medians[label] = figures.latencies.median
        if label == "100k" { sessionRSS = figures.maxRSS }
      } else {
        medians[label + "-tmpfs"] = figures.latencies.median
      }
    }
    if let memory = bench.memoryWork {
      try? FileManager.default.removeItem(
        at: memory.appending(path: history.folder.lastPathComponent))
    }
  }
  bench.tables.append(answerTable)
  let diskFsync = bench.fsyncCost(in: bench.work)
  let memoryFsync = bench.memoryWork.map { bench.fsyncCost(in: $0) } ?? .nan
  var fsyncTable = Table(
    title: "write(2) of a 400-byte line + fsync, measured apart (median of 200)",
    header: ["where", "median"])
  fsyncTable.add(["disk (\(bench.work.path))", Format.ms(diskFsync)])
  fsyncTable.add(["tmpfs (/dev/shm)", Format.ms(memoryFsync)])
  bench.tables.append(fsyncTable)
  // The same targets under SM-2, then under FSRS (its rows' labels end in ", FSRS").
  let largest = options.quick ? "100k" : "1M"
  for suffix in fsrsHistories.isEmpty ? [""] : ["", ", FSRS"] {
    let scheduler = suffix.isEmpty ? "" : "FSRS: "
    let answer100k = medians["100k" + suffix] ?? .nan
    bench.verdicts.append(
      (
        "\(scheduler)one answer ≤ 1 ms (100k reviews, journal on disk)", Format.ms(answer100k),
        answer100k <= 1
      ))
    guard let small = medians["1k" + suffix], let large = medians[largest + suffix] else {
      continue
    }
    let ratio = large / small
    let tmpfs = medians["1k" + suffix + "-tmpfs"].flatMap { small in
      medians[largest + suffix + "-tmpfs"].map { ", " + Format.fixed($0 / small, 2) + "× (tmpfs)" }
    }
    bench.verdicts.append(
      (
        "\(scheduler)one answer within 1.5× between 1k and \(largest) reviews",
        Format.fixed(ratio, 2) + "× (disk)" + (tmpfs ?? ""), ratio <= 1.5
      ))
  }

  // Anki's answers.
  if let ankiPrepared {
    do {
      var ankiTable = Table(
        title:
          "Anki \(ankiPrepared.version) on the same 10k cards and 100k reviews (in one process, \(options.answers) cards)",
        header: ["collection on", "sched.getCard()", "sched.answerCard()", "both"])
      var places = [("disk", bench.work.appending(path: "anki"))]
      if let memory = bench.memoryWork { places.append(("tmpfs", memory)) }
      for (place, folder) in places {
        let figures = try anki.answers(ankiPrepared, in: folder, count: options.answers)
        ankiTable.add([
          place, Format.ms(figures["getCard_ms_median"] ?? .nan),
          Format.ms(figures["answerCard_ms_median"] ?? .nan),
          Format.ms(figures["both_ms_median"] ?? .nan),
        ])
      }
      bench.tables.append(ankiTable)
      bench.notes.append("Anki collection: \(ankiPrepared.buildOutput)")
    } catch {
      ankiFailure = "\(error)"
    }
  }
  if let ankiFailure { bench.notes.append("Anki could not be measured: \(ankiFailure)") }

  // Export.
  if bench.quizHasExport() {
    var exportTable = Table(
      title: "quiz export (10k cards), spawn → exit; 5 runs on 100k reviews, 1 on 1M",
      header: ["reviews", "format", "median", "min", "max", "output", "peak RSS"])
    var runs: [(Bench.History, String, Int)] = [
      (medium, "json", 5), (medium, "csv", 5), (medium, "apkg", 5),
    ]
    if let large = sessionHistories.first(where: { $0.label == "1M" }) {
      runs.append((large, "json", 1))
    }
    for (history, format, count) in runs {
      let (sample, peak, size) = try bench.timeExport(
        decks: session.decks, history: history, format: format, runs: count)
      exportTable.add([
        history.label, format, Format.ms(sample.median), Format.ms(sample.minimum),
        Format.ms(sample.maximum), Format.mib(size), Format.mib(peak),
      ])
      if format == "apkg" {
        bench.verdicts.append(
          (
            "quiz export --format apkg, 10k cards + 100k reviews < 2 s and < 100 MiB",
            "\(Format.ms(sample.median)), \(Format.mib(peak))",
            sample.median < 2000 && peak < 100 * 1_048_576
          ))
      }
      guard format == "json" else { continue }
      if history.label == "100k" {
        bench.verdicts.append(
          (
            "quiz export --format json, 100k reviews ≤ 1 s and ≤ 64 MiB",
            "\(Format.ms(sample.median)), \(Format.mib(peak))",
            sample.median <= 1000 && peak <= 64 * 1_048_576
          ))
      } else {
        bench.verdicts.append(
          (
            "quiz export --format json, 1M reviews ≤ 64 MiB", Format.mib(peak),
            peak <= 64 * 1_048_576
          ))
      }
    }
    bench.tables.append(exportTable)
  } else {
    bench.notes.append("quiz export does not exist in the measured binary; not measured")
  }
  bench.notes.append(
    "peak memory of a session of answers (100k reviews): \(Format.mib(sessionRSS))")

  // Fuzzers.
  let fuzzersAtEnd = runningFuzzers()
  machine.add([
    "load average at end",
    systemText("/proc/loadavg").split(separator: " ").prefix(3).joined(separator: " "),
  ])
  machine.add([
    "fuzzers running (pgrep -f fuzz)",
    fuzzersAtStart.isEmpty && fuzzersAtEnd.isEmpty
      ? "none, at start and at end"
      : "at start: \(fuzzersAtStart.count), at end: \(fuzzersAtEnd.count): \((fuzzersAtStart + fuzzersAtEnd).first ?? "")",
  ])

  var targets = Table(title: "Targets", header: ["target", "figure", "verdict"])
  for verdict in bench.verdicts {
    targets.add([
      verdict.target, verdict.figure, verdict.met.map { $0 ? "met" : "MISSED" } ?? "not measured",
    ])
  }
  let report =
    ([machine] + bench.tables + [targets]).map(\.text).joined(separator: "\n\n")
    + (bench.notes.isEmpty
      ? "" : "\n\nNotes:\n" + bench.notes.map { "- " + $0 }.joined(separator: "\n"))
    + "\n"
  print(report)
  if let output = options.output {
    try Data(report.utf8).write(to: URL(fileURLWithPath: output))
  }
  bench.cleanUp()
} catch {
  FileHandle.standardError.write(Data("quiz-bench: \(error)\n".utf8))
  bench.cleanUp()
  exit(1)
}
