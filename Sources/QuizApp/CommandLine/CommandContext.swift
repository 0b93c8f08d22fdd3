import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// What every command runs with: the live dependencies, and the steps that commands share
/// (reading the clock and the day, loading and filtering decks, opening the state, choosing the
/// style), written once here.
struct CommandContext {
  var environment: Environment
  var console: Console
  /// The command as typed, for messages: `quiz stats`.
  var command: String

  /// The width that output must fit; nil for no limit (tables are then not cut).
  var width: Int? { environment.width }

  /// The width prose is wrapped to.
  var proseWidth: Int { environment.proseWidth }

  /// The clock: `QUIZ_NOW` when set, else the real one.
  func clock() throws(UsageError) -> @Sendable () -> Date {
    try environment.clock(command: command)
  }

  /// The day clock: the user's time zone, and the hour the day starts at.
  func dayClock(_ options: StateOptions) throws(UsageError) -> DayClock {
    try options.dayClock(in: environment, command: command)
  }

  /// Today, by `options`' day clock and `QUIZ_NOW` or the real clock.
  func today(_ options: StateOptions) throws(UsageError) -> Day {
    try dayClock(options).day(for: clock()())
  }

  /// The decks that `options` name, their problems printed to standard error.
  func loadDecks(_ options: DeckOptions) throws(UsageError) -> DeckCollection {
    let collection = try options.load(in: environment, command: command)
    for diagnostic in collection.diagnostics { console.printError(diagnostic.description) }
    return collection
  }

  /// The cards `headings` names, with their content, read from `collection`; nil, after saying
  /// which card could not be read (its file and line) and why, on a failure.
  func read(_ headings: some Collection<CardHeading>, from collection: DeckCollection) -> [Card]? {
    do {
      return try collection.cards(headings)
    } catch {
      console.failure(error)
      return nil
    }
  }

  /// The state folder opened for reading, without the lock: a missing folder is no reviews yet.
  /// Warnings go to standard error; on a failure, the message (which names the file) goes
  /// there, and the result is nil.
  func openForReading(_ options: StateOptions) throws(UsageError) -> ReviewStore? {
    let kind = try options.schedulerKind(in: environment, command: command)
    let scheduler: any ReviewScheduler
    do {
      scheduler = try options.scheduler(kind, in: environment)
    } catch {
      console.failure(error)
      return nil
    }
    return openForReading(options, under: scheduler)
  }

  /// The state folder opened for reading as ``openForReading(_:)`` does, its states those of
  /// `scheduler` whatever the options say; its warnings said only when `warns`.
  func openForReading(
    _ options: StateOptions, under scheduler: any ReviewScheduler, warns: Bool = true
  ) -> ReviewStore? {
    do {
      let store = try ReviewStore.openReadOnly(
        folder: options.folderURL(in: environment), scheduler: scheduler)
      if warns { for warning in store.warnings { console.warning(warning) } }
      return store
    } catch {
      console.failure(error)
      return nil
    }
  }

  /// The state folder opened for writing, with the lock; nil (after saying why) on a failure.
  func openForWriting(_ options: StateOptions, now: @escaping @Sendable () -> Date)
    throws(UsageError) -> ReviewStore?
  {
    let dayClock = try dayClock(options)
    let kind = try options.schedulerKind(in: environment, command: command)
    do {
      let scheduler = try options.scheduler(kind, in: environment)
      let store = try ReviewStore.open(
        folder: options.folderURL(in: environment), dayClock: dayClock, now: now,
        makeID: environment.makeID, scheduler: scheduler)
      for warning in store.warnings { console.warning(warning) }
      return store
    } catch {
      console.failure(error)
      return nil
    }
  }

  /// The style of standard output: colour only on a terminal, unless `--no-color`, `NO_COLOR`
  /// (set and not empty) or `color = no` in the config file says otherwise.
  func style(noColor: Bool) -> Style {
    let color =
      (try? environment.value(of: Settings.color, option: noColor ? false : nil, command: command))
      ?? true
    return Style(usesColor: environment.outputIsTerminal && color)
  }

  /// Fails with a usage error unless the card `id` is in a deck of `options` or has a review
  /// history in `store`.
  func requireCard(_ id: String, in store: ReviewStore, or options: DeckOptions) throws(UsageError)
  {
    guard store.state(of: id) == nil else { return }
    let collection = try options.load(in: environment, command: command)
    guard collection.cards.contains(where: { $0.id == id }) else {
      throw UsageError(
        "no card has the id '\(id)': it is in no deck and has no review history",
        command: command)
    }
  }
}
