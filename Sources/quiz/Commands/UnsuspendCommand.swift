import CardDeck
import Foundation
import Scheduler

/// `quiz unsuspend`: brings a suspended card back into reviews.
struct UnsuspendCommand {
  var environment: Environment
  var console: Console

  static let help = """
    Usage: quiz unsuspend ID [options]

    Brings the suspended card ID back into reviews, with the progress it had. 'quiz export'
    lists the suspended cards.

    Options:
    \(DeckOptions.help)
    \(StateOptions.help)
      -h, --help       Show this help.
    """

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    let command = arguments.command
    let deckOptions = try DeckOptions(&arguments, filters: false)
    let stateOptions = try StateOptions(&arguments)
    let ids = arguments.positionals()
    try arguments.finish()
    guard ids.count == 1, let id = ids.first else {
      throw UsageError(
        ids.isEmpty
          ? "name the card to bring back, by its id"
          : "unsuspend one card at a time, not \(ids.count)",
        command: command)
    }
    let now = try environment.clock(command: command)
    let dayClock = try stateOptions.dayClock(in: environment, command: command)

    // Look first without the lock, so that a card that needs nothing changes nothing.
    guard let reader = stateOptions.openForReading(in: environment, console: console) else {
      return .failure
    }
    guard reader.isSuspended(id) else {
      if reader.state(of: id) == nil {
        let collection = try deckOptions.load(in: environment, command: command)
        guard collection.cards.contains(where: { $0.id == id }) else {
          throw UsageError(
            "no card has the id '\(id)': it is in no deck and has no review history",
            command: command)
        }
      }
      console.print("\(id) is not suspended; nothing to do.")
      return .success
    }
    do {
      let store = try ReviewStore.open(
        folder: stateOptions.folderURL(in: environment), dayClock: dayClock, now: now)
      for warning in store.warnings { console.warning(warning) }
      if try store.unsuspend(id) {
        let today = dayClock.day(for: now())
        let due = store.state(of: id).map { state in
          state.isDue(on: today) ? "it is due now" : "it is due on \(state.due)"
        }
        console.print("\(id) is back in reviews" + (due.map { "; \($0)." } ?? ", as a new card."))
      } else {
        console.print("\(id) is not suspended; nothing to do.")
      }
      try store.close()
    } catch {
      console.failure(error)
      return .failure
    }
    return .success
  }
}
