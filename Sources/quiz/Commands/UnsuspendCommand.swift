import CardDeck
import CommandLineKit
import Foundation
import Scheduler

/// `quiz unsuspend`: brings a suspended card back into reviews.
struct UnsuspendCommand: Command {
  static let declaration = CommandDeclaration(
    name: "unsuspend",
    summary: "Bring a suspended card back into reviews.",
    discussion: """
      Brings the suspended card ID back into reviews, with the progress it had. 'quiz export' \
      lists the suspended cards.
      """,
    arguments: [ArgumentDeclaration(name: "ID", help: "The card's id.", completion: .cards)],
    options: [DeckOptions.folderOption] + StateOptions.options,
    examples: [("quiz unsuspend l23-sheet-detents", "Bring that card back, with its progress.")])

  var deckOptions: DeckOptions
  var stateOptions: StateOptions
  var id: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    deckOptions = try DeckOptions(arguments, filters: false)
    stateOptions = try StateOptions(arguments)
    id = try arguments.onlyPositional(
      missing: "name the card to bring back, by its id",
      tooMany: { "unsuspend one card at a time, not \($0)" })
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let now = try context.clock()
    let dayClock = try context.dayClock(stateOptions)

    // Look first without the lock, so that a card that needs nothing changes nothing.
    guard let reader = context.openForReading(stateOptions) else { return .failure }
    guard reader.isSuspended(id) else {
      try context.requireCard(id, in: reader, or: deckOptions)
      console.print("\(id) is not suspended; nothing to do.")
      return .success
    }
    guard let store = try context.openForWriting(stateOptions, now: now) else { return .failure }
    do {
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
