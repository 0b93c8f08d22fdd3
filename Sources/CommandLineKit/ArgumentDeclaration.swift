/// An argument of a command that is not an option: `PAGE...`, `ID`.
public struct ArgumentDeclaration: Sendable {
  /// The placeholder in help: `PAGE`.
  public var name: String
  /// What it is, for help.
  public var help: String
  /// Whether more than one may be given.
  public var isRepeatable = false
  /// What a shell may complete it with.
  public var completion: Completion = .none

  /// An argument shown as `name` in help.
  public init(
    name: String, help: String, isRepeatable: Bool = false, completion: Completion = .none
  ) {
    self.name = name
    self.help = help
    self.isRepeatable = isRepeatable
    self.completion = completion
  }
}
