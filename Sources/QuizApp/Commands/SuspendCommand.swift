import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz suspend`: takes a card out of reviews, keeping its progress.
struct SuspendCommand: Command {
  static let declaration = CommandDeclaration(
    name: "suspend",
    summary: "Take a card out of reviews, keeping its progress.",
    discussion: """
      Takes the card ID out of reviews and drills until 'quiz unsuspend ID' brings it back, with \
      the progress it had. The same as :suspend during a session.
      """,
    arguments: CardArguments.arguments, options: CardArguments.options,
    examples: [("quiz suspend l23-sheet-detents", "Stop reviewing that card for now.")])

  var card: CardArguments

  init(_ arguments: ParsedArguments) throws(UsageError) {
    card = try CardArguments(arguments, purpose: "suspend")
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let now = try context.clock()
    // Look first without the lock, so that a card that needs nothing changes nothing.
    guard let reader = try context.openForReading(card.state) else { return .failure }
    try context.requireCard(card.id, in: reader, or: card.decks)
    guard !reader.isSuspended(card.id) else {
      console.print("\(card.id) is already suspended; nothing to do.")
      return .success
    }
    guard let store = try context.openForWriting(card.state, now: now) else { return .failure }
    do {
      try store.suspend(card.id)
      try store.close()
    } catch {
      console.failure(error)
      return .failure
    }
    console.print("Suspended \(card.id); 'quiz unsuspend \(card.id)' brings it back.")
    return .success
  }
}
