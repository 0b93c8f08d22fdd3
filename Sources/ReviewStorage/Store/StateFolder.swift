import Basics
import FoundationEssentials
import Scheduler

/// The files of a state folder.
struct StateFolder {
  /// Prefix of the temporary files written before a rename; such a file left by a crash is
  /// never read.
  static let temporaryPrefix = ".quiz-tmp-"

  let url: URL

  var journal: URL { url.appending(path: "reviews.jsonl") }
  var snapshot: URL { url.appending(path: "state.json") }
  /// The snapshot in binary form, read instead of `state.json` when it was made from it
  /// (``SnapshotSidecar``).
  var sidecar: URL { url.appending(path: "state.bin") }
  var lock: URL { url.appending(path: "lock") }
  /// Where the days begin in the journal, for `quiz stats` (``JournalDayIndex``).
  var dayIndex: URL { url.appending(path: "journal-index.bin") }

  /// A fresh name for a temporary file that will be renamed to `final`.
  func temporaryFile(for final: URL) -> URL {
    url.appending(
      path: StateFolder.temporaryPrefix + final.lastPathComponent + "-" + UUID().journalText)
  }

  /// The temporary files left behind by crashed writers.
  func strayTemporaryFiles() -> [URL] {
    let names = (try? Folder.names(in: url.path).get()) ?? []
    return names.filter { $0.hasPrefix(StateFolder.temporaryPrefix) }.map {
      url.appending(path: $0)
    }
  }
}
