import Basics
import FoundationEssentials
import Glibc
import Scheduler

/// The exclusive `flock(2)` on a state folder's `lock` file, held for a writer's lifetime.
///
/// The lock goes with the open file description, so the kernel drops it when the process dies,
/// however it dies: a crash never leaves the folder locked. The holder writes its pid into the
/// file only so that a refused writer can say who holds it.
final class FolderLock {
  private let file: StateFile

  /// Takes the lock, or throws ``StateError/locked(folder:pid:)`` at once if another holds it.
  init(_ folder: StateFolder) throws(StateError) {
    let file = try StateFile(folder.lock, flags: O_RDWR | O_CREAT)
    guard Self.lock(file.descriptor) == 0 else {
      let code = errno
      guard code == EWOULDBLOCK else {
        throw .io(file: folder.lock, operation: "lock it", code: code)
      }
      let text = String(decoding: (try? file.read(from: 0)) ?? Data(), as: UTF8.self)
      let words = text.split(whereSeparator: \.isWhitespace)
      let pid = words.count == 1 ? Int32(words[0]) : nil
      throw .locked(folder: folder.url, pid: pid)
    }
    // The pid is a courtesy for the message above; failing to write it is no reason to stop.
    _ = ftruncate(file.descriptor, 0)
    try? file.write(Data("\(getpid())\n".utf8))
    self.file = file
  }

  /// `flock(LOCK_EX | LOCK_NB)`, tried again for up to a fifth of a second before giving up.
  ///
  /// A lock that its holder has just released can still look held for a moment: a child that
  /// another thread of the holder is starting shares the holder's open files until it calls
  /// exec, and with them the lock. A real second session holds it for much longer than this.
  private static func lock(_ descriptor: Int32) -> Int32 {
    for _ in 0..<20 {
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return 0 }
      guard errno == EWOULDBLOCK else { return -1 }
      usleep(10_000)
    }
    errno = EWOULDBLOCK
    return -1
  }
}
