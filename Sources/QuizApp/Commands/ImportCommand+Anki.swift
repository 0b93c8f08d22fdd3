import AnkiPackage
import Basics
import CardDeck
import CommandLineKit
import FoundationEssentials
import Glibc
import ReviewStorage
import Scheduler

extension ImportCommand {
  /// A deck file an import writes: its text is made again, a part at a time, as it is written.
  struct PlannedFile {
    var target: String
    var deck: Deck
    /// The note it holds below its title, as a deck's second part or later.
    var note: String?
  }

  /// Imports the Anki package at `path`: its decks into the output folder and, unless
  /// --no-progress, its scheduling into the state folder. Nothing is written when the package
  /// cannot be read, a deck would not read back as imported, or something is in the way.
  func importPackage(_ path: String, in context: CommandContext) throws(UsageError) -> ExitCode {
    // What a killed import left: a copy of a large collection.
    AtomicFile.sweep(output, name: AnkiPackageReader.scratchName)
    let folder = OutputFolder(output)
    let status = try importPackage(path, in: context, output: folder)
    // An import that fails leaves no folder it made for nothing.
    if status != .success { folder.removeMadeFolders() }
    return status
  }

  /// ``importPackage(_:in:)``, the output folder made through `folder`.
  private func importPackage(
    _ path: String, in context: CommandContext, output folder: OutputFolder
  ) throws(UsageError) -> ExitCode {
    let console = context.console
    // The file name is a stranger's too: printed, it must not drive the terminal.
    let shown = ControlCharacters.visible(path)
    let now = try context.clock()()
    let today = try context.today(state)
    // Decks are named apart from the files the folder holds in another case.
    let existing = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
    let limit = context.environment.deckFileLimit
    var converted: AnkiImport
    do {
      // The notes are converted as they are read, never held whole beside the collection.
      converted = try AnkiPackageReader().importing(
        path: path, shown: shown, now: now, today: today, existingFiles: existing,
        deckFileLimit: limit, keepingHistory: withProgress, scratchFolder: { try? folder.make() })
    } catch {
      console.printError(
        "\(shown): \(ControlCharacters.visible(error.description)); nothing imported")
      return .failure
    }
    for warning in converted.warnings { console.warning(warning) }
    guard let plan = plan(converted, existing: existing, shown: shown, console: console) else {
      return .failure
    }
    // Before the state folder is opened (and made, the first time), so that a folder that
    // cannot be made leaves no empty state folder behind.
    do {
      try folder.make()
    } catch {
      console.printError("\(output): cannot be created: \(SystemReason.text(of: error))")
      return .failure
    }
    // The state folder is locked before any deck is written, so that a busy folder writes
    // nothing.
    var store: ReviewStore?
    // Taken out, so that filtering them copies nothing: a log may have millions of answers,
    // and an event per card takes hundreds of bytes.
    var events = converted.events
    converted.events = []
    var history = converted.history
    converted.history = AnkiHistory()
    if withProgress && !(events.isEmpty && history.isEmpty) {
      guard let opened = try context.openForWriting(state, now: { now }) else {
        console.printError("\(shown): nothing imported")
        return .failure
      }
      store = opened
      do {
        let kept = try keptCards(events, in: opened, shown: shown, console: console)
        events.removeAll { event in event.card.map(kept.contains) ?? false }
        history.removeAll(ofCards: kept)
        // A package quiz exported holds quiz's own reviews in its log.
        history.removeAll(withIDs: try opened.recordedHistory(in: history))
      } catch {
        console.failure(error)
        return .failure
      }
    }
    guard write(plan.files, limit: limit, shown: shown, console: console),
      removeStaleParts(of: plan, shown: shown, console: console)
    else { return .failure }
    report(plan, of: converted, limit: limit, shown: shown, console: console)
    guard let store else { return .success }
    return record(events, history: history, in: store, shown: shown, console: console)
  }

