/// The command-line arguments of one command, consumed option by option.
///
/// Each command takes the options it knows; whatever is left over is an unknown option or an
/// unexpected argument, reported as a usage error that names it.
struct Arguments {
  private var items: [String]
  /// The command's name, for messages: `quiz cards`.
  let command: String

  init(_ items: some Sequence<String>, command: String) {
    self.items = Array(items)
    self.command = command
  }

  /// Whether the flag was given; removes it.
  mutating func flag(_ name: String) -> Bool {
    guard let index = items.firstIndex(of: name) else { return false }
    items.remove(at: index)
    return true
  }

  /// Every value of a repeatable option, as `--name value` or `--name=value`; removes them.
  mutating func values(_ name: String) throws(UsageError) -> [String] {
    var values: [String] = []
    var index = 0
    while index < items.count {
      if items[index] == name {
        guard index + 1 < items.count, !items[index + 1].hasPrefix("--") else {
          throw UsageError("\(name) needs a value", command: command)
        }
        values.append(items[index + 1])
        items.removeSubrange(index...index + 1)
      } else if items[index].hasPrefix(name + "=") {
        values.append(String(items[index].dropFirst(name.count + 1)))
        items.remove(at: index)
      } else {
        index += 1
      }
    }
    return values
  }

  /// The value of an option given at most once.
  mutating func value(_ name: String) throws(UsageError) -> String? {
    let all = try values(name)
    guard all.count <= 1 else {
      throw UsageError("\(name) is given more than once", command: command)
    }
    return all.first
  }

  /// The value of an option that takes a whole number within `range`.
  mutating func number(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = try value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
        command: command)
    }
    return number
  }

  /// The arguments that are not options; removes them.
  mutating func positionals() -> [String] {
    let found = items.filter { !$0.hasPrefix("-") || $0 == "-" }
    items.removeAll { !$0.hasPrefix("-") || $0 == "-" }
    return found
  }

  /// Fails on anything not consumed.
  func finish() throws(UsageError) {
    guard let first = items.first else { return }
    if first.hasPrefix("-") {
      throw UsageError("unknown option '\(first)'", command: command)
    }
    throw UsageError("unexpected argument '\(first)'", command: command)
  }
}

/// A mistake in how quiz was called: exit status 64, and a hint on stderr.
struct UsageError: Error, Equatable {
  var message: String
  var command: String

  init(_ message: String, command: String) {
    self.message = message
    self.command = command
  }
}
