import Basics
import CardDeck
import CommandLineKit
import FoundationEssentials
import Glibc
import ReviewStorage
import Scheduler

/// What `quiz review` and `quiz drill` set up the same way: the cards, the session with its
/// input and editor, and the exit status.
enum SessionSetup {
  /// The filtered cards' headings, and the collection they came from, which the session reads
  /// their content from; nil (after printing why) when the decks have errors and there is no
  /// `--force`. A usage error when there is nothing to review.
  static func loadCards(
    _ options: DeckOptions, force: Bool, _ context: CommandContext
  ) throws(UsageError) -> (cards: [CardHeading], collection: DeckCollection)? {
    let command = context.command
    let console = context.console
    let collection = try context.loadDecks(options)
    let errors = collection.errors.count
    if errors > 0 && !force {
      // What --force would review: the cards that loaded, of those the options select.
      let selected = (try? options.cards(of: collection, command: command))?.count ?? 0
      console.printError(
        "quiz: the decks have \(errors) \(errors == 1 ? "error" : "errors"); fix them, or pass --force "
          + "to review the \(selected) \(selected == 1 ? "card" : "cards") that loaded.")
      return nil
    }
    guard collection.decks.contains(where: { !$0.cards.isEmpty }) else {
      throw UsageError(
        "there are no cards: the decks folder holds no deck; name another with --decks DIR",
        command: command)
    }
    let cards = try options.cards(of: collection, command: command)
    guard !cards.isEmpty else {
      throw UsageError(
        "no card matches \(describe(options.filter)); 'quiz topics' and 'quiz decks' list what exists",
        command: command)
    }
    return (cards, collection)
  }

  /// A session on `cards`, their content read from `collection`, reading from the context's
  /// input (else readline on a terminal, else standard input), with `:edit` and the signal
  /// handlers in place.
  static func session(
    cards: [CardHeading], from collection: DeckCollection, store: ReviewStore?, style: Style,
    now: @escaping () -> Date, today: Day,
    mode: ReviewSession.Mode, deckOptions: DeckOptions, stateOptions: StateOptions,
    _ context: CommandContext
  ) -> ReviewSession {
    let environment = context.environment
    let input =
      environment.input
      ?? standardInput(
        history: stateOptions.folderURL(in: environment).appending(path: "history"),
        clock: environment.monotonic, charset: environment.charset)
    Signals.install()
    let session = ReviewSession(
      cards: cards, from: collection, store: store, input: input, console: context.console,
      presenter: CardPresenter(
        style: style, width: environment.proseWidth, height: environment.height), now: now,
      clock: environment.monotonic, today: today, mode: mode)
    session.edit = editor(deckOptions, environment, context.console)
    session.compose = composer(stateOptions, environment)
    // Settings of the file alone: they cannot be a usage error.
    session.leeches = (
      (try? environment.value(of: Settings.leechLapses, option: nil, command: context.command))
        ?? Settings.leechLapses.defaultValue,
      (try? environment.value(of: Settings.leechAction, option: nil, command: context.command))
        ?? Settings.leechAction.defaultValue
    )
    session.prompts = SessionPrompts(environment.charset)
    session.dayClock = try? context.dayClock(stateOptions)
    // The deck cache is written once the first card is shown, not before: a first start (or
    // the first after quiz is rebuilt) then shows its card as soon as one without the cache;
    // and before the card's answer is timed, so that the write is not counted as the user's.
    session.whenFirstCardShown = { environment.deckCache?.writePending() }
    return session
  }

  /// The exit status of a session: a failure (after saying why) if a grade could not be saved.
  static func status(of result: SessionResult, _ console: Console) -> ExitCode {
    if case .failed(let message) = result.ending {
      console.failure(message)
      return .failure
    }
    return .success
  }

  /// `topic Sheets, kind trick`, or empty without filters.
  static func describe(_ filter: CardFilter) -> String {
    var parts: [String] = []
    if !filter.topics.isEmpty { parts.append("topic " + filter.topics.joined(separator: ", ")) }
    if !filter.kinds.isEmpty {
      parts.append("kind " + filter.kinds.sorted().map(\.rawValue).joined(separator: ", "))
    }
    if !filter.decks.isEmpty { parts.append("deck " + filter.decks.joined(separator: ", ")) }
    if !filter.lessons.isEmpty {
      parts.append("lesson " + filter.lessons.sorted().map(String.init).joined(separator: ", "))
    }
    if !filter.ids.isEmpty { parts.append("card " + filter.ids.sorted().joined(separator: ", ")) }
    return parts.joined(separator: ", ")
  }

