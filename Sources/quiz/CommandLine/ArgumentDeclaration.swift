/// An argument of a command that is not an option: `PAGE...`, `ID`.
struct ArgumentDeclaration: Sendable {
  /// The placeholder in help: `PAGE`.
  var name: String
  /// What it is, for help.
  var help: String
  /// Whether more than one may be given.
  var isRepeatable = false
  /// What a shell may complete it with.
  var completion: Completion = .none
}
