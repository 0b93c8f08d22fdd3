import CommandLineKit

extension Settings {
  /// A whole number in `range`, set by the option `--name N` (a number option).
  static func number(
    _ key: String, option: OptionKey<Int?>?, variable: String? = nil, default value: Int,
    range: ClosedRange<Int>, expected: String? = nil
  ) -> Setting<Int> {
    Setting<Int>(
      key: key, option: option, variable: variable, defaultValue: value,
      expected: expected ?? "a whole number from \(range.lowerBound) to \(range.upperBound)",
      parse: { Int($0).flatMap { range.contains($0) ? $0 : nil } },
      show: { String($0) },
      given: { arguments in option.flatMap { arguments[$0] } })
  }

  /// One of a few words: an enumeration whose raw values are what the file holds.
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ key: String, option: OptionKey<String?>? = nil, variable: String? = nil,
    default value: Choice
  ) -> Setting<Choice> where Choice.RawValue == String {
    Setting<Choice>(
      key: key, option: option, variable: variable, defaultValue: value,
      expected: Choice.allCases.map(\.rawValue).listed(joinedBy: "or"),
      parse: { Choice(rawValue: $0.lowercased()) }, show: \.rawValue,
      given: { arguments in option.flatMap { arguments[$0] }.flatMap(Choice.init(rawValue:)) })
  }

  /// `yes` or `no`, for a setting that a flag turns off (`--no-color`).
  static func yesNo(
    _ key: String, turnedOffBy option: OptionKey<Bool>?, variable: String? = nil,
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
      given: { arguments in option.flatMap { arguments[$0] ? false : nil } },
      variableMeans: variableMeans)
  }
}

extension Setting where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// The choice that `key` names in `arguments`, if given; any other word is a usage error that
  /// lists the choices.
  func chosen(in arguments: ParsedArguments, by key: OptionKey<String?>) throws(UsageError)
    -> Value?
  {
    guard let text = arguments[key] else { return nil }
    guard let value = Value(rawValue: text) else {
      throw UsageError(
        "\(key.declaration.name) takes \(expected), not '\(text)'", command: arguments.command)
    }
    return value
  }
}
