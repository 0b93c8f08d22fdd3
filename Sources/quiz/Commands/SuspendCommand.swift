import CommandLineKit
import Foundation
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
    arguments: [ArgumentDeclaration(name: "ID", help: "The card's id.", completion: .cards)],
    options: [DeckOptions.folderOption] + StateOptions.options,
    examples: [("quiz suspend l23-sheet-detents", "Stop reviewing that card for now.")])

  var deckOptions: DeckOptions
  var stateOptions: StateOptions
  var id: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    deckOptions = try DeckOptions(arguments, filters: false)
    stateOptions = try StateOptions(arguments)
    id = try arguments.onlyPositional(
      missing: "name the card to suspend, by its id",
      tooMany: { "suspend one card at a time, not \($0)" })
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let now = try context.clock()
    // Look first without the lock, so that a card that needs nothing changes nothing.
    guard let reader = context.openForReading(stateOptions) else { return .failure }
    try context.requireCard(id, in: reader, or: deckOptions)
    guard !reader.isSuspended(id) else {
      console.print("\(id) is already suspended; nothing to do.")
      return .success
    }
    guard let store = try context.openForWriting(stateOptions, now: now) else { return .failure }
    do {
      try store.suspend(id)
      try store.close()
    } catch {
      console.failure(error)
      return .failure
    }
    console.print("Suspended \(id); 'quiz unsuspend \(id)' brings it back.")
    return .success
  }
}
