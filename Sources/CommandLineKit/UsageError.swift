/// A mistake in how quiz was called: exit status 64, and a hint on stderr.
public struct UsageError: Error, Equatable {
  /// What was wrong, naming the argument.
  public var message: String
  /// The command as typed, for the message: `quiz cards`.
  public var command: String
  /// The line after the message: what was probably meant, else where to read the usage.
  public var hint: String?

  /// A mistake; the hint defaults to `Run 'quiz x --help' for usage.`
  public init(_ message: String, command: String) {
    self.message = message
    self.command = command
    self.hint = "Run '\(command) --help' for usage."
  }

  /// A mistake with a hint of its own, or none.
  public init(_ message: String, command: String, hint: String?) {
    self.message = message
    self.command = command
    self.hint = hint
  }
}
