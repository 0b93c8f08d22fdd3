import Basics
import FoundationEssentials
import Glibc
import Scheduler

/// Why the review state could not be read or written. Whenever one is thrown, no file was
/// changed by the call that threw it.
public enum StateError: Error, Equatable, Sendable {
  /// Another process holds the folder's lock; `pid` is its process id, if it wrote one.
  case locked(folder: URL, pid: Int32?)
  /// A file, or a line of the journal, has a format newer than this build reads.
  case newerVersion(file: URL, line: Int?, found: Int, supported: Int)
  /// `state.json` is not a snapshot: not JSON, cut short, or a value of the wrong type.
  case unreadableSnapshot(file: URL, reason: String)
  /// `fsrs-parameters.json` is not FSRS parameters quiz wrote: not JSON, a key missing, a weight
  /// out of its bounds; `line` is where, when known.
  case unreadableParameters(file: URL, line: Int?, reason: String)
  /// A line of the journal, other than a torn last one, is not an event.
  case malformedJournalLine(file: URL, line: Int, reason: String)
  /// `state.json` covers events that the journal does not hold: the journal was replaced by an
  /// older copy, or cut short.
  case snapshotAheadOfJournal(snapshot: URL, journal: URL)
  /// The folder to merge from has no journal.
  case missingJournal(URL)
  /// The store was opened read-only, or closed, or an earlier write failed, and cannot write.
  case notWritable(folder: URL, reason: String)
  /// A system call failed.
  case io(file: URL, operation: String, code: Int32)
  /// A file of the state folder is a symbolic link, or not a regular file (a FIFO, a device, a
  /// folder): quiz neither follows nor opens it, since another user may have planted it.
  case notRegularFile(file: URL, found: String)
  /// The state folder belongs to another user, or others may write in it.
  case unsafeFolder(folder: URL, reason: String)
}

extension StateError: CustomStringConvertible {
  /// A message for the user that names the file and what is wrong with it.
  public var description: String {
    // Reasons come from decoders and the system, some with a closing period of their own.
    func clause(_ reason: String) -> String {
      reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    }
    switch self {
    case .locked(let folder, let pid):
      let who = pid.map { "Another quiz session (process \($0))" } ?? "Another quiz session"
      return "\(who) is using the review state in \(folder.path); finish that session first."
    case .newerVersion(let file, let line, let found, let supported):
      let place = line.map { "\(file.path):\($0)" } ?? file.path
      return "\(place) was written by a newer quiz (format version \(found); this quiz reads "
        + "up to \(supported)). Update quiz; the file was left as it is."
    case .unreadableSnapshot(let file, let reason):
      return
        "\(file.path) is unreadable: \(clause(reason)). It was left as it is; moving it away makes "
        + "quiz rebuild it from reviews.jsonl."
    case .unreadableParameters(let file, let line, let reason):
      let place = line.map { "\(file.path):\($0)" } ?? file.path
      return "\(place) is not FSRS parameters: \(clause(reason)). It was left as it is; move it "
        + "away to schedule with FSRS's default weights, and fit new ones with 'quiz fsrs fit "
        + "--save'."
    case .malformedJournalLine(let file, let line, let reason):
      return
        "\(file.path):\(line) is not a journal entry: \(clause(reason)). The file was left as it is."
    case .snapshotAheadOfJournal(let snapshot, let journal):
      return "\(snapshot.path) covers reviews that \(journal.path) does not hold: the journal was "
        + "replaced by an older copy or cut short. Both files were left as they are. Restore the "
        + "journal from a backup or the other machine if you can; else move state.json away, "
        + "and quiz rebuilds the state from the journal as it is (the reviews it lacks are lost)."
    case .missingJournal(let url):
      return "\(url.path) does not exist: there is no review journal to merge there."
    case .notWritable(let folder, let reason):
      return "Cannot write the review state in \(folder.path): \(clause(reason))."
    case .io(let file, let operation, let code):
      return "\(file.path): could not \(operation): \(String(cString: strerror(code)))."
    case .notRegularFile(let file, let found):
      return "\(file.path) is \(found), not a regular file; quiz does not open it. Move it away "
        + "if you did not put it there."
    case .unsafeFolder(let folder, let reason):
      return "\(folder.path) is not safe for the review state: \(clause(reason)). Use a folder of "
        + "your own (--state DIR), or fix its owner and permissions."
    }
  }
}

/// The files of the state folder, opened so that their failures are ``StateError``s.
typealias StateFile = OpenFile<StateError>

extension StateError: FileFailure {}
