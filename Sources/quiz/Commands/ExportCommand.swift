import CardDeck
import Foundation
import Scheduler

/// `quiz export`: every card's review progress, and the journal, as JSON, CSV or Markdown.
struct ExportCommand {
  var environment: Environment
  var console: Console

  /// The forms of export.
  enum Format: String, CaseIterable {
    case json, csv, md
  }

  static let help = """
    Usage: quiz export [--format json|csv|md] [--output FILE [--force]] [options]

    Exports the review progress of the cards of the decks, one row per card: id, deck, topic,
    kind, repetitions, easeFactor, interval, due, lapses, reviews, lastReview,
    needsExtraReview and suspended. Cards that have a review history but are in no deck any
    more come last, with no deck, topic or kind, unless a filter is given.

      json  {"version":1,"exportedAt":…,"cards":[…],"reviews":[…]}: the cards, and every
            event of the journal (grades, undos, suspensions) in order.
      csv   the cards, RFC 4180: a header row, CRLF line ends, UTF-8.
      md    a report: a summary line, then a table per deck.

    Options:
      --format FORMAT  json, csv or md (default: from the --output file's extension, else json).
      --output FILE    Write to FILE, atomically, instead of standard output.
      --force          Replace FILE if it exists.
    \(DeckOptions.help)
    \(DeckOptions.filterHelp)
    \(StateOptions.help)
      -h, --help       Show this help.
    """

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    let command = arguments.command
    let formatName = try arguments.value("--format")
    let output = try arguments.value("--output").flatMap { $0 == "-" ? nil : $0 }
    let force = arguments.flag("--force")
    let deckOptions = try DeckOptions(&arguments, filters: true)
    let stateOptions = try StateOptions(&arguments)
    try arguments.finish()
    let format = try Self.format(named: formatName, output: output, command: command)
    if force && output == nil {
      throw UsageError("--force goes with --output FILE", command: command)
    }
    let now = try environment.clock(command: command)()
    let today = try stateOptions.dayClock(in: environment, command: command).day(for: now)

    let collection = try deckOptions.load(in: environment, command: command)
    for diagnostic in collection.diagnostics { console.printError(diagnostic.description) }
    let cards = try deckOptions.cards(of: collection, command: command)
    if let output, !force, FileManager.default.fileExists(atPath: output) {
      console.failure(AtomicFile.Failure.exists.message(for: output))
      return .failure
    }
    guard let store = stateOptions.openForReading(in: environment, console: console) else {
      return .failure
    }
    let isFiltered = deckOptions.filter != CardFilter()
    let rows = ExportRow.rows(
      cards: cards, allCards: collection.cards, state: store.state, includingOrphans: !isFiltered)

    let text: String
    var summary = ReportText.count(rows.count, "card")
    switch format {
    case .json:
      let events: [JournalEvent]
      do {
        events = try store.journalEvents()
      } catch {
        console.failure(error)
        return .failure
      }
      let ids = Set(rows.map(\.id))
      let exported = ExportedEvent.events(
        events, keeping: isFiltered ? { ids.contains($0) } : nil)
      text = ExportDocument(exportedAt: now, cards: rows, reviews: exported).json()
      summary += " and " + ReportText.count(exported.count, "journal event")
    case .csv:
      text = ExportRow.csv(rows)
    case .md:
      text = ExportRow.markdown(
        rows, decks: collection.decks, state: store.state, today: today, exportedAt: now)
    }

    if let output {
      do throws(AtomicFile.Failure) {
        try AtomicFile.write(Data(text.utf8), to: output, replacing: force)
      } catch {
        console.failure(error.message(for: output))
        return .failure
      }
      console.print("\(output): \(summary)")
    } else {
      console.write(text)
    }
    return collection.errors.isEmpty ? .success : .failure
  }

  /// The format named by --format, else the one the output file's extension suggests, else JSON.
  static func format(
    named name: String?, output: String?, command: String
  ) throws(UsageError) -> Format {
    if let name {
      let lowered = name.lowercased()
      guard let format = Format(rawValue: lowered == "markdown" ? "md" : lowered) else {
        throw UsageError("--format takes json, csv or md, not '\(name)'", command: command)
      }
      return format
    }
    switch output.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
    case "csv": return .csv
    case "md", "markdown": return .md
    default: return .json
    }
  }
}

