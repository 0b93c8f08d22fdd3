import CommandLineKit

/// The options of the commands that work on chosen cards and their progress: which decks, which
/// cards, and where the state is.
struct SelectionOptions {
  /// The decks and the filter.
  var decks: DeckOptions
  /// The state folder and the day's start.
  var state: StateOptions

  /// `--decks`, the filters, `--state` and `--day-start`.
  static let options =
    [DeckOptions.folderOption] + DeckOptions.filterOptions + StateOptions.options

  /// Takes the options of ``options``.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    decks = try DeckOptions(arguments, filters: true)
    state = StateOptions(arguments)
  }
}
