import CommandLineKit

/// The command line of `quiz-bench`.
struct Options {
  /// The options, each declared once and read back with the same key.
  enum Keys {
    static let quiz = OptionKey.option(
      "--quiz", "PATH", completion: .files,
      help: "The quiz executable to measure (default: the one beside quiz-bench, rebuilt "
        + "first with 'swift build -c release --product quiz').")
    static let noBuild = OptionKey.flag("--no-build", help: "Do not rebuild quiz first.")
    static let runs = OptionKey.number(
      "--runs", "N", 1...1000,
      help: "Start-up runs per program (default 15; at least 10 are advised).")
    static let answers = OptionKey.number(
      "--answers", "N", 1...200, help: "Answers per measured session (default 100; at most 200).")
    static let quick = OptionKey.flag(
      "--quick", help: "Smaller sizes: no 100k-card parsing, no 1M-review history.")
    static let noAnki = OptionKey.flag("--no-anki", help: "Skip the Anki comparison.")
    static let noFSRS = OptionKey.flag(
      "--no-fsrs",
      help: "Skip the start-up and answer measurements under FSRS (QUIZ_SCHEDULER=fsrs).")
    static let parsingOnly = OptionKey.flag(
      "--parsing-only", help: "Measure deck parsing only (no quiz executable needed).")
    static let judgingOnly = OptionKey.flag(
      "--judging-only", help: "Measure judging attempts at a syntax card only.")
    static let python = OptionKey.option(
      "--python", "PATH", completion: .files,
      help: "The Python 3 that runs Scripts/bench/anki_bench.py (default python3).")
    static let work = OptionKey.option(
      "--work", "DIR", completion: .folders,
      help: "Generate into DIR instead of a fresh folder under /tmp.")
    static let keep = OptionKey.flag("--keep", help: "Keep the generated folders.")
    static let output = OptionKey.option(
      "--output", "FILE", completion: .files, help: "Also write the tables to FILE (Markdown).")
  }

  static let declaration = CommandDeclaration(
    name: "quiz-bench",
    summary: "Measures quiz beside a bare Swift program and Anki's scheduler.",
    discussion: """
      Generates decks and review histories in a temporary folder, measures quiz on them \
      (parsing, start-up to the first prompt, the cost of one answer, export, peak memory), \
      start-up and answers again under FSRS, and Anki's scheduler on the same cards, and prints \
      the figures as Markdown tables.
      """,
    options: [
      Keys.quiz, Keys.noBuild, Keys.runs, Keys.answers, Keys.quick, Keys.noAnki, Keys.noFSRS,
      Keys.parsingOnly, Keys.judgingOnly, Keys.python, Keys.work, Keys.keep, Keys.output,
    ],
    program: nil)

  /// The arguments as given.
  let arguments: ParsedArguments

  var quiz: String? { arguments[Keys.quiz] }
  var build: Bool { !arguments[Keys.noBuild] }
  var runs: Int { arguments[Keys.runs] ?? 15 }
  var answers: Int { arguments[Keys.answers] ?? 100 }
  var quick: Bool { arguments[Keys.quick] }
  var anki: Bool { !arguments[Keys.noAnki] }
  var fsrs: Bool { !arguments[Keys.noFSRS] }
  var parsingOnly: Bool { arguments[Keys.parsingOnly] }
  var judgingOnly: Bool { arguments[Keys.judgingOnly] }
  var python: String { arguments[Keys.python] ?? "python3" }
  var work: String? { arguments[Keys.work] }
  var keep: Bool { arguments[Keys.keep] }
  var output: String? { arguments[Keys.output] }
}
