import AnkiPackage
import CardDeck
import CommandLineKit
import FoundationEssentials
import Scheduler

extension ImportCommand {
  /// Imports the Anki package at `path`: its decks into the output folder and, unless
  /// --no-progress, its scheduling into the state folder. Nothing is written when the package
  /// cannot be read or a deck file is in the way.
  func importPackage(_ path: String, in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    // The file name is a stranger's too: printed, it must not drive the terminal.
    let shown = ControlCharacters.visible(path)
    let now = try context.clock()()
    let today = try context.today(state)
    let collection: AnkiCollection
    do {
      collection = try AnkiPackageReader().read(path: path)
    } catch {
      console.printError(
        "\(shown): \(ControlCharacters.visible(error.description)); nothing imported")
      return .failure
    }
    let converted = AnkiImport(collection, path: shown, now: now, today: today)
    for warning in converted.warnings { console.warning(warning) }
    let writer = NativeDeckWriter()
    var files: [(target: String, text: String, deck: Deck)] = []
    for deck in converted.decks {
      let target = output.joiningPath(writer.fileName(for: deck))
      let text = writer.write(deck)
      // A deck that would not read back as written is a bug here, not in the package; refusing
      // it keeps a broken file out of the user's folder.
      let (_, diagnostics) = NativeDeckParser(deckName: deck.name).parse(
        SourceText(text, path: target))
      if let problem = diagnostics.first(where: { $0.severity == .error }) {
        console.printError(
          "\(shown): nothing imported: \(ControlCharacters.visible(problem.description))")
        return .failure
      }
      if let existing = FileManager.default.contents(atPath: target) {
        if existing == Data(text.utf8) { continue }
        if !force {
          console.printError(
            "\(target): already exists; pass --force to replace it. \(shown): nothing imported")
          return .failure
        }
      }
      files.append((target, text, deck))
    }
    // The state folder is locked before any deck is written, so that a busy folder writes
    // nothing.
    var store: ReviewStore?
    if withProgress && !converted.events.isEmpty {
      guard let opened = try context.openForWriting(state, now: { now }) else {
        console.printError("\(shown): nothing imported")
        return .failure
      }
      store = opened
    }
    do {
      try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    } catch {
      console.printError("\(output): cannot be created: \(SystemReason.text(of: error))")
      return .failure
    }
    for file in files {
      do throws(AtomicFile.Failure) {
        try AtomicFile.write(Data(file.text.utf8), to: file.target, replacing: true)
      } catch {
        console.printError(error.message(for: file.target))
        return .failure
      }
      console.print(
        "\(file.target): \(ReportText.count(file.deck.cards.count, "card")) from \(shown)")
    }
    let cards = converted.decks.reduce(0) { $0 + $1.cards.count }
    if files.isEmpty {
      console.print("\(shown): the decks of its \(ReportText.count(cards, "card")) are up to date")
    }
    guard let store else { return .success }
    do {
      let added = try store.appendImported(converted.events)
      try store.close()
      console.print(
        added == 0
          ? "\(shown): its progress was imported before; nothing added"
          : "\(shown): \(ReportText.count(added, "progress event")) recorded in \(store.folder.path)"
      )
    } catch {
      console.failure(error)
      return .failure
    }
    return .success
  }
}
