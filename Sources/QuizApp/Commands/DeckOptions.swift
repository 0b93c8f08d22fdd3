import CardDeck
import CommandLineKit
import FoundationEssentials

/// The options that say which decks and which cards a command works on.
struct DeckOptions {
  /// The decks folders given with --decks, if any.
  var folders: [String]?
  /// Whether the shipped decks are read, as --shipped-decks says.
  var shipped: ShippedDeckUse?
  /// The cards to keep.
  var filter = CardFilter()

  /// The options that choose cards, each declared once and read back with its key.
  enum Keys {
    /// `--topic TOPIC`, repeatable.
    static let topic = OptionKey.repeatable(
      "--topic", "TOPIC", completion: .listed(.topics),
      help: "Only cards whose topic or section has these words (repeatable).")
    /// `--kind KIND`, repeatable.
    static let kind = OptionKey.repeatable(
      "--kind", "KIND", completion: .values(CardKind.allCases.map(\.rawValue)),
      help: "Only \(CardKind.names(joinedBy: "or")) cards (repeatable).")
    /// `--deck NAME`, repeatable.
    static let deck = OptionKey.repeatable(
      "--deck", "NAME", completion: .listed(.decks),
      help: "Only the cards of this deck (repeatable).")
    /// `--lesson N`, repeatable.
    static let lesson = OptionKey.repeatable(
      "--lesson", "N", completion: .listed(.lessons),
      help: "Only the cards of lesson N (repeatable).")
    /// `--card ID`, repeatable.
    static let card = OptionKey.repeatable(
      "--card", "ID", completion: .listed(.cards), help: "Only the card with this id (repeatable).")
  }

  /// `--decks DIR` (repeatable) and `--shipped-decks WHEN`.
  static let folderOptions: [any AnyOptionKey] = [
    Settings.Keys.decks, Settings.Keys.shippedDecks,
  ]

  /// The options that choose cards: `--topic`, `--kind`, `--deck`, `--lesson` and `--card`.
  static let filterOptions: [any AnyOptionKey] = [
    Keys.topic, Keys.kind, Keys.deck, Keys.lesson, Keys.card,
  ]

  /// The shipped decks (or `$QUIZ_DECKS`), every card.
  init() {}

  /// Takes --decks and --shipped-decks, and with `filters` also --topic, --kind, --deck,
  /// --lesson and --card.
  init(_ arguments: ParsedArguments, filters: Bool) throws(UsageError) {
    folders = Settings.decks.given(arguments)
    if folders?.contains("") == true {
      throw UsageError("--decks needs a folder, not an empty name", command: arguments.command)
    }
    shipped = try Settings.shippedDecks.chosen(in: arguments, by: Settings.Keys.shippedDecks)
    guard filters else { return }
    filter.topics = arguments[Keys.topic]
    for name in arguments[Keys.kind] {
      guard let kind = CardKind(name: name) else {
        throw UsageError(
          "unknown kind '\(name)'; the kinds are \(CardKind.names(joinedBy: "and"))",
          command: arguments.command)
      }
      filter.kinds.insert(kind)
    }
    filter.decks = arguments[Keys.deck]
    for text in arguments[Keys.lesson] {
      guard let lesson = Int(text), lesson > 0 else {
        throw UsageError(
          "--lesson takes a lesson number, not '\(text)'", command: arguments.command)
      }
      filter.lessons.insert(lesson)
    }
    filter.ids = Set(arguments[Keys.card])
  }

  /// The decks folders: --decks, else $QUIZ_DECKS, else `decks` in the config file; `~/`
  /// made the home folder.
  func folders(in environment: Environment, command: String) throws(UsageError) -> [String] {
    try environment.value(of: Settings.decks, option: folders, command: command)
      .map(environment.expandingHome)
  }

  /// Whether the shipped decks are read: unless `--shipped-decks no` (or `shipped-decks = no`,
  /// `QUIZ_SHIPPED_DECKS=no`), and with `auto`, only when no folder is named.
  func readsShipped(in environment: Environment, command: String) throws(UsageError) -> Bool {
    switch try environment.value(of: Settings.shippedDecks, option: shipped, command: command) {
    case .yes: true
    case .no: false
    case .auto: try folders(in: environment, command: command).isEmpty
    }
  }

  /// Whether `path` is that of a shipped deck, read from inside quiz rather than from a file.
  func isShipped(_ path: String, in environment: Environment) -> Bool {
    (try? readsShipped(in: environment, command: "quiz")) == true
      && environment.shippedDecks.contains { "Decks/\($0.name)" == path }
  }

  /// Loads the decks: of every folder, in order, then the shipped ones when they are read (a
  /// shipped deck that a folder has a deck of the same name for is left out: the copy is read).
  func load(in environment: Environment, command: String) throws(UsageError) -> DeckCollection {
    let loader = DeckLoader()
    var collection = DeckCollection()
    for folder in try folders(in: environment, command: command) {
      let decks: DeckCollection
      do {
        decks = try loader.load(folder: folder, cache: environment.deckCache)
      } catch {
        throw UsageError("\(error)", command: command)
      }
      guard !decks.decks.isEmpty else {
        throw UsageError(
          "\(folder): holds no deck (native decks end in .md, lesson pages in .txt)",
          command: command)
      }
      collection = collection.decks.isEmpty ? decks : collection.adding(decks)
    }
    guard try readsShipped(in: environment, command: command) else { return collection }
    var shipped = loader.load(
      files: environment.shippedDecks.map {
        DeckLoader.File(path: "Decks/\($0.name)", bytes: Array($0.text.utf8))
      }, cache: environment.deckCache)
    guard !collection.decks.isEmpty else { return shipped }
    let copied = Set(collection.decks.map(\.name))
    shipped.decks.removeAll { copied.contains($0.name) }
    return collection.adding(shipped)
  }

  /// The cards of `collection` that pass the filter; a usage error, with what exists, when a
  /// deck or topic named in the filter matches nothing.
  func cards(of collection: DeckCollection, command: String) throws(UsageError) -> [CardHeading] {
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
    // Without a filter, every card: the same array, not a copy of it made card by card.
    return filter == CardFilter() ? all : all.filter(filter.matches)
  }
}
