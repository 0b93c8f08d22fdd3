import Foundation
import Scheduler

extension StateOptions {
  /// Opens the state folder for reading, without the lock: a missing folder is an empty state
  /// (no reviews yet). Warnings go to standard error; on a failure the message, which names the
  /// file, goes there too, and the result is nil.
  func openForReading(in environment: Environment, console: Console) -> ReviewStore? {
    do {
      let store = try ReviewStore.openReadOnly(folder: folderURL(in: environment))
      for warning in store.warnings { console.warning(warning) }
      return store
    } catch {
      console.failure(error)
      return nil
    }
  }
}

extension Style {
  /// The style for a report on standard output: colour only on a terminal, when `NO_COLOR` is
  /// unset or empty and `--no-color` was not given.
  static func forReport(in environment: Environment, noColor: Bool) -> Style {
    let disabled = !(environment.variables["NO_COLOR"] ?? "").isEmpty
    return Style(usesColor: environment.outputIsTerminal && !disabled && !noColor)
  }
}
