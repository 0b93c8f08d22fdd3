import Foundation
import Scheduler

/// `quiz merge`: folds another state folder's reviews into this one.
struct MergeCommand {
  var environment: Environment
  var console: Console

  static let help = """
    Usage: quiz merge OTHER [options]

    Folds the reviews of another state folder, OTHER (another machine's, copied here), into
    this one: every grade, undo and suspension that this folder lacks, each once, in time
    order. OTHER is only read. Merging the same folder again adds nothing, so no review ever
    counts twice. The journal as it was is kept as reviews-before-merge-….jsonl.

    Options:
    \(StateOptions.help)
      -h, --help       Show this help.
    """

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    let command = arguments.command
    let stateOptions = try StateOptions(&arguments)
    let folders = arguments.positionals()
    try arguments.finish()
    guard folders.count == 1, let path = folders.first else {
      throw UsageError(
        folders.isEmpty
          ? "name the state folder to merge from"
          : "merge one folder at a time, not \(folders.count)",
        command: command)
    }
    let now = try environment.clock(command: command)
    let dayClock = try stateOptions.dayClock(in: environment, command: command)
    var other = URL(fileURLWithPath: path)
    if other.lastPathComponent == "reviews.jsonl" { other = other.deletingLastPathComponent() }
    // Checked before this folder is opened, which would create it.
    let journal = other.appending(path: "reviews.jsonl")
    guard FileManager.default.fileExists(atPath: journal.path) else {
      console.failure(StateError.missingJournal(journal))
      return .failure
    }

    do {
      let store = try ReviewStore.open(
        folder: stateOptions.folderURL(in: environment), dayClock: dayClock, now: now)
      let known = Set(try store.journalEvents().map(\.id))
      let report = try store.merge(from: other)
      for warning in store.warnings { console.warning(warning) }
      if report.added == 0 {
        console.print(
          "Nothing new in \(other.path): the journal still holds "
            + "\(ReportText.count(report.total, "event")).")
      } else {
        let added = try store.journalEvents().filter { !known.contains($0.id) }
        console.print("Added \(Self.describe(added)) from \(other.path).")
        let reviewed = store.state.cards.count
        console.print(
          "The journal now holds \(ReportText.count(report.total, "event")); "
            + "\(ReportText.count(reviewed, "card has", plural: "cards have")) a review history.")
        if let backup = report.backup {
          console.print("The journal as it was is kept as \(backup.path).")
        }
      }
      try store.close()
    } catch {
      console.failure(error)
      return .failure
    }
    return .success
  }

  /// `3 reviews, 1 undo and 1 suspension`.
  static func describe(_ events: [JournalEvent]) -> String {
    var counts = (reviews: 0, undos: 0, suspensions: 0, unsuspensions: 0)
    for event in events {
      switch event {
      case .review: counts.reviews += 1
      case .undo: counts.undos += 1
      case .suspension(let suspension):
        if suspension.isSuspended {
          counts.suspensions += 1
        } else {
          counts.unsuspensions += 1
        }
      case .tornLine: break
      }
    }
    let parts = [
      (counts.reviews, "review"), (counts.undos, "undo"), (counts.suspensions, "suspension"),
      (counts.unsuspensions, "unsuspension"),
    ].filter { $0.0 > 0 }.map { ReportText.count($0.0, $0.1) }
    return parts.isEmpty ? ReportText.count(events.count, "event") : ReportText.list(parts)
  }
}
