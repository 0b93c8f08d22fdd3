import CommandLineKit

/// Where a setting's value came from, weakest first: an option beats the environment, which
/// beats the config file, which beats the default.
enum SettingSource: String, Sendable {
  case `default`, file, environment, option
}

/// One setting, declared once: its key in the config file, the option and the environment
/// variable that override it, its default, and how its value is read and shown.
struct Setting<Value: Sendable>: Sendable {
  /// The key in the config file: `new-per-day`.
  let key: String
  /// The option that sets it for one command, if any; commands declare it from here.
  let option: (any AnyOptionKey)?
  /// The environment variable that sets it, if any.
  let variable: String?
  /// The value when nothing sets it.
  let defaultValue: Value
  /// What a value must be, for messages: `a whole number from 0 to 10000`.
  let expected: String
  /// A value as written in the config file or the environment; nil when it is not one.
  let parse: @Sendable (String) -> Value?
  /// The value as the config file would hold it.
  let show: @Sendable (Value) -> String
  /// The value the option gives, when it was given; only for a command that declares it.
  let given: @Sendable (ParsedArguments) -> Value?
  /// For a variable whose every non-empty value means the same (`NO_COLOR`): that value.
  var variableMeans: Value? = nil
  /// How the variable is read, when not as the file is (`QUIZ_DECKS` is one folder).
  var parseVariable: (@Sendable (String) -> Value?)? = nil
}
