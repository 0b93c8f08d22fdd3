import CommandLineKit

/// One command of the command line: a declaration, a reading of its arguments, and a run.
///
/// Parsing, `--help`, "did you mean" hints, completions and the man page all come from
/// ``declaration``, so that a command's name, options and help are written in one place; its
/// options are declared as `OptionKey`s, and read back with the same keys, typed. Adding a
/// command is adding a type that conforms, and its name to ``Quiz/commands``.
protocol Command {
  /// The command's name, summary, discussion, arguments and options.
  static var declaration: CommandDeclaration { get }

  /// Takes the arguments, already checked against the declaration; a usage error for what the
  /// declaration cannot say (two options that exclude each other, a bad kind).
  init(_ arguments: ParsedArguments) throws(UsageError)

  /// Does the work, with every live dependency from `context`.
  func run(in context: CommandContext) throws(UsageError) -> ExitCode
}
