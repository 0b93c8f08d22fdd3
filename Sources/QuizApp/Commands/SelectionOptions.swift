import CommandLineKit

/// The options of the commands that work on chosen cards and their progress: which decks, which
/// cards, where the state is, and whether to colour.
struct SelectionOptions {
  /// The decks and the filter.
  var decks: DeckOptions
  /// The state folder and the day's start.
  var state: StateOptions
  /// Whether `--no-color` was given.
  var noColor: Bool

  /// `--decks`, the filters, `--state`, `--day-start` and `--no-color`.
  static let options: [any AnyOptionKey] =
    DeckOptions.folderOptions + DeckOptions.filterOptions + StateOptions.options + [
      OptionKey.noColor
    ]

  /// Takes the options of ``options``.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    decks = try DeckOptions(arguments, filters: true)
    state = try StateOptions(arguments)
    noColor = arguments[.noColor]
  }
}

/// The options of the commands that report on chosen cards (`stats`, `decks`, `topics`): the
/// selection, and `--json`.
struct ReportOptions {
  /// Which cards, which state, and colour.
  var selection: SelectionOptions
  /// Whether `--json` was given.
  var json: Bool

  /// `--json`, read the same whatever each command's help says it prints.
  static let json = OptionKey.json("Print it as JSON.")

  /// `--json`, with what it prints, and the selection's options.
  static func options(json help: String) -> [any AnyOptionKey] {
    [json.with(help: help)] + SelectionOptions.options
  }

  /// Takes the options of ``options(json:)``.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    selection = try SelectionOptions(arguments)
    json = arguments[Self.json]
  }
}
