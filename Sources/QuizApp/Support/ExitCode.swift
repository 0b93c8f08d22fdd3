/// How quiz ends: the process's exit status.
public enum ExitCode: Int32, Equatable {
  /// Everything worked.
  case success = 0
  /// Something failed: bad decks, a file that cannot be written.
  case failure = 1
  /// quiz was called the wrong way.
  case usage = 64
}
