/// An option declared once with the type of what it gives: a command lists it, so that parsing,
/// help, completions and the man page know it, and reads it back with it, never by its name.
///
/// A flag reads as `Bool`, an option given at most once as `String?`, a repeatable one as
/// `[String]`, a number as `Int?` (already checked against its range). A command that reads an
/// option it does not declare stops, in every build: ``ParsedArguments/subscript(_:)``.
public struct OptionKey<Value: Sendable>: AnyOptionKey {
  /// The option as parsing, help, completions and the man page know it.
  public let declaration: OptionDeclaration
  /// The value, from the values given: nil when the option was not given; a flag given has none.
  private let read: @Sendable (_ given: [String]?) -> Value

  private init(_ declaration: OptionDeclaration, read: @escaping @Sendable ([String]?) -> Value) {
    self.declaration = declaration
    self.read = read
  }

  /// The value read from what was given: nil when the option was not.
  func value(given: [String]?) -> Value { read(given) }

  /// The same option with other help: `--json`, whose help says what each command prints.
  public func with(help: String) -> OptionKey {
    var declaration = declaration
    declaration.help = help
    return OptionKey(declaration, read: read)
  }
}

/// An ``OptionKey`` whatever the type of its value: what a command's list of options holds.
public protocol AnyOptionKey: Sendable {
  /// The option as parsing, help, completions and the man page know it.
  var declaration: OptionDeclaration { get }
}

extension OptionKey where Value == Bool {
  /// A flag: `--json`; true when it was given.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionKey {
    OptionKey(.flag(name, short: short, help: help)) { $0 != nil }
  }

  /// `--no-color`.
  public static var noColor: OptionKey {
    .flag("--no-color", help: "No colour, even on a terminal (also when NO_COLOR is set).")
  }

  /// `--json`, printing what `help` says.
  public static func json(_ help: String) -> OptionKey { .flag("--json", help: help) }
}

extension OptionKey where Value == String? {
  /// An option with a value, given at most once: `--output FILE`; nil when it was not given.
  public static func option(
    _ name: String, _ valueName: String, completion: Completion = .none, help: String
  ) -> OptionKey {
    OptionKey(.option(name, valueName, completion: completion, help: help)) { $0?.first }
  }
}

extension OptionKey where Value == [String] {
  /// An option with a value that may be given more than once: `--topic TOPIC`; every value, in
  /// order.
  public static func repeatable(
    _ name: String, _ valueName: String, completion: Completion = .none, help: String
  ) -> OptionKey {
    OptionKey(
      .option(name, valueName, repeatable: true, completion: completion, help: help)
    ) { $0 ?? [] }
  }
}

extension OptionKey where Value == Int? {
  /// An option whose value is a whole number in `range`, given at most once: `--limit N`; a
  /// number out of the range is a usage error when the arguments are read.
  public static func number(
    _ name: String, _ valueName: String, _ range: ClosedRange<Int>, help: String
  ) -> OptionKey {
    OptionKey(.option(name, valueName, .number(range), help: help)) {
      $0?.first.flatMap { Int($0) }
    }
  }
}
