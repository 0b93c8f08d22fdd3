/// One option of a command: a flag (`--json`) or an option with a value (`--topic TOPIC`).
public struct OptionDeclaration: Sendable {
  /// What an option's value is: free text, or a whole number in a range.
  public enum Value: Sendable {
    /// Any text.
    case text
    /// A whole number in the range.
    case number(ClosedRange<Int>)
  }

  /// The long name, with its dashes: `--topic`.
  public var name: String
  /// A one-letter name, without its dash, if any: `h` for `-h`.
  public var short: Character?
  /// The value's placeholder in help (`TOPIC`), and what it is; nil for a flag.
  public var valueName: String?
  /// What the value is; nil for a flag.
  public var value: Value?
  /// Whether the option may be given more than once, each value kept.
  public var isRepeatable = false
  /// One line (or a few sentences) of help, with the default if there is one.
  public var help: String
  /// What a shell may complete the value with.
  public var completion: Completion = .none

  /// A flag: `--json`.
  public static func flag(_ name: String, short: Character? = nil, help: String)
    -> OptionDeclaration
  {
    OptionDeclaration(name: name, short: short, help: help)
  }

  /// An option with a value: `--topic TOPIC`.
  public static func option(
    _ name: String, _ valueName: String, _ value: Value = .text, repeatable: Bool = false,
    completion: Completion = .none, help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, valueName: valueName, value: value, isRepeatable: repeatable, help: help,
      completion: completion)
  }

  /// `--topic TOPIC`, `-h, --help`: the option as help shows it.
  public var synopsis: String {
    (short.map { "-\($0), " } ?? "") + name + (valueName.map { " " + $0 } ?? "")
  }
}

/// What a shell completes a value or an argument with.
public enum Completion: Equatable, Sendable {
  /// Nothing to offer.
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
