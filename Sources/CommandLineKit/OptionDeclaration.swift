/// One option of a command: a flag (`--json`) or an option with a value (`--topic TOPIC`).
///
/// Commands declare options through an ``OptionKey``, which they then read them back with.
public struct OptionDeclaration: Sendable {
  /// What an option's value is: free text, or a whole number in a range.
  public enum Value: Equatable, Sendable {
    /// Any text.
    case text
    /// A whole number in the range.
    case number(ClosedRange<Int>)
  }

  /// The long name, with its dashes: `--topic`.
  public private(set) var name: String
  /// A one-letter name, without its dash, if any: `h` for `-h`.
  public private(set) var short: Character?
  /// The value's placeholder in help (`TOPIC`), and what it is; nil for a flag.
  public private(set) var valueName: String?
  /// What the value is; nil for a flag.
  public private(set) var value: Value?
  /// Whether the option may be given more than once, each value kept.
  public private(set) var isRepeatable = false
  /// One line (or a few sentences) of help, with the default if there is one.
  public internal(set) var help: String
  /// What a shell may complete the value with.
  public private(set) var completion: Completion = .none

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

  /// Whether `other` reads as this option does: the same name, and the same kind of value.
  func reads(as other: OptionDeclaration) -> Bool {
    name == other.name && value == other.value && isRepeatable == other.isRepeatable
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
  /// Values the program lists itself, of the kind this word names: what
  /// ``ProgramDeclaration/valuesCommand`` prints given the word as its last argument.
  case listed(String)
  /// A command's name.
  case commands
}
