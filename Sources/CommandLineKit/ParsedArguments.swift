import Basics

/// A command's arguments, read against its declaration: every option known, every value there,
/// every number in range, or a usage error that names the argument.
public struct ParsedArguments {
  /// The command as typed, for messages: `quiz cards`.
  public let command: String
  private let declaration: CommandDeclaration
  /// What was given of each option, by its long name: its values, none for a flag.
  private var given: [String: [String]] = [:]
  /// The arguments that are not options, in order.
  public private(set) var positionals: [String] = []

  /// Reads `items` (the words after the command's name). `--name value`, `--name=value` and
  /// `-x` are read; a lone `-` is an argument; after `--` everything is.
  public init(_ items: some Sequence<String>, declaration: CommandDeclaration) throws(UsageError) {
    self.declaration = declaration
    command = declaration.fullName
    var items = Array(items)[...]
    var onlyArguments = false
    while let item = items.popFirst() {
      guard !onlyArguments, item.hasPrefix("-"), item != "-" else {
        try takeArgument(item)
        continue
      }
      if item == "--" {
        onlyArguments = true
        continue
      }
      let (name, attached) = Self.split(item)
      guard let option = declaration.option(named: name) else {
        throw unknownOption(name)
      }
      guard let kind = option.value else {
        if attached != nil {
          throw UsageError("\(option.name) takes no value", command: command)
        }
        given[option.name, default: []] = []
        continue
      }
      let value: String
      if let attached {
        value = attached
      } else if let next = items.first, !next.hasPrefix("--") {
        value = next
        items.removeFirst()
      } else {
        throw UsageError("\(option.name) needs a value", command: command)
      }
      if case .number(let range) = kind {
        guard let number = Int(value), range.contains(number) else {
          throw UsageError(
            "\(option.name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(value)'",
            command: command)
        }
      }
      if !option.isRepeatable, given[option.name] != nil {
        throw UsageError("\(option.name) is given more than once", command: command)
      }
      given[option.name, default: []].append(value)
    }
  }

  /// What was given of the option `key` declares, typed as the key says (``OptionKey``).
  ///
  /// The command must declare the option (of the same name and kind): reading one it does not
  /// is a mistake in the program, not in the command line, and stops it, in every build.
  public subscript<Value>(_ key: OptionKey<Value>) -> Value {
    let name = key.declaration.name
    guard let declared = declaration.option(named: name), declared.reads(as: key.declaration)
    else {
      preconditionFailure("\(command) reads \(name), which it does not declare as such")
    }
    return key.value(given: given[name])
  }

  /// The one argument that is not an option: a usage error that says `missing` when there is
  /// none, and `tooMany` (given how many there are) when there are more.
  public func onlyPositional(missing: String, tooMany: (Int) -> String) throws(UsageError)
    -> String
  {
    guard positionals.count == 1, let only = positionals.first else {
      throw UsageError(
        positionals.isEmpty ? missing : tooMany(positionals.count), command: command)
    }
    return only
  }

  private mutating func takeArgument(_ item: String) throws(UsageError) {
    guard !declaration.arguments.isEmpty else {
      throw UsageError("unexpected argument '\(item)'", command: command)
    }
    positionals.append(item)
  }

  private func unknownOption(_ name: String) -> UsageError {
    let names = declaration.options.map(\.name)
    let suggestions = Spelling.suggestions(for: name, among: names)
    guard !suggestions.isEmpty else {
      return UsageError("unknown option '\(name)'", command: command)
    }
    return UsageError(
      "unknown option '\(name)'", command: command,
      hint: "Did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))?")
  }

  /// `--name=value` into its name and value; anything else is a name alone.
  private static func split(_ item: String) -> (String, String?) {
    guard item.hasPrefix("--"), let equals = item.firstIndex(of: "=") else { return (item, nil) }
    return (String(item[..<equals]), String(item[item.index(after: equals)...]))
  }
}
