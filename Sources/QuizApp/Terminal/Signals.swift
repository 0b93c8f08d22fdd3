import FoundationEssentials
import Glibc

/// The last of SIGINT, SIGTERM or SIGHUP to arrive, or 0. Written only by the signal handler.
nonisolated(unsafe) var receivedSignal: Int32 = 0

/// Catches Ctrl-C, SIGTERM and SIGHUP so that a session can end cleanly: save, restore the
/// terminal, print the summary.
enum Signals {
  /// The signals that end a session.
  static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Installs a handler that only records the signal. Without SA_RESTART, so that a blocking
  /// read or poll returns EINTR and the reader can notice.
  static func install() {
    // A parent may start quiz with these blocked (threads of test runners do); unblock them.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in ending { sigaddset(&unblock, signal) }
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    for signal in ending {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { receivedSignal = $0 }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
  }

  /// Whether an ending signal has arrived.
  static var hasArrived: Bool { receivedSignal != 0 }
}
