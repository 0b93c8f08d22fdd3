/// A program with commands, declared once: what its completion scripts and man page are made of.
public struct ProgramDeclaration: Sendable {
  /// The program's name: `quiz`.
  public var name: String
  /// One line: what the program is.
  public var summary: String
  /// Its version, as `--version` prints it.
  public var version: String
  /// Paragraphs about the program as a whole, for the man page.
  public var discussion: String
  /// The commands; the one marked ``CommandDeclaration/isDefault`` runs without a name.
  public var commands: [CommandDeclaration]
  /// The environment variables it reads, each with what it does.
  public var environment: [(name: String, meaning: String)]
  /// The files it reads and writes, each with what it holds.
  public var files: [(path: String, meaning: String)]
  /// Its exit statuses, each with what it means.
  public var exitStatuses: [(status: Int, meaning: String)]
  /// The command line that prints the values of a ``Completion/listed(_:)`` completion, one per
  /// line, given its kind as its last word.
  public var valuesCommand: String

  /// A program; see each property for what the arguments are.
  public init(
    name: String, summary: String, version: String, discussion: String,
    commands: [CommandDeclaration], environment: [(name: String, meaning: String)],
    files: [(path: String, meaning: String)], exitStatuses: [(status: Int, meaning: String)],
    valuesCommand: String
  ) {
    self.name = name
    self.summary = summary
    self.version = version
    self.discussion = discussion
    self.commands = commands
    self.environment = environment
    self.files = files
    self.exitStatuses = exitStatuses
    self.valuesCommand = valuesCommand
  }

  /// The command that runs when none is named.
  var defaultCommand: CommandDeclaration? { commands.first(where: \.isDefault) }
}
