import CommandLineKit

/// The command line of `quiz-bench`.
struct Options {
  static let declaration = CommandDeclaration(
    name: "quiz-bench",
    summary: "Measures quiz beside a bare Swift program and Anki's scheduler.",
    discussion: """
      Generates decks and review histories in a temporary folder, measures quiz on them \
      (parsing, start-up to the first prompt, the cost of one answer, export, peak memory) and \
      Anki's scheduler on the same cards, and prints the figures as Markdown tables.
      """,
    options: [
      .option(
        "--quiz", "PATH", completion: .files,
        help: "The quiz executable to measure (default: the one beside quiz-bench, rebuilt "
          + "first with 'swift build -c release --product quiz')."),
      .flag("--no-build", help: "Do not rebuild quiz first."),
      .option(
        "--runs", "N", .number(1...1000),
        help: "Start-up runs per program (default 15; at least 10 are advised)."),
      .option(
        "--answers", "N", .number(1...200),
        help: "Answers per measured session (default 100; at most 200)."),
      .flag("--quick", help: "Smaller sizes: no 100k-card parsing, no 1M-review history."),
      .flag("--no-anki", help: "Skip the Anki comparison."),
      .flag("--parsing-only", help: "Measure deck parsing only (no quiz executable needed)."),
      .flag("--judging-only", help: "Measure judging attempts at a syntax card only."),
      .option(
        "--python", "PATH", completion: .files,
        help: "The Python 3 that runs Scripts/bench/anki_bench.py (default python3)."),
      .option(
        "--work", "DIR", completion: .folders,
        help: "Generate into DIR instead of a fresh folder under /tmp."),
      .flag("--keep", help: "Keep the generated folders."),
      .option(
        "--output", "FILE", completion: .files,
        help: "Also write the tables to FILE (Markdown)."),
    ],
    program: nil)

  /// The arguments as given.
  let arguments: ParsedArguments

  var quiz: String? { arguments.value("--quiz") }
  var build: Bool { !arguments.flag("--no-build") }
  var runs: Int { arguments.number("--runs") ?? 15 }
  var answers: Int { arguments.number("--answers") ?? 100 }
  var quick: Bool { arguments.flag("--quick") }
  var anki: Bool { !arguments.flag("--no-anki") }
  var parsingOnly: Bool { arguments.flag("--parsing-only") }
  var judgingOnly: Bool { arguments.flag("--judging-only") }
  var python: String { arguments.value("--python") ?? "python3" }
  var work: String? { arguments.value("--work") }
  var keep: Bool { arguments.flag("--keep") }
  var output: String? { arguments.value("--output") }
}
