import FoundationEssentials
import Glibc

/// The system's words for why a file operation failed, as `strerror` gives them.
enum SystemReason {
  /// `strerror`'s text of the `errno` under `error` (FoundationEssentials' `FileManager` throws a
  /// `CocoaError` that holds it), else the error's own description.
  static func text(of error: any Error) -> String {
    if let posix = error as? POSIXError {
      return String(cString: strerror(posix.code.rawValue))
    }
    if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
      return String(cString: strerror(posix.code.rawValue))
    }
    return String(describing: error)
  }

}
