import Foundation

/// The command line of `quiz-bench`.
struct Options {
  static let usage = """
    Usage: quiz-bench [options]

    Generates decks and review histories in a temporary folder, measures quiz on them (parsing,
    start-up to the first prompt, the cost of one answer, export, peak memory) and Anki's
    scheduler on the same cards, and prints the figures as Markdown tables.

    Options:
      --quiz PATH      The quiz executable to measure (default: the one beside quiz-bench,
                       rebuilt first with 'swift build -c release --product quiz').
      --no-build       Do not rebuild quiz first.
      --runs N         Start-up runs per program (default 15; at least 10 are advised).
      --answers N      Answers per measured session (default 100; at most 200).
      --quick          Smaller sizes: no 100k-card parsing, no 1M-review history.
      --no-anki        Skip the Anki comparison.
      --parsing-only   Measure deck parsing only (no quiz executable needed).
      --judging-only   Measure judging attempts at a syntax card only.
      --python PATH    The Python 3 that runs Scripts/bench/anki_bench.py (default python3).
      --work DIR       Generate into DIR instead of a fresh folder under /tmp.
      --keep           Keep the generated folders.
      --output FILE    Also write the tables to FILE (Markdown).
      -h, --help       Show this help.
    """

  var quiz: String?
  var build = true
  var runs = 15
  var answers = 100
  var quick = false
  var anki = true
  var parsingOnly = false
  var judgingOnly = false
  var python = "python3"
  var work: String?
  var keep = false
  var output: String?

  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    func value(_ name: String) throws -> String {
      guard let value = rest.popFirst() else {
        throw UsageError(description: "\(name) needs a value")
      }
      return value
    }
    func number(_ name: String, _ range: ClosedRange<Int>) throws -> Int {
      let text = try value(name)
      guard let number = Int(text), range.contains(number) else {
        throw UsageError(description: "\(name) takes a number in \(range), not '\(text)'")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--quiz": quiz = try value(argument)
      case "--no-build": build = false
      case "--runs": runs = try number(argument, 1...1000)
      case "--answers": answers = try number(argument, 1...200)
      case "--quick": quick = true
      case "--no-anki": anki = false
      case "--parsing-only": parsingOnly = true
      case "--judging-only": judgingOnly = true
      case "--python": python = try value(argument)
      case "--work": work = try value(argument)
      case "--keep": keep = true
      case "--output": output = try value(argument)
      case "-h", "--help":
        print(Self.usage)
        exit(0)
      default:
        throw UsageError(description: "unknown option '\(argument)'; --help lists them")
      }
    }
  }
}
