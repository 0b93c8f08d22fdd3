/// One option of a command: a flag (`--json`) or an option with a value (`--topic TOPIC`).
struct OptionDeclaration: Sendable {
  /// What an option's value is: free text, or a whole number in a range.
  enum Value: Sendable {
    case text
    case number(ClosedRange<Int>)
  }

  /// The long name, with its dashes: `--topic`.
  var name: String
  /// A one-letter name, without its dash, if any: `h` for `-h`.
  var short: Character?
  /// The value's placeholder in help (`TOPIC`), and what it is; nil for a flag.
  var valueName: String?
  var value: Value?
  /// Whether the option may be given more than once, each value kept.
  var isRepeatable = false
  /// One line (or a few sentences) of help, with the default if there is one.
  var help: String
  /// What a shell may complete the value with.
  var completion: Completion = .none

  /// A flag: `--json`.
  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDeclaration {
    OptionDeclaration(name: name, short: short, help: help)
  }

  /// An option with a value: `--topic TOPIC`.
  static func option(
    _ name: String, _ valueName: String, _ value: Value = .text, repeatable: Bool = false,
    completion: Completion = .none, help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, valueName: valueName, value: value, isRepeatable: repeatable, help: help,
      completion: completion)
  }

  /// `--topic TOPIC`, `-h, --help`: the option as help shows it.
  var synopsis: String {
    (short.map { "-\($0), " } ?? "") + name + (valueName.map { " " + $0 } ?? "")
  }
}

/// What a shell completes a value or an argument with.
enum Completion: Equatable, Sendable {
  case none
  /// One of these words.
  case values([String])
  /// A file name.
  case files
  /// A folder name.
  case folders
  /// A deck's name, a topic, a card's id or a lesson number, from the decks as quiz reads them.
  case decks, topics, cards, lessons
  /// A command's name.
  case commands
}
