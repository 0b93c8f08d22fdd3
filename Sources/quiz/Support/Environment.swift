/// What a command reads from outside the arguments: environment variables and the shipped decks.
struct Environment {
  /// The environment variables.
  var variables: [String: String]
  /// The decks built into the program.
  var shippedDecks: [(name: String, text: String)]

  /// The running process's environment.
  static func live(variables: [String: String]) -> Environment {
    Environment(variables: variables, shippedDecks: ShippedDecks.files)
  }
}