/// One card in an export: its deck's view of it, if a deck still has it, and its review state.
struct ExportRow: Encodable {
  var id: String
  /// The card, or nil when no deck has it any more.
  var card: Card?
  /// The review state, or nil when the card was never reviewed.
  var state: CardState?
  var isSuspended: Bool

  /// The rows for `cards`, in deck order; with `includingOrphans`, then the ids that have a
  /// state (or a suspension) but are in none of `allCards`, sorted.
  static func rows(
    cards: [Card], allCards: [Card], state: ReviewState, includingOrphans: Bool
  ) -> [ExportRow] {
    var rows = cards.map {
      ExportRow(
        id: $0.id, card: $0, state: state.cards[$0.id],
        isSuspended: state.suspended.contains($0.id))
    }
    guard includingOrphans else { return rows }
    let known = Set(allCards.map(\.id))
    let orphans = Set(state.cards.keys).union(state.suspended).subtracting(known)
    for id in orphans.sorted() {
      rows.append(
        ExportRow(
          id: id, card: nil, state: state.cards[id], isSuspended: state.suspended.contains(id)))
    }
    return rows
  }

  /// The column names, in order; CSV's header row.
  static let columns = [
    "id", "deck", "topic", "kind", "repetitions", "easeFactor", "interval", "due", "lapses",
    "reviews", "lastReview", "needsExtraReview", "suspended",
  ]

  /// A never-reviewed card's state, for its numbers; it has no due day.
  fileprivate var shownState: CardState { state ?? .new(due: Day(daysSince1970: 0)) }

  /// The values in the order of ``columns``; empty for what is absent.
  var fields: [String] {
    let shown = shownState
    return [
      id, card?.deck ?? "", card?.topic ?? "", card?.kind.rawValue ?? "",
      String(shown.repetitions), String(shown.easeFactor), String(shown.interval),
      state.map(\.due.description) ?? "", String(shown.lapses), String(shown.reviews),
      state?.lastReview.map(MomentText.iso8601) ?? "", String(shown.needsExtraReview),
      String(isSuspended),
    ]
  }

  enum CodingKeys: String, CodingKey {
    case id, deck, topic, kind, repetitions, easeFactor, interval, due, lapses, reviews
    case lastReview, needsExtraReview, suspended
  }

  func encode(to encoder: any Encoder) throws {
    let shown = shownState
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(card?.deck, forKey: .deck)
    try container.encode(card?.topic, forKey: .topic)
    try container.encode(card?.kind.rawValue, forKey: .kind)
    try container.encode(shown.repetitions, forKey: .repetitions)
    try container.encode(shown.easeFactor, forKey: .easeFactor)
    try container.encode(shown.interval, forKey: .interval)
    try container.encode(state?.due.description, forKey: .due)
    try container.encode(shown.lapses, forKey: .lapses)
    try container.encode(shown.reviews, forKey: .reviews)
    try container.encode(state?.lastReview.map(MomentText.iso8601), forKey: .lastReview)
    try container.encode(shown.needsExtraReview, forKey: .needsExtraReview)
    try container.encode(isSuspended, forKey: .suspended)
  }