  /// Appends `history` and `events` to `store` and closes it, and says what was added.
  private func record(
    _ events: [JournalEvent], history: AnkiHistory, in store: ReviewStore, shown: String,
    console: Console
  ) -> ExitCode {
    do {
      let added = try store.appendImported(events, history: history)
      try store.close()
      let parts = [
        (added.events, ReportText.count(added.events, "progress event")),
        (added.history, ReportText.count(added.history, "review") + " of history"),
      ].filter { $0.0 > 0 }.map(\.1)
      console.print(
        parts.isEmpty
          ? "\(shown): "
            + (events.isEmpty && history.isEmpty
              ? "no progress added" : "its progress was imported before; nothing added")
          : "\(shown): \(ReportText.list(parts)) recorded in \(store.folder.path)")
    } catch {
      console.failure(error)
      return .failure
    }
    return .success
  }

  /// What the import of `converted` writes and removes in the output folder; nil, with the
  /// reason printed, when the package must not be imported: a deck would not read back, a file
  /// is in the way (without --force), or a card has the id of a card the folder keeps.
  private func plan(
    _ converted: AnkiImport, existing: [String], shown: String, console: Console
  ) -> Plan? {
    guard let files = plannedFiles(converted, shown: shown, console: console) else {
      return nil
    }
    let (stale, kept) = staleParts(of: converted.files, existing: existing)
    if let part = stale.first, !force {
      console.printError(
        "\(part.path): part \(part.number) of an earlier import of "
          + "\(ControlCharacters.visible(part.title)), which \(shown) now puts in "
          + "\(ReportText.count(part.parts, "file")); pass --force to remove it. "
          + "\(shown): nothing imported")
      return nil
    }
    let removed = stale.map { String($0.path.split(separator: "/").last ?? "") }
    guard
      checkIDsAreNew(
        converted, existing: existing.filter { !removed.contains($0) }, shown: shown,
        console: console)
    else { return nil }
    return Plan(files: files, stale: stale, kept: kept)
  }

  /// Writes `files`, each a part at a time (its text is never held whole), and says so; false,
  /// with the reason printed, when one cannot be written, or would be larger than `limit`.
  private func write(
    _ files: [PlannedFile], limit: Int, shown: String, console: Console
  ) -> Bool {
    for file in files {
      do throws(AtomicFile.Failure) {
        try AtomicFile.write(to: file.target, replacing: true) { write in
          var size = 0
          var note = file.note.map { Data($0.utf8) }
          let heading = NativeDeckWriter().heading(of: file.deck).utf8.count
          let problem = CheckedDeckText.parts(of: file.deck) { part in
            var part = part[...]
            // The note goes below the title, which the first part starts with.
            if let written = note {
              write(Data(part.prefix(heading)))
              write(written)
              size += heading + written.count
              part = part.dropFirst(heading)
              note = nil
            }
            size += part.count
            if size <= limit { write(Data(part)) }
          }
          return problem == nil && size <= limit
        }
      } catch {
        console.printError(error.message(for: file.target))
        return false
      }
      console.print(
        "\(file.target): \(ReportText.count(file.deck.cards.count, "card")) from \(shown)")
    }
    return true
  }

  /// The deck files to write for `decks`, each checked to read back card by card as it was
  /// meant, and to replace no other file without --force; nil, with the reason printed, when
  /// the package must not be imported. The decks' text is made and checked a part at a time
  /// (``CheckedDeckText``), never held whole.
  private func plannedFiles(
    _ converted: AnkiImport, shown: String, console: Console
  ) -> [PlannedFile]? {
    let writer = NativeDeckWriter()
    // The second part of a deck and those after it, by name: their number, their deck's name.
    var parts: [String: (number: Int, name: String)] = [:]
    for deck in converted.files {
      for (number, name) in zip(2..., deck.names.dropFirst()) {
        parts[name] = (number, deck.names[0])
      }
    }
    var files: [PlannedFile] = []
    for deck in converted.decks {
      let target = output.joiningPath(writer.fileName(for: deck))
      // Read first, to be compared with the parts as they are made.
      let read = Result { () throws(DeckLoader.ReadProblem) in
        try DeckLoader.existingFile(at: target)
      }
      // Each card must read back as it was meant, or a package could plant cards, or move
      // ids, through text the writer did not foresee: a deck that does not is refused whole.
      let (problem, isSame, note) = Self.check(
        deck, against: try? read.get(), part: parts[deck.name])
      if let problem {
        console.printError(
          "\(shown): nothing imported: \(target) would not read back as imported: "
            + ControlCharacters.visible(problem))
        return nil
      }
      let exists: Bool
      switch read {
      case .success(let bytes): exists = bytes != nil
      // A deck file too large to load (an earlier import wrote such files): never the same.
      case .failure(let error) where error.isTooLarge: exists = true
      case .failure(let error):
        console.printError("\(target): \(error.reason). \(shown): nothing imported")
        return nil
      }
      if isSame { continue }
      if exists && !force {
        console.printError(
          "\(target): already exists; pass --force to replace it. \(shown): nothing imported")
        return nil
      }
      files.append(PlannedFile(target: target, deck: deck, note: note))
    }
    return files
  }

