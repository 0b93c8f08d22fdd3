import CommandLineKit

/// `quiz man`: the man page, in roff, made from the commands' declarations.
struct ManCommand: Command {
  static let declaration = CommandDeclaration(
    name: "man",
    summary: "Print the man page (roff): 'quiz man | man -l -'.",
    discussion: """
      Prints quiz's manual page in roff. Read it with 'quiz man | man -l -', or install it as \
      quiz.1 in a folder of your MANPATH (see the README).
      """,
    options: [],
    examples: [("quiz man > ~/.local/share/man/man1/quiz.1", "Install the man page.")])

  init(_ arguments: ParsedArguments) throws(UsageError) {}

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    context.console.write(Quiz.program.manual())
    return .success
  }
}