  /// The rows as RFC 4180 CSV: a header row, every line ended by CRLF; a field is quoted when
  /// it holds a comma, a quote, or a line break, its quotes doubled.
  static func csv(_ rows: [ExportRow]) -> String {
    func field(_ text: String) -> String {
      text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
        ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
    return ([columns] + rows.map(\.fields)).map { $0.map(field).joined(separator: ",") + "\r\n" }
      .joined()
  }

  /// The rows as a Markdown report: a summary line, then a table per deck, then the cards that
  /// are in no deck.
  static func markdown(
    _ rows: [ExportRow], decks: [Deck], state: ReviewState, today: Day, exportedAt: Date
  ) -> String {
    func cell(_ text: String) -> String {
      text.replacingOccurrences(of: "|", with: "\\|").split(whereSeparator: \.isNewline)
        .joined(separator: " ")
    }
    let inDecks = rows.filter { $0.card != nil }
    let counts = StageCounts(inDecks.map(\.id), in: state, today: today)
    let deckCount = Set(inDecks.compactMap(\.card?.deck)).count
    let orphans = rows.filter { $0.card == nil }
    var text = "# quiz export\n\n"
    text +=
      "\(ReportText.count(counts.cards, "card")) in \(ReportText.count(deckCount, "deck")): "
      + "\(inDecks.filter { $0.state != nil }.count) reviewed, \(counts.new) new, \(counts.dueToday) due today, "
      + "\(counts.suspended) suspended"
      + (orphans.isEmpty
        ? ""
        : "; \(orphans.count) more with a review history \(orphans.count == 1 ? "is" : "are") in no deck")
      + ". Exported \(MomentText.iso8601(exportedAt)), for \(today).\n"
    let header =
      "| id | topic | kind | repetitions | ease | interval | due | lapses | reviews "
      + "| last review | suspended |\n"
      + "| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | --- | --- |\n"
    func table(_ rows: [ExportRow]) -> String {
      header
        + rows.map { row in
          let fields = row.fields
          let shown = [
            fields[0], fields[2], fields[3], fields[4],
            String(format: "%.2f", row.shownState.easeFactor), fields[6],
            fields[7].isEmpty ? "new" : fields[7], fields[8], fields[9], fields[10],
            row.isSuspended ? "yes" : "",
          ]
          return "| " + shown.map(cell).joined(separator: " | ") + " |\n"
        }.joined()
    }
    for deck in decks {
      let deckRows = rows.filter { $0.card?.deck == deck.name }
      guard !deckRows.isEmpty else { continue }
      text += "\n## \(cell(deck.title))\n\n`\(deck.name)`, \(cell(deck.path))\n\n"
      text += table(deckRows)
    }
    if !orphans.isEmpty {
      text += "\n## In no deck\n\nCards with a review history that no deck has any more.\n\n"
      text += table(orphans)
    }
    return text
  }
}

/// A journal event as the JSON export writes it.
struct ExportedEvent: Encodable {
  var event: JournalEvent
  /// For a review, whether an undo took it back.
  var isUndone: Bool

  /// The events, with `keeping` the ones whose card it accepts (which leaves out torn-line
  /// markers, since they have no card); undone reviews marked.
  static func events(
    _ events: [JournalEvent], keeping: ((String) -> Bool)?
  ) -> [ExportedEvent] {
    var undone: Set<UUID> = []
    for case .undo(let undo) in events { undone.insert(undo.undoes) }
    return events.compactMap { event in
      if let keeping {
        guard let card = event.card, keeping(card) else { return nil }
      }
      return ExportedEvent(event: event, isUndone: undone.contains(event.id))
    }
  }

  enum CodingKeys: String, CodingKey {
    case type, id, card, at, day, grade, seconds, before, after, undone
    case undoes, reviewDay, restored, offset
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(event.id.uuidString.lowercased(), forKey: .id)
    try container.encode(MomentText.iso8601(event.at), forKey: .at)
    switch event {
    case .review(let review):
      try container.encode("review", forKey: .type)
      try container.encode(review.card, forKey: .card)
      try container.encode(review.day, forKey: .day)
      try container.encode(review.grade, forKey: .grade)
      try container.encode(review.seconds, forKey: .seconds)
      try container.encode(review.before, forKey: .before)
      try container.encode(review.after, forKey: .after)
      try container.encode(isUndone, forKey: .undone)
    case .undo(let undo):
      try container.encode("undo", forKey: .type)
      try container.encode(undo.card, forKey: .card)
      try container.encode(undo.undoes.uuidString.lowercased(), forKey: .undoes)
      try container.encode(undo.reviewDay, forKey: .reviewDay)
      try container.encode(undo.restored, forKey: .restored)
    case .suspension(let suspension):
      try container.encode(suspension.isSuspended ? "suspend" : "unsuspend", forKey: .type)
      try container.encode(suspension.card, forKey: .card)
    case .tornLine(let torn):
      try container.encode("torn", forKey: .type)
      try container.encode(torn.offset, forKey: .offset)
    }
  }
}

extension JournalEvent {
  /// The card the event is about; nil for a torn-line marker.
  fileprivate var card: String? {
    switch self {
    case .review(let review): review.card
    case .undo(let undo): undo.card
    case .suspension(let suspension): suspension.card
    case .tornLine: nil
    }
  }
}

/// The whole JSON export.
struct ExportDocument: Encodable {
  var version = 1
  var exportedAt: Date
  var cards: [ExportRow]
  var reviews: [ExportedEvent]

  enum CodingKeys: String, CodingKey { case version, exportedAt, cards, reviews }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(MomentText.iso8601(exportedAt), forKey: .exportedAt)
    try container.encode(cards, forKey: .cards)
    try container.encode(reviews, forKey: .reviews)
  }

  /// The document as pretty-printed JSON with sorted keys, and a final newline.
  func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every value here is a string, a number or a Boolean: encoding cannot fail.
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
