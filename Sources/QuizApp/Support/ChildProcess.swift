import FoundationEssentials
import Glibc

/// A program run to its end with quiz's terminal and environment: what `:edit` opens the editor
/// with. `posix_spawn` rather than Foundation's `Process`, which would bring libFoundation and ICU
/// into every start (docs/performance.md).
enum ChildProcess {
  /// Why the program could not be started: the system's reason.
  struct Failure: Error, Equatable {
    var reason: String
  }

  /// Runs `path` with `arguments` (after its own name), waits for it, and gives its exit status,
  /// or 128 plus the signal that ended it, as a shell does. The child gets quiz's standard
  /// input, output and error and no other descriptor (a state folder's lock must not outlive
  /// quiz in an editor's server), and default signal handling with nothing blocked.
  static func run(_ path: String, _ arguments: [String]) throws(Failure) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in openDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGWINCH] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var child: pid_t = 0
    let started = posix_spawn(&child, path, &actions, &attributes, argv, environ)
    guard started == 0 else { throw Failure(reason: String(cString: strerror(started))) }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { throw Failure(reason: String(cString: strerror(errno))) }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import from their macros.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// The descriptors open in quiz, from `/proc/self/fd` (Swift does not import
  /// `posix_spawn_file_actions_addclosefrom_np`).
  private static func openDescriptors() -> [Int32] {
    guard let folder = opendir("/proc/self/fd") else { return [] }
    defer { closedir(folder) }
    var descriptors: [Int32] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let descriptor = Int32(name), descriptor != dirfd(folder) {
        descriptors.append(descriptor)
      }
    }
    return descriptors
  }
}
