import Basics
import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz export`: every card's review progress, and the journal, in one of the ``Format``s.
struct ExportCommand: Command {
  /// The options of an export, beside the selection's.
  enum Keys {
    /// `--format FORMAT`.
    static let format = OptionKey.option(
      "--format", "FORMAT", completion: .values(Format.allCases.map(\.rawValue)),
      help: "\(Format.names) (default: from the --output file's extension, which must then be "
        + "one of these, else json).")
    /// `--output FILE`.
    static let output = OptionKey.option(
      "--output", "FILE", completion: .files,
      help: "Write to FILE, atomically, instead of standard output.")
    /// `--force`.
    static let force = OptionKey.flag("--force", help: "Replace FILE if it exists.")
  }

  static let declaration = CommandDeclaration(
    name: "export",
    summary: "Every card's progress, and the journal, as "
      + "\(Format.allCases.map(\.title).listed(joinedBy: "or")).",
    discussion: """
      Exports the review progress of the cards of the decks, one row per card: \
      \(ExportRow.columns.joined(separator: ", ")). Cards that have a review history but are \
      in no deck read this time (their folder was not loaded, or they were removed) come last, \
      with no deck, topic or kind, unless a filter is given.

      \(Format.table)
      """,
    options: [Keys.format, Keys.output, Keys.force] + SelectionOptions.options,
    examples: [
      ("quiz export > progress.json", "Every card's progress and the whole journal."),
      ("quiz export --output progress.csv", "The format follows the extension."),
      ("quiz export --format md --deck navigation-guide", "A report on one deck."),
      ("quiz export --output quiz.apkg", "The cards and their progress, for Anki."),
    ])

  var format: Format
  var output: String?
  var force: Bool
  var options: SelectionOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    output = arguments[Keys.output].flatMap { $0 == "-" ? nil : $0 }
    force = arguments[Keys.force]
    options = try SelectionOptions(arguments)
    format = try Self.format(
      named: arguments[Keys.format], output: output, command: arguments.command)
    if force && output == nil {
      throw UsageError("--force goes with --output FILE", command: arguments.command)
    }
    if format == .apkg && output == nil {
      throw UsageError("--format apkg needs --output FILE.apkg", command: arguments.command)
    }
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let now = try context.clock()()
    if let output, !force, FileManager.default.fileExists(atPath: output) {
      console.failure(AtomicFile.Failure.exists.message(for: output))
      return .failure
    }
    guard let selection = try context.select(options) else { return .failure }
    let (collection, store) = (selection.collection, selection.store)
    if format == .apkg, let output {
      return try exportPackage(selection, to: output, now: now, in: context)
    }
    let rows = ExportRow.rows(
      cards: selection.cards.map(\.tracked), allCards: collection.cards.lazy.map(\.id),
      state: store.state, includingOrphans: !selection.isFiltered)

    let text: String
    let summary = ReportText.count(rows.count, "card")
    switch format {
    case .json:
      // Written a piece at a time, the journal read as it is written: neither the text nor the
      // journal's events are ever held whole.
      let ids = selection.isFiltered ? Set(rows.map(\.id)) : nil
      // Read once for its undos before anything is written. On standard output, where what is
      // written stays written, a damaged line fails the export here; a file is written whole
      // or not at all, and only the lines that may be undos need reading first.
      let journal: ReviewStore.MarkedJournal
      do {
        journal = try store.markedJournal(findingDamageFirst: output == nil)
      } catch {
        console.failure(error)
        return .failure
      }
      var failure: StateError?
      var events = 0
      let status = write(to: output, in: context, collection: collection) { write in
        do throws(StateError) {
          events = try ExportDocument.writeJSON(
            exportedAt: now, cards: rows,
            reviews: { (visit) throws(StateError) in
              // A journal read from its file, not a sequence: its `forEach` has no `for` loop.
              // swift-format-ignore: ReplaceForEachWithForLoop
              try journal.forEach { event, isUndone in
                if let ids {
                  guard let card = event.card, ids.contains(card) else { return }
                }
                visit(ExportedEvent(event: event, isUndone: isUndone))
              }
            }, to: write)
          return true
        } catch {
          failure = error
          return false
        }
      } summary: {
        summary + " and " + ReportText.count(events, "journal event")
      }
      if let failure { console.failure(failure) }
      return failure == nil ? status : .failure
    case .csv:
      text = ExportRow.csv(rows)
    case .md, .apkg:  // apkg was written above; it always has an --output.
      text = ExportRow.markdown(
        rows, decks: collection.decks.map(\.tracked), state: store.state, today: selection.today,
        exportedAt: now)
    }

    return write(to: output, in: context, collection: collection) {
      $0(Data(text.utf8))
      return true
    } summary: {
      summary
    }
  }

  /// Writes what `produce` makes to `output` (whole or not at all, then a line saying what was
  /// written, `summary`) or, without one, to standard output. When `produce` gives up (returns
  /// false, having said why), the file is not written and the export fails.
  private func write(
    to output: String?, in context: CommandContext, collection: DeckCollection,
    producing produce: (_ write: (Data) -> Void) -> Bool, summary: () -> String
  ) -> ExitCode {
    let console = context.console
    if let output {
      do throws(AtomicFile.Failure) {
        try AtomicFile.write(to: output, replacing: force, producing: produce)
      } catch {
        if error != .abandoned { console.failure(error.message(for: output)) }
        return .failure
      }
      console.print("\(output): \(summary())")
    } else {
      guard produce({ console.write(String(decoding: $0, as: UTF8.self)) }) else {
        return .failure
      }
    }
    return collection.errors.isEmpty ? .success : .failure
  }
}
