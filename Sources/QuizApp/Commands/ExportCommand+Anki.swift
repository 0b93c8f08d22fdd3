import AnkiPackage
import Basics
import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

extension ExportCommand {
  /// Writes the selected cards, their scheduling and their review log as an Anki package.
  func exportPackage(
    _ selection: CommandContext.Selection, to output: String, now: Date,
    in context: CommandContext
  ) throws(UsageError) -> ExitCode {
    let console = context.console
    let dayClock = try context.dayClock(options.state)
    let titles = Dictionary(
      selection.collection.decks.map { ($0.name, $0.title) }, uniquingKeysWith: { a, _ in a })
    guard let cards = context.read(selection.cards, from: selection.collection) else {
      return .failure
    }
    let collection: AnkiCollection
    do {
      // The journal's reviews go straight into the review log, never held as events; the
      // collection is a scratch file until it is whole, so damage may be found late.
      let store = selection.store
      collection = try AnkiExport.collection(
        cards: cards, titles: titles, state: store.state,
        reviews: { (visit) throws(StateError) in
          try store.forEachReviewInEffect(findingDamageFirst: false, visit)
        }, now: now, today: selection.today,
        dayStart: AnkiExport.dayStart(of: dayClock, at: now),
        // Under FSRS, its memory of each card and the weights it has in use.
        fsrs: (store.scheduler as? FSRSReviewScheduler)?.scheduler.parameters)
    } catch {
      console.failure(error)
      return .failure
    }
    var packagingError: AnkiPackageError?
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(to: output, replacing: force) { temporary in
        do throws(AnkiPackageError) {
          try AnkiPackageWriter().write(collection, toNewFileAt: temporary)
          return true
        } catch {
          packagingError = error
          return false
        }
      }
    } catch {
      if let packagingError {
        console.failure("\(output): \(packagingError.description)")
      } else {
        console.failure(error.message(for: output))
      }
      return .failure
    }
    console.print(
      "\(output): \(ReportText.count(collection.notes.count, "card")) and "
        + "\(ReportText.count(collection.reviews.count, "review")) for Anki")
    return selection.collection.errors.isEmpty ? .success : .failure
  }
}
