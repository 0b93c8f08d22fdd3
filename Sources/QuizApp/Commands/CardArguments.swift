import CommandLineKit

/// The arguments of the commands that act on one card by its id (`suspend`, `unsuspend`): the
/// id, the decks that may hold it, and the state folder.
struct CardArguments {
  /// The card's id.
  var id: String
  /// The decks, to tell an unknown id from a card never reviewed.
  var decks: DeckOptions
  /// The state folder and the day's start.
  var state: StateOptions

  /// `ID`.
  static let arguments = [
    ArgumentDeclaration(name: "ID", help: "The card's id.", completion: .listed(.cards))
  ]
  /// `--decks`, `--state` and `--day-start`.
  static let options = DeckOptions.folderOptions + StateOptions.options

  /// Takes the id and the options; `purpose` says what the id is for, in the message when it is
  /// missing ("name the card to suspend, by its id").
  init(_ arguments: ParsedArguments, purpose: String) throws(UsageError) {
    decks = try DeckOptions(arguments, filters: false)
    state = try StateOptions(arguments)
    let verb = arguments.command.split(separator: " ").last.map(String.init) ?? "act on"
    id = try arguments.onlyPositional(
      missing: "name the card to \(purpose), by its id",
      tooMany: { "\(verb) one card at a time, not \($0)" })
  }
}
