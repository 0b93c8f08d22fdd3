import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
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
    arguments: CardArguments.arguments, options: CardArguments.options,
    examples: [("quiz unsuspend l23-sheet-detents", "Bring that card back, with its progress.")])

  var card: CardArguments

  init(_ arguments: ParsedArguments) throws(UsageError) {
    card = try CardArguments(arguments, purpose: "bring back")
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let now = try context.clock()
    let dayClock = try context.dayClock(card.state)

    // Look first without the lock, so that a card that needs nothing changes nothing.
    guard let reader = try context.openForReading(card.state) else { return .failure }
    guard reader.isSuspended(card.id) else {
      try context.requireCard(card.id, in: reader, or: card.decks)
      console.print("\(card.id) is not suspended; nothing to do.")
      return .success
    }
    guard let store = try context.openForWriting(card.state, now: now) else { return .failure }
    do {
      if try store.unsuspend(card.id) {
        let today = dayClock.day(for: now())
        let due = store.state(of: card.id).map { state in
          state.isDue(on: today) ? "it is due now" : "it is due on \(state.due)"
        }
        console.print(
          "\(card.id) is back in reviews" + (due.map { "; \($0)." } ?? ", as a new card."))
      } else {
        console.print("\(card.id) is not suspended; nothing to do.")
      }
      try store.close()
    } catch {
      console.failure(error)
      return .failure
    }
    return .success
  }
}
