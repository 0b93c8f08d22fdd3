import CardDeck

/// `quiz check`: reports every problem of the decks, then what they hold.
struct CheckCommand {
  var environment: Environment
  var console: Console

  static let help = """
    Usage: quiz check [--decks DIR]

    Reads every deck, prints each problem as 'path:line: error: message' to standard error,
    then a summary: decks, and cards per kind and per topic. Exits 1 if there is any error.

    Options:
    \(DeckOptions.help)
      -h, --help       Show this help.
    """

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    let options = try DeckOptions(&arguments, filters: false)
    try arguments.finish()
    let collection = try options.load(in: environment, command: arguments.command)
    for diagnostic in collection.diagnostics { console.printError(diagnostic.description) }

    let cards = collection.cards
    console.print("\(collection.decks.count) decks, \(cards.count) cards")
    for deck in collection.decks {
      console.print(
        "  \(deck.name.padded(to: 40))  \(String(deck.cards.count).leftPadded(to: 4)) cards  \(deck.title)"
      )
    }
    console.print("By kind:")
    for kind in CardKind.allCases {
      let count = cards.filter { $0.kind == kind }.count
      console.print("  \(kind.rawValue.padded(to: 40))  \(String(count).leftPadded(to: 4))")
    }
    console.print("By topic:")
    for topic in collection.topics {
      let count = cards.filter { $0.topic == topic }.count
      console.print("  \(topic.padded(to: 40))  \(String(count).leftPadded(to: 4))")
    }
    let errors = collection.errors.count
    let warnings = collection.warnings.count
    console.print(
      "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")"
    )
    return errors == 0 ? .success : .failure
  }
}

extension String {
  /// The string, with spaces in front to make it `width` characters wide.
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
