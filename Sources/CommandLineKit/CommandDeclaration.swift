/// Everything the command line says about one command, written once: parsing, `--help`,
/// suggestions, completions and the man page are made from it.
public struct CommandDeclaration: Sendable {
  /// The name typed after `quiz`.
  public var name: String
  /// One line, for the list of commands.
  public var summary: String
  /// Paragraphs for `--help` and the man page, separated by blank lines; a paragraph whose
  /// lines start with two spaces is kept as written.
  public var discussion: String
  /// The arguments that are not options, in order.
  public var arguments: [ArgumentDeclaration] = []
  /// The options, in the order help lists them.
  public var options: [OptionDeclaration]
  /// Command lines that show the command at work, each with what it does.
  public var examples: [(command: String, meaning: String)] = []
  /// Whether `quiz` alone (or followed by options) runs this command.
  public var isDefault = false
  /// The program the command belongs to; nil for a program of its own (`quiz-bench`).
  public var program: String? = "quiz"

  /// A command called `name` that takes the options of `options`, read back with the same
  /// keys; see each property for what the others are.
  public init(
    name: String, summary: String, discussion: String, arguments: [ArgumentDeclaration] = [],
    options: [any AnyOptionKey], examples: [(command: String, meaning: String)] = [],
    isDefault: Bool = false, program: String? = "quiz"
  ) {
    self.program = program
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.arguments = arguments
    self.options = options.map(\.declaration)
    self.examples = examples
    self.isDefault = isDefault
  }

  /// The options as help lists them: the declared ones, then `-h, --help`.
  public var allOptions: [OptionDeclaration] { options + [.help] }

  /// The option called `name` (long, or `-x`), if the command has it.
  public func option(named name: String) -> OptionDeclaration? {
    allOptions.first { $0.name == name || $0.short.map { "-\($0)" } == name }
  }

  /// `quiz import`, as messages name the command.
  public var fullName: String { program.map { "\($0) \(name)" } ?? name }

  /// `quiz import PAGE... [options]`.
  public var usage: String {
    ((program.map { [$0] } ?? []) + [isDefault ? "[\(name)]" : name]
      + arguments.map { $0.name + ($0.isRepeatable ? "..." : "") } + ["[options]"])
      .joined(separator: " ")
  }
}

extension OptionDeclaration {
  /// `-h, --help`, which every command takes.
  public static let help = OptionDeclaration.flag("--help", short: "h", help: "Show this help.")
}
