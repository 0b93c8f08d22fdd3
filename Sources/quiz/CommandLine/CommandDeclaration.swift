/// Everything the command line says about one command, written once: parsing, `--help`,
/// suggestions, completions and the man page are made from it.
struct CommandDeclaration: Sendable {
  /// The name typed after `quiz`.
  var name: String
  /// One line, for the list of commands.
  var summary: String
  /// Paragraphs for `--help` and the man page, separated by blank lines; a paragraph whose
  /// lines start with two spaces is kept as written.
  var discussion: String
  /// The arguments that are not options, in order.
  var arguments: [ArgumentDeclaration] = []
  /// The options, in the order help lists them.
  var options: [OptionDeclaration]
  /// Command lines that show the command at work, each with what it does.
  var examples: [(command: String, meaning: String)] = []
  /// Whether `quiz` alone (or followed by options) runs this command.
  var isDefault = false

  /// The options as help lists them: the declared ones, then `-h, --help`.
  var allOptions: [OptionDeclaration] { options + [.help] }

  /// The option called `name` (long, or `-x`), if the command has it.
  func option(named name: String) -> OptionDeclaration? {
    allOptions.first { $0.name == name || $0.short.map { "-\($0)" } == name }
  }

  /// `quiz import PAGE... [options]`.
  var usage: String {
    (["quiz", isDefault ? "[\(name)]" : name]
      + arguments.map { $0.name + ($0.isRepeatable ? "..." : "") } + ["[options]"])
      .joined(separator: " ")
  }
}

extension OptionDeclaration {
  /// `-h, --help`, which every command takes.
  static let help = OptionDeclaration.flag("--help", short: "h", help: "Show this help.")

  /// `--no-color`.
  static let noColor = OptionDeclaration.flag(
    "--no-color", help: "No colour, even on a terminal (also when NO_COLOR is set).")

  /// `--json`.
  static func json(_ help: String) -> OptionDeclaration { .flag("--json", help: help) }
}
