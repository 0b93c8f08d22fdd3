import CommandLineKit

/// A setting of any type, for what treats them all alike: checking the config file, `quiz config`.
struct AnySetting: Sendable {
  let key: String
  let option: (any AnyOptionKey)?
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
