import CommandLineKit
import Testing

@Suite("The command line, declared once and read back with typed keys")
struct ParsedArgumentsTests {
  static let json = OptionKey.flag("--json", help: "JSON.")
  static let count = OptionKey.number("--count", "N", 1...10, help: "How many.")
  static let topic = OptionKey.repeatable("--topic", "TOPIC", help: "A topic.")
  static let output = OptionKey.option("--output", "FILE", help: "A file.")

  static let declaration = CommandDeclaration(
    name: "try", summary: "A command for tests.", discussion: "Tries things.",
    arguments: [ArgumentDeclaration(name: "FILE", help: "A file.", isRepeatable: true)],
    options: [json, count, topic, output])

  @Test("reads flags, values as --name value or --name=value, repeated values and arguments")
  func reads() throws {
    let parsed = try ParsedArguments(
      ["a", "--count=3", "--json", "--topic", "x", "b", "--topic=y z", "--", "--json"],
      declaration: Self.declaration)
    #expect(parsed[Self.json])
    #expect(parsed[Self.count] == 3)
    #expect(parsed[Self.topic] == ["x", "y z"])
    #expect(parsed[Self.output] == nil)
    #expect(parsed.positionals == ["a", "b", "--json"])
    #expect(parsed.command == "quiz try")
  }

  @Test("reads what was not given as no flag, no value, no values")
  func absent() throws {
    let parsed = try ParsedArguments([], declaration: Self.declaration)
    #expect(!parsed[Self.json])
    #expect(parsed[Self.count] == nil)
    #expect(parsed[Self.topic].isEmpty)
    #expect(parsed[Self.output] == nil)
  }

  @Test("reads a key whose help differs from the declared one's: the same option")
  func otherHelp() throws {
    let parsed = try ParsedArguments(["--json"], declaration: Self.declaration)
    #expect(parsed[OptionKey.json("Something else.")])
    #expect(Self.json.with(help: "Other.").declaration.help == "Other.")
  }

  @Test(
    "names what it cannot read",
    arguments: [
      (["--jsno"], "unknown option '--jsno'", "Did you mean '--json'?"),
      (["--colour"], "unknown option '--colour'", "Run 'quiz try --help' for usage."),
      (["--count"], "--count needs a value", "Run 'quiz try --help' for usage."),
      (["--count", "--json"], "--count needs a value", "Run 'quiz try --help' for usage."),
      (["--count", "11"], "--count takes a whole number from 1 to 10, not '11'", nil),
      (["--count", "1", "--count=2"], "--count is given more than once", nil),
      (["--json=yes"], "--json takes no value", nil),
    ] as [([String], String, String?)])
  func refuses(arguments: [String], message: String, hint: String?) {
    #expect(throws: UsageError.self) {
      try ParsedArguments(arguments, declaration: Self.declaration)
    }
    do {
      _ = try ParsedArguments(arguments, declaration: Self.declaration)
    } catch {
      #expect(error.message == message)
      if let hint { #expect(error.hint == hint) }
    }
  }

  @Test("stops the program that reads an option its command does not declare, in every build")
  func undeclared() async {
    await #expect(processExitsWith: .failure) {
      let parsed = try ParsedArguments([], declaration: ParsedArgumentsTests.declaration)
      _ = parsed[OptionKey.flag("--force", help: "Not declared.")]
    }
    await #expect(processExitsWith: .failure) {
      let parsed = try ParsedArguments([], declaration: ParsedArgumentsTests.declaration)
      _ = parsed[OptionKey.option("--json", "X", help: "Declared as a flag, read as a value.")]
    }
  }
}
