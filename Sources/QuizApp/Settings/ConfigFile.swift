import Basics
import CardDeck
import CommandLineKit
import FoundationEssentials
import Glibc

/// The config file, `$XDG_CONFIG_HOME/quiz/config` (else `~/.config/quiz/config`): `key = value`
/// lines, blank lines, and comments from a `#` at the start of a line or after a space.
struct ConfigFile: Sendable {
  /// One line that sets a setting.
  struct Entry: Sendable, Equatable {
    /// The value as written, without spaces at either end.
    var text: String
    /// Its line number, from 1.
    var line: Int
  }

  /// Where the file is looked for; nil when neither `XDG_CONFIG_HOME` nor `HOME` names a folder.
  var path: String?
  /// Whether the file exists.
  var exists = false
  /// The settings the file sets, by key; every one already checked.
  var entries: [String: Entry] = [:]

  /// The largest config file read: a few settings take a few hundred bytes.
  static let largest = 1 << 20

  /// Where the file is: `$XDG_CONFIG_HOME/quiz/config`, else `$HOME/.config/quiz/config` (each
  /// only from an absolute path, as XDG says).
  static func path(in variables: [String: String]) -> String? {
    if let base = variables["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/quiz/config" }
    if let home = variables["HOME"], home.hasPrefix("/") { return home + "/.config/quiz/config" }
    return nil
  }

  /// Reads the file at ``path(in:)`` (none there is no setting), checking every line against
  /// `settings`: a usage error names the file, the line and what is wrong.
  static func load(variables: [String: String], settings: [AnySetting] = Settings.all)
    throws(UsageError) -> ConfigFile
  {
    guard let path = path(in: variables) else { return ConfigFile() }
    var file = ConfigFile(path: path)
    var status = stat()
    guard stat(path, &status) == 0 else { return file }
    // A plain file of a sensible size only: a FIFO or a device would block or never end.
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw UsageError(
        "\(path): is not a plain file (the config file must be a readable file)",
        command: "quiz", hint: nil)
    }
    guard status.st_size <= Self.largest else {
      throw UsageError(
        "\(path): is \(status.st_size) bytes; a config file is at most \(Self.largest)",
        command: "quiz", hint: nil)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError(
        "\(path): cannot be read (the config file must be a readable file)", command: "quiz",
        hint: nil)
    }
    file.exists = true
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      try file.read(String(line), number: index + 1, settings: settings)
    }
    return file
  }

  /// Reads one line into ``entries``.
  private mutating func read(_ line: String, number: Int, settings: [AnySetting])
    throws(UsageError)
  {
    func failure(_ message: String) -> UsageError {
      UsageError("\(path ?? "config"):\(number): \(message)", command: "quiz", hint: nil)
    }
    var text = line
    if text.hasPrefix("#") {
      text = ""
    } else if let comment = text.indices.first(where: {
      text[$0] == "#"
        && (text[text.index(before: $0)] == " " || text[text.index(before: $0)] == "\t")
    }) {
      text = String(text[..<comment])
    }
    text = text.trimmingSpaces()
    guard !text.isEmpty else { return }
    guard let equals = text.firstIndex(of: "=") else {
      throw failure("'\(text)' is not a setting: write 'key = value'")
    }
    let key = String(text[..<equals]).trimmingSpaces()
    let value = String(text[text.index(after: equals)...]).trimmingSpaces()
    guard let setting = settings.first(where: { $0.key == key }) else {
      let keys = settings.map(\.key)
      let close = Spelling.suggestions(for: key, among: keys)
      throw failure(
        "unknown setting '\(key)'"
          + (close.isEmpty ? "" : "; did you mean '\(close[0])'?")
          + " The settings are \(keys.joined(separator: ", ")).")
    }
    if let first = entries[key] {
      throw failure("\(key) is set again (first on line \(first.line))")
    }
    guard setting.accepts(value) else {
      throw failure("\(key) must be \(setting.expected), not '\(value)'")
    }
    entries[key] = Entry(text: value, line: number)
  }
}
