import CommandLineKit

extension Environment {
  /// The value of `setting` and where it came from: `option` when given, else the environment
  /// variable when set and not empty, else the config file, else the default. A variable whose
  /// value is not one is a usage error that names it.
  func resolve<Value>(_ setting: Setting<Value>, option: Value?, command: String)
    throws(UsageError) -> (value: Value, source: SettingSource)
  {
    if let option { return (option, .option) }
    if let name = setting.variable, let text = variables[name], !text.isEmpty {
      if let means = setting.variableMeans { return (means, .environment) }
      guard let value = (setting.parseVariable ?? setting.parse)(text) else {
        throw UsageError("\(name) must be \(setting.expected), not '\(text)'", command: command)
      }
      return (value, .environment)
    }
    if let entry = configuration.entries[setting.key], let value = setting.parse(entry.text) {
      return (value, .file)
    }
    return (setting.defaultValue, .default)
  }

  /// The value of `setting`, as ``resolve(_:option:command:)`` finds it.
  func value<Value>(of setting: Setting<Value>, option: Value?, command: String)
    throws(UsageError) -> Value
  {
    try resolve(setting, option: option, command: command).value
  }

  /// `path` with a leading `~/` made the home folder.
  func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = variables["HOME"], !home.isEmpty else { return path }
    return home + path.dropFirst()
  }
}
