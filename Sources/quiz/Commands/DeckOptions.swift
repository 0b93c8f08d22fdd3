import CardDeck
import CommandLineKit
import FoundationEssentials

/// The options that say which decks and which cards a command works on.
struct DeckOptions {
  /// The decks folder given with --decks, if any.
  var folder: String?
  /// The cards to keep.
  var filter = CardFilter()

  /// `--decks DIR`.
  static let folderOption = OptionDeclaration.option(
    "--decks", "DIR", completion: .folders,
    help: "Read the decks in DIR (default: $QUIZ_DECKS, else the decks shipped with quiz).")

  /// The options that choose cards.
  static let filterOptions: [OptionDeclaration] = [
    .option(
      "--topic", "TOPIC", repeatable: true, completion: .topics,
      help: "Only cards whose topic or section has these words (repeatable)."),
    .option(
      "--kind", "KIND", repeatable: true,
      completion: .values(CardKind.allCases.map(\.rawValue)),
      help: "Only syntax, trick, edge or interview cards (repeatable)."),
    .option(
      "--deck", "NAME", repeatable: true, completion: .decks,
      help: "Only the cards of this deck (repeatable)."),
    .option(
      "--lesson", "N", repeatable: true, completion: .lessons,
      help: "Only the cards of lesson N (repeatable)."),
    .option(
      "--card", "ID", repeatable: true, completion: .cards,
      help: "Only the card with this id (repeatable)."),
  ]

  /// The shipped decks (or `$QUIZ_DECKS`), every card.
  init() {}

  /// Takes --decks, and with `filters` also --topic, --kind, --deck, --lesson and --card.
  init(_ arguments: ParsedArguments, filters: Bool) throws(UsageError) {
    folder = arguments.value("--decks")
    if folder == "" {
      throw UsageError("--decks needs a folder, not an empty name", command: arguments.command)
    }
    guard filters else { return }
    filter.topics = arguments.values("--topic")
    for name in arguments.values("--kind") {
      guard let kind = CardKind(name: name) else {
        throw UsageError(
          "unknown kind '\(name)'; the kinds are syntax, trick, edge and interview",
          command: arguments.command)
      }
      filter.kinds.insert(kind)
    }
    filter.decks = arguments.values("--deck")
    for text in arguments.values("--lesson") {
      guard let lesson = Int(text), lesson > 0 else {
        throw UsageError(
          "--lesson takes a lesson number, not '\(text)'", command: arguments.command)
      }
      filter.lessons.insert(lesson)
    }
    filter.ids = Set(arguments.values("--card"))
  }

  /// The decks folder: --decks, else $QUIZ_DECKS; nil for the shipped decks.
  func folder(in environment: Environment) -> String? {
    folder ?? environment.variables["QUIZ_DECKS"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Loads the decks: from --decks, else $QUIZ_DECKS, else the shipped ones.
  func load(in environment: Environment, command: String) throws(UsageError) -> DeckCollection {
    let loader = DeckLoader()
    if let folder = folder(in: environment) {
      let collection: DeckCollection
      do {
        collection = try loader.load(folder: folder, cache: environment.deckCache)
      } catch {
        throw UsageError("\(error)", command: command)
      }
      guard !collection.decks.isEmpty else {
        throw UsageError(
          "\(folder): holds no deck (native decks end in .md, lesson pages in .txt)",
          command: command)
      }
      return collection
    }
    return loader.load(
      files: environment.shippedDecks.map {
        DeckLoader.File(path: "Decks/\($0.name)", bytes: Array($0.text.utf8))
      }, cache: environment.deckCache)
  }

  /// The cards of `collection` that pass the filter; a usage error, with what exists, when a
  /// deck or topic named in the filter matches nothing.
  func cards(of collection: DeckCollection, command: String) throws(UsageError) -> [Card] {
    let all = collection.cards
    for deck in filter.decks
    where !collection.decks.contains(where: { $0.name.lowercased() == deck.lowercased() }) {
      throw UsageError(
        "no deck is called '\(deck)'; the decks are \(collection.decks.map(\.name).joined(separator: ", "))",
        command: command)
    }
    for topic in filter.topics where !all.contains(where: { CardFilter.topic(topic, matches: $0) })
    {
      let suggestions = CardFilter.suggestions(for: topic, among: collection.topics)
      let hint =
        suggestions.isEmpty
        ? "" : " Did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))?"
      throw UsageError(
        "no card has the topic '\(topic)'.\(hint) The topics are: \(collection.topics.joined(separator: ", "))",
        command: command)
    }
    let lessons = filter.lessons.isEmpty ? [] : Set(all.compactMap(\.lesson))
    for lesson in filter.lessons.sorted() where !lessons.contains(lesson) {
      throw UsageError(
        "no deck is lesson \(lesson); "
          + (lessons.isEmpty
            ? "no deck says which lesson it is"
            : "the lessons are \(lessons.sorted().map(String.init).joined(separator: ", "))"),
        command: command)
    }
    for id in filter.ids where !all.contains(where: { $0.id == id }) {
      throw UsageError("no card has the id '\(id)'; 'quiz cards' lists them", command: command)
    }
    // Without a filter, every card: the same array, not a copy of 10k cards made card by card.
    return filter == CardFilter() ? all : all.filter(filter.matches)
  }
}