  /// Whether no card of `converted` has the id of a card in another deck file of the output
  /// folder (one of `existing` the import does not replace): two cards with one id make the
  /// folder refuse to load. False, with the clash printed, when one has. Only the folder's own
  /// `.md` files are read, where imports write, not its subfolders: `--output` is the current
  /// folder by default.
  private func checkIDsAreNew(
    _ converted: AnkiImport, existing: [String], shown: String, console: Console
  ) -> Bool {
    let decks = converted.decks
    let replaced = Set(decks.map { NativeDeckWriter().fileName(for: $0) })
    let others = existing.filter { $0.hasSuffix(".md") && !replaced.contains($0) }.compactMap {
      name -> DeckLoader.File? in
      let path = output.joiningPath(name)
      return (try? DeckLoader.existingFile(at: path))?.map {
        DeckLoader.File(path: path, bytes: $0)
      }
    }
    guard !others.isEmpty else { return true }
    var held: [String: String] = [:]
    for deck in DeckLoader().load(files: others).decks {
      for card in deck.cards { held[card.id] = deck.path }
    }
    for deck in decks {
      for card in deck.cards {
        guard let path = held[card.id] else { continue }
        console.printError(
          "\(shown): its card \(card.id) has the id of a card in \(path)"
            + Self.keptPartReason(for: path, in: converted.files)
            + "; a card's id is the key of its progress. Nothing imported")
        return false
      }
    }
    return true
  }

  /// The cards whose progress in `store` `events` would change, which keep it, with their
  /// history, unless --replace-progress; they are listed in a warning.
  private func keptCards(
    _ events: [JournalEvent], in store: ReviewStore, shown: String, console: Console
  ) throws(StateError) -> Set<String> {
    guard !replaceProgress else { return [] }
    let kept = try store.cardsWithProgress(changedBy: events)
    guard !kept.isEmpty else { return [] }
    let listed = kept.sorted().prefix(5).joined(separator: ", ")
    console.warning(
      "\(shown): \(ReportText.count(kept.count, "card")) already with progress in "
        + "\(store.folder.path) kept as they are (\(listed)\(kept.count > 5 ? ", …" : "")); "
        + "pass --replace-progress to take the package's")
    return kept
  }
}

/// The output folder of an import, made (with the folders above it that are missing) when
/// first needed: to write decks, or to hold the copy of a large collection while it is read
/// (not held in memory beside the cards made from it). An import that fails removes the
/// folders it made, if they are still empty.
final class OutputFolder {
  let path: String
  /// The folders made, innermost first.
  private(set) var made: [String] = []

  init(_ path: String) {
    self.path = path
  }

  /// Makes the folder if it is missing; its path.
  @discardableResult
  func make() throws -> String {
    var missing: [String] = []
    var folder = path
    var status = stat()
    while !folder.isEmpty, stat(folder, &status) != 0, errno == ENOENT {
      missing.append(folder)
      folder = folder.parentPath
    }
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    made += missing
    return path
  }

  /// Removes the folders made, those that are empty.
  func removeMadeFolders() {
    for folder in made { rmdir(folder) }
    made = []
  }
}
