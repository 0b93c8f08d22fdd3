/// A mistake in how quiz was called: exit status 64, and a hint on stderr.
struct UsageError: Error, Equatable {
  /// What was wrong, naming the argument.
  var message: String
  /// The command as typed, for the message: `quiz cards`.
  var command: String
  /// The line after the message: what was probably meant, else where to read the usage.
  var hint: String?

  /// A mistake; the hint defaults to `Run 'quiz x --help' for usage.`
  init(_ message: String, command: String) {
    self.message = message
    self.command = command
    self.hint = "Run '\(command) --help' for usage."
  }

  /// A mistake with a hint of its own, or none.
  init(_ message: String, command: String, hint: String?) {
    self.message = message
    self.command = command
    self.hint = hint
  }
}
