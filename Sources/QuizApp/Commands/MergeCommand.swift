import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz merge`: folds another state folder's reviews into this one.
struct MergeCommand: Command {
  static let declaration = CommandDeclaration(
    name: "merge",
    summary: "Fold in the reviews of another state folder (another machine's).",
    discussion: """
      Folds the reviews of another state folder, OTHER (another machine's, copied here), into \
      this one: every grade, undo and suspension that this folder lacks, each once, in time \
      order. OTHER is only read. Merging the same folder again adds nothing, so no review ever \
      counts twice. The journal as it was is kept as reviews-before-merge-….jsonl.
      """,
    arguments: [
      ArgumentDeclaration(
        name: "OTHER", help: "The state folder to merge from.", completion: .folders)
    ],
    options: StateOptions.options,
    examples: [("quiz merge ~/laptop-quiz-state", "Fold in the laptop's reviews.")])

  var stateOptions: StateOptions
  var path: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    stateOptions = try StateOptions(arguments)
    path = try arguments.onlyPositional(
      missing: "name the state folder to merge from",
      tooMany: { "merge one folder at a time, not \($0)" })
    if path.isEmpty {
      throw UsageError(
        "name the state folder to merge from, not an empty name", command: arguments.command)
    }
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    let now = try context.clock()
    var other = URL(fileURLWithPath: path)
    if other.lastPathComponent == "reviews.jsonl" { other = other.deletingLastPathComponent() }
    // Checked before this folder is opened, which would create it.
    let journal = other.appending(path: "reviews.jsonl")
    guard FileManager.default.fileExists(atPath: journal.path) else {
      console.failure(StateError.missingJournal(journal))
      return .failure
    }

    guard let store = try context.openForWriting(stateOptions, now: now) else { return .failure }
    do {
      let known = Set(try store.journalEvents().map(\.id))
      let warningsBefore = store.warnings.count
      let report = try store.merge(from: other)
      for warning in store.warnings.dropFirst(warningsBefore) { console.warning(warning) }
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
    var counts = (
      reviews: 0, undos: 0, suspensions: 0, unsuspensions: 0, imports: 0, history: 0
    )
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
      case .imported: counts.imports += 1
      case .history: counts.history += 1
      case .tornLine: break
      }
    }
    let parts = [
      (counts.reviews, "review"), (counts.undos, "undo"), (counts.suspensions, "suspension"),
      (counts.unsuspensions, "unsuspension"), (counts.imports, "imported state"),
      (counts.history, "imported review"),
    ].filter { $0.0 > 0 }.map { ReportText.count($0.0, $0.1) }
    return parts.isEmpty ? ReportText.count(events.count, "event") : ReportText.list(parts)
  }
}
