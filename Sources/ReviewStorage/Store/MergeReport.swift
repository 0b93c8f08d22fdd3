import FoundationEssentials
import Scheduler

/// What ``ReviewStore/merge(from:)`` did.
public struct MergeReport: Equatable, Sendable {
  /// How many events came from the other folder; 0 when it had nothing new, and then no file
  /// was changed.
  public var added: Int
  /// How many events the journal holds now.
  public var total: Int
  /// Where the journal as it was before the merge was kept, if it was rewritten.
  public var backup: URL?

  /// A report with these values.
  public init(added: Int, total: Int, backup: URL?) {
    self.added = added
    self.total = total
    self.backup = backup
  }
}
