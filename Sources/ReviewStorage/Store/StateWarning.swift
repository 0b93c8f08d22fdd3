import FoundationEssentials
import Scheduler

/// Something wrong that was worked around while loading or writing, for the user to know about.
public enum StateWarning: Equatable, Sendable {
  /// The journal's last line was cut short (a crash while writing it) and was skipped.
  case tornLastLine(file: URL, line: Int)
  /// The journal's last line is whole, or longer than any event, but not an event quiz reads
  /// (planted by hand or by another tool, not torn by a crash), and was skipped.
  case invalidLastLine(file: URL, line: Int, reason: String)
  /// `state.json` did not match the journal, so the whole journal was replayed instead.
  case staleSnapshot(file: URL, reason: String)
  /// A merge left out lines of a journal that were torn or marked as torn.
  case droppedTornLines(file: URL, count: Int)
  /// Rewriting `state.json` failed, after a grade or when opening the folder; the next open
  /// replays a longer journal, nothing is lost.
  case compactionFailed(reason: String)
  /// The journal holds some events more than once (a naive copy, a sync tool's merge); each was
  /// counted once.
  case duplicateEvents(file: URL, count: Int)
}

extension StateWarning: CustomStringConvertible {
  /// A message for the user that names the file.
  public var description: String {
    switch self {
    case .tornLastLine(let file, let line):
      "\(file.path):\(line) was cut short, probably by a crash while it was written; it was "
        + "skipped, and the file left as it is."
    case .invalidLastLine(let file, let line, let reason):
      "\(file.path):\(line) is not an event quiz reads (\(reason)), though nothing cut it short; "
        + "it was skipped, and the file left as it is."
    case .staleSnapshot(let file, let reason):
      "\(file.path) did not match the journal (\(reason)); the review state was rebuilt from "
        + "the whole journal."
    case .droppedTornLines(let file, let count):
      "The merge left out \(count) torn line\(count == 1 ? "" : "s") of \(file.path)."
    case .compactionFailed(let reason):
      "Could not update state.json (\(reason)); the grades are safe in reviews.jsonl."
    case .duplicateEvents(let file, let count):
      "\(file.path) holds \(count) event\(count == 1 ? "" : "s") twice, as a copy or a sync tool "
        + "can leave it; each was counted once. The file was left as it is."
    }
  }
}
