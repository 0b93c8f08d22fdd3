import FoundationEssentials
import Glibc

/// Writes a whole file at once: into a temporary file in the same folder, flushed to the disk,
/// then moved into place, so that the file is either as it was or complete, never half written.
enum AtomicFile {
  /// Why a file was not written; the file, if it existed, is unchanged.
  enum Failure: Error, Equatable {
    /// The file exists and replacing it was not allowed.
    case exists
    /// A system call failed, for this reason.
    case failed(String)
    /// The producer of the bytes gave up (it says why); nothing was written.
    case abandoned

    /// A message for standard error that names the file.
    func message(for path: String) -> String {
      switch self {
      case .exists: "\(path): already exists; pass --force to replace it"
      case .failed(let reason): "\(path): cannot be written: \(reason)"
      case .abandoned: "\(path): not written"
      }
    }
  }

  /// Writes `data` to `path`. Without `replacing`, an existing file is left alone and the call
  /// fails with ``Failure/exists``, even when the file appears while `data` is being written.
  static func write(_ data: Data, to path: String, replacing: Bool) throws(Failure) {
    try write(to: path, replacing: replacing) {
      $0(data)
      return true
    }
  }

  /// Writes what `produce` hands its argument, a piece at a time, to `path`, as
  /// ``write(_:to:replacing:)`` writes one piece: whole or not at all. After a write fails, the
  /// pieces that follow are dropped, and the call throws that failure. When `produce` returns
  /// false, it gave up: nothing is written, and the call throws ``Failure/abandoned``.
  static func write(
    to path: String, replacing: Bool, producing produce: (_ write: (Data) -> Void) -> Bool
  ) throws(Failure) {
    try write(to: path, replacing: replacing) { (temporary) throws(Failure) in
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      guard descriptor >= 0 else { throw .failed(lastError()) }
      defer { close(descriptor) }
      var failure: String?
      let isComplete = produce { data in
        guard failure == nil else { return }
        data.withUnsafeBytes { buffer in
          var written = 0
          while written < buffer.count {
            let count = Glibc.write(
              descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0 {
              if errno == EINTR { continue }
              failure = lastError()
              return
            }
            written += count
          }
        }
      }
      if let failure { throw .failed(failure) }
      return isComplete
    }
  }

  /// Has `create` make the file at a temporary path beside `path` (a new file; whatever it
  /// leaves there is removed if it fails or gives up by returning false, which throws
  /// ``Failure/abandoned``), then flushes it to the disk and moves it into place as
  /// ``write(_:to:replacing:)`` does: for a library that writes a file itself.
  static func write(
    to path: String, replacing: Bool, creating create: (_ temporary: String) throws(Failure) -> Bool
  ) throws(Failure) {
    let target = URL(fileURLWithPath: path)
    let folder = target.deletingLastPathComponent().path
    if !replacing && exists(path) { throw .exists }
    sweep(folder, name: target.lastPathComponent)
    // The writer's pid in the name: what a writer killed before it could clean up leaves is
    // known by it, and removed by the next writer of the same file.
    let temporary = folder.joiningPath(
      temporaryPrefix(for: target.lastPathComponent)
        + "\(getpid())-\(UUID().uuidString.lowercased())")
    let isComplete: Bool
    do throws(Failure) {
      isComplete = try create(temporary)
    } catch {
      unlink(temporary)
      throw error
    }
    guard isComplete else {
      unlink(temporary)
      throw .abandoned
    }
    let descriptor = open(temporary, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = lastError()
      unlink(temporary)
      throw .failed(reason)
    }
    let synced = fsync(descriptor) == 0
    let reason = lastError()
    close(descriptor)
    guard synced else {
      unlink(temporary)
      throw .failed(reason)
    }
    if replacing {
      try move(temporary, to: path)
    } else if link(temporary, path) == 0 {
      // A hard link cannot replace a file, so no file that appeared meanwhile is lost.
      unlink(temporary)
    } else if errno == EEXIST {
      unlink(temporary)
      throw .exists
    } else {
      // A file system without hard links (FAT, some network shares): check, then rename.
      if exists(path) {
        unlink(temporary)
        throw .exists
      }
      try move(temporary, to: path)
    }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// The start of the names of the temporary files written for the file `name`; a library
  /// writing one may add to its name (libzip, SQLite's scratch files).
  static func temporaryPrefix(for name: String) -> String {
    ".\(name).quiz-tmp-"
  }

  /// Removes the regular files in `folder` that writers of the file `name` left when they were
  /// killed (`kill -9` in the middle of an export of 5 MB): named for it by a process that no
  /// longer runs.
  static func sweep(_ folder: String, name: String) {
    let prefix = temporaryPrefix(for: name)
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where entry.hasPrefix(prefix) {
      let rest = entry.dropFirst(prefix.count)
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard rest.dropFirst(digits.count).first == "-", let pid = pid_t(digits), pid > 0,
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let path = folder.joiningPath(entry)
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      unlink(path)
    }
  }

  private static func move(_ temporary: String, to path: String) throws(Failure) {
    guard rename(temporary, path) == 0 else {
      let reason = lastError()
      unlink(temporary)
      throw .failed(reason)
    }
  }

  /// Whether anything, even a dangling symbolic link, is at `path`.
  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
