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
  let option: OptionDeclaration?
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
  /// The value the option gives, when the command declares it and it was given.
  let given: @Sendable (ParsedArguments) -> Value?
  /// For a variable whose every non-empty value means the same (`NO_COLOR`): that value.
  var variableMeans: Value? = nil
  /// How the variable is read, when not as the file is (`QUIZ_DECKS` is one folder).
  var parseVariable: (@Sendable (String) -> Value?)? = nil
}

extension Settings {
  /// A whole number in `range`, set by the option `--name N` (a number option).
  static func number(
    _ key: String, option: OptionDeclaration?, variable: String? = nil, default value: Int,
    range: ClosedRange<Int>, expected: String? = nil
  ) -> Setting<Int> {
    Setting<Int>(
      key: key, option: option, variable: variable, defaultValue: value,
      expected: expected ?? "a whole number from \(range.lowerBound) to \(range.upperBound)",
      parse: { Int($0).flatMap { range.contains($0) ? $0 : nil } },
      show: { String($0) },
      given: { arguments in
        option.flatMap { arguments.declares($0.name) ? arguments.number($0.name) : nil }
      })
  }

  /// One of a few words: an enumeration whose raw values are what the file holds.
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ key: String, option: OptionDeclaration? = nil, default value: Choice
  ) -> Setting<Choice> where Choice.RawValue == String {
    let words = Choice.allCases.map(\.rawValue)
    return Setting<Choice>(
      key: key, option: option, variable: nil, defaultValue: value,
      expected: words.dropLast().joined(separator: ", ") + " or " + (words.last ?? ""),
      parse: { Choice(rawValue: $0.lowercased()) }, show: \.rawValue,
      given: { arguments in
        option.flatMap { arguments.declares($0.name) ? arguments.value($0.name) : nil }
          .flatMap(Choice.init(rawValue:))
      })
  }

  /// `yes` or `no`, for a setting that a flag turns off (`--no-color`).
  static func yesNo(
    _ key: String, turnedOffBy option: OptionDeclaration?, variable: String? = nil,
    variableMeans: Bool? = nil, default value: Bool
  ) -> Setting<Bool> {
    Setting<Bool>(
      key: key, option: option, variable: variable, defaultValue: value,
      expected: "yes or no",
      parse: {
        switch $0.lowercased() {
        case "yes", "true", "on": true
        case "no", "false", "off": false
        default: nil
        }
      }, show: { $0 ? "yes" : "no" },
      given: { arguments in
        option.flatMap { arguments.declares($0.name) && arguments.flag($0.name) ? false : nil }
      }, variableMeans: variableMeans)
  }
}

/// A setting of any type, for what treats them all alike: checking the config file, `quiz config`.
struct AnySetting: Sendable {
  let key: String
  let option: OptionDeclaration?
  let variable: String?
  let expected: String
  /// Whether `text` is a value of the setting.
  let accepts: @Sendable (String) -> Bool
  /// The value in effect as the file would hold it, and where it came from.
  let resolve:
    @Sendable (Environment, ParsedArguments?) throws(UsageError) -> (String, SettingSource)

  init<Value>(_ setting: Setting<Value>) {
    key = setting.key
    option = setting.option
    variable = setting.variable
    expected = setting.expected
    accepts = { setting.parse($0) != nil }
    resolve = { environment, arguments throws(UsageError) in
      let (value, source) = try environment.resolve(
        setting, option: arguments.flatMap(setting.given), command: arguments?.command ?? "quiz")
      return (setting.show(value), source)
    }
  }
}