  /// readline when standard input is a terminal, else the plain stream.
  static func standardInput(history: URL, clock: MonotonicClock, charset: TerminalCharset)
    -> LineInput
  {
    isatty(STDIN_FILENO) == 1
      ? ReadlineInput(
        historyFile: history, commands: SessionCommand.typed, clock: clock, charset: charset)
      : StreamInput()
  }

  /// `/bin/sh`'s arguments to open `path` at `line` in `editor`. The editor may carry its own
  /// arguments ("code -w"), so the shell splits it; the path is passed as an argument, never
  /// parsed by the shell, and one that starts with "-" (which would read as an option) as "./-…".
  static func editorArguments(_ editor: String, line: Int, path: String) -> [String] {
    ["-c", "\(editor) \"$@\"", "sh", "+\(line)", path.hasPrefix("-") ? "./" + path : path]
  }

  /// Opens a card's file at its line in `$VISUAL` or `$EDITOR` (else vi), then reloads the card.
  static func editor(
    _ options: DeckOptions, _ environment: Environment, _ console: Console
  ) -> (Card) throws -> Card? {
    { card in
      let path = card.location.path
      guard !options.isShipped(path, in: environment), FileManager.default.fileExists(atPath: path)
      else {
        throw EditError(
          "\(card.id) comes from the decks built into quiz; copy Decks/ and use --decks DIR to edit it"
        )
      }
      try openEditor(on: path, line: card.location.line, environment, unchanged: "the card")
      guard let collection = try? options.load(in: environment, command: "quiz") else {
        return nil
      }
      for diagnostic in collection.diagnostics where diagnostic.location.path == path {
        console.printError(diagnostic.description)
      }
      guard let heading = collection.cards.first(where: { $0.id == card.id }) else { return nil }
      do {
        return try collection.card(heading)
      } catch {
        throw EditError("\(error)")
      }
    }
  }
}

extension SessionSetup {
  /// Opens `path` at `line` in `$VISUAL` or `$EDITOR` (else vi) and waits for it; gives its
  /// exit status, or throws a message, which says that what is `unchanged` is, when the editor
  /// could not be started.
  @discardableResult
  static func openEditor(
    on path: String, line: Int, _ environment: Environment, unchanged: String
  ) throws(EditError) -> Int32 {
    let editor =
      [environment.variables["VISUAL"], environment.variables["EDITOR"]]
      .compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    let status: Int32
    // The editor gets the terminal as the person left it, echoing what is typed.
    ReadlineInput.releaseHeldEcho()
    do throws(ChildProcess.Failure) {
      status = try ChildProcess.run("/bin/sh", editorArguments(editor, line: line, path: path))
    } catch {
      throw EditError("could not start \(editor): \(error.reason)")
    }
    // The shell's 127 and 126: the editor was not found, or could not be run.
    if [126, 127].contains(status) {
      throw EditError(
        "could not start \(editor) (set VISUAL or EDITOR to an editor you have); \(unchanged) is unchanged"
      )
    }
    return status
  }

  /// `:compose`: the answer typed so far, put in a file of the state folder (`answer.swift` for
  /// a syntax card, else `answer.md`) and opened in the editor at its last line; gives the
  /// answer as saved, and removes the file. An editor that exits with a failure (vim's `:cq`)
  /// leaves the answer as it was typed.
  static func composer(_ options: StateOptions, _ environment: Environment) -> (Card, String)
    throws -> String
  {
    { card, typed in
      let folder = options.folderURL(in: environment)
      let path = folder.appending(path: card.kind == .syntax ? "answer.swift" : "answer.md").path
      try? OpenFile<FileError>.createFolder(folder)
      do throws(AtomicFile.Failure) {
        try AtomicFile.write(
          Data((typed.isEmpty ? "" : typed + "\n").utf8), to: path, replacing: true)
      } catch {
        throw EditError(error.message(for: path))
      }
      defer { unlink(path) }
      let line = max(1, typed.split(separator: "\n", omittingEmptySubsequences: false).count)
      let status = try openEditor(on: path, line: line, environment, unchanged: "your answer")
      guard status == 0 else {
        throw EditError("the editor exited with status \(status); your answer is as you typed it")
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw EditError("\(path): the editor left no file; your answer is as you typed it")
      }
      var text = String(decoding: data, as: UTF8.self)
      while text.last?.isNewline == true { text.removeLast() }
      return text
    }
  }
}

/// Why `:edit` could not open or reload a card, or `:compose` an answer.
struct EditError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
