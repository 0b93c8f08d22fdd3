import FoundationEssentials
import Glibc

/// Writes a whole file at once: into a temporary file in the same folder, flushed to the disk,
/// then moved into place, so that the file is either as it was or complete, never half written.
/// Every file quiz replaces is written here: the review state, the deck cache, exports, decks.
public enum AtomicFile {
  /// Why a file was not written; the file, if it existed, is unchanged.
  public enum Failure: Error, Equatable {
    /// The file exists and replacing it was not allowed.
    case exists
    /// A system call failed: what it was to do, and its `errno`.
    case failed(operation: String, code: Int32)
    /// The producer of the bytes gave up (it says why); nothing was written.
    case abandoned

    /// A message for standard error that names the file.
    public func message(for path: String) -> String {
      switch self {
      case .exists: "\(path): already exists; pass --force to replace it"
      case .failed(_, let code): "\(path): cannot be written: \(String(cString: strerror(code)))"
      case .abandoned: "\(path): not written"
      }
    }
  }

  /// How a file is written.
  public struct Options: Sendable {
    /// Whether an existing file may be replaced; without it, an existing file is left alone and
    /// the write fails with ``Failure/exists``, even when the file appears while being written.
    public var replacing: Bool
    /// The permissions of a new file, before the umask.
    public var permissions: mode_t = 0o666
    /// Whether the file and its folder are flushed to the disk, so that a crash keeps the new
    /// file: not for a cache, which is rebuilt from its source.
    public var durable = true
    /// The temporary file's path, for a folder that names and sweeps its own; else one beside
    /// the file, named for it and the writer's pid (see ``sweep(_:name:)``).
    public var temporary: String?

    /// How to write a file: whether to replace one that exists, and the rest as the properties say.
    public init(
      replacing: Bool, permissions: mode_t = 0o666, durable: Bool = true, temporary: String? = nil
    ) {
      self.replacing = replacing
      self.permissions = permissions
      self.durable = durable
      self.temporary = temporary
    }
  }

  /// Writes `data` to `path`. Without `replacing`, an existing file is left alone and the call
  /// fails with ``Failure/exists``, even when the file appears while `data` is being written.
  public static func write(_ data: Data, to path: String, replacing: Bool) throws(Failure) {
    try write(data, to: path, Options(replacing: replacing))
  }

  /// Writes `data` to `path` as `options` say.
  public static func write(_ data: Data, to path: String, _ options: Options) throws(Failure) {
    try write(to: path, options) {
      $0(data)
      return true
    }
  }

  /// Writes what `produce` hands its argument, a piece at a time, to `path`, as
  /// ``write(_:to:replacing:)`` writes one piece: whole or not at all. After a write fails, the
  /// pieces that follow are dropped, and the call throws that failure. When `produce` returns
  /// false, it gave up: nothing is written, and the call throws ``Failure/abandoned``.
  public static func write(
    to path: String, replacing: Bool, producing produce: (_ write: (Data) -> Void) -> Bool
  ) throws(Failure) {
    try write(to: path, Options(replacing: replacing), producing: produce)
  }

  /// ``write(to:replacing:producing:)`` as `options` say.
  public static func write(
    to path: String, _ options: Options, producing produce: (_ write: (Data) -> Void) -> Bool
  ) throws(Failure) {
    try write(to: path, options) { (temporary) throws(Failure) in
      let descriptor = open(
        temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, options.permissions)
      guard descriptor >= 0 else { throw lastFailure("create a file beside it") }
      defer { close(descriptor) }
      var failure: Failure?
      let isComplete = produce { data in
        guard failure == nil else { return }
        data.withUnsafeBytes { buffer in
          var written = 0
          while written < buffer.count {
            let count = Glibc.write(
              descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0 {
              if errno == EINTR { continue }
              failure = lastFailure("write it")
              return
            }
            written += count
          }
        }
      }
      if let failure { throw failure }
      return isComplete
    }
  }

  /// Has `create` make the file at a temporary path beside `path` (a new file; whatever it
  /// leaves there is removed if it fails or gives up by returning false, which throws
  /// ``Failure/abandoned``), then flushes it to the disk and moves it into place as
  /// ``write(_:to:replacing:)`` does: for a library that writes a file itself.
  public static func write(
    to path: String, replacing: Bool, creating create: (_ temporary: String) throws(Failure) -> Bool
  ) throws(Failure) {
    try write(to: path, Options(replacing: replacing), creating: create)
  }

  /// ``write(to:replacing:creating:)`` as `options` say.
  public static func write(
    to path: String, _ options: Options,
    creating create: (_ temporary: String) throws(Failure) -> Bool
  ) throws(Failure) {
    let replacing = options.replacing
    let folder = path.parentPath.isEmpty ? "." : path.parentPath
    let name = String(path.split(separator: "/").last ?? "")
    if !replacing && exists(path) { throw .exists }
    let temporary: String
    if let chosen = options.temporary {
      temporary = chosen
    } else {
      sweep(folder, name: name)
      // The writer's pid in the name: what a writer killed before it could clean up leaves is
      // known by it, and removed by the next writer of the same file.
      temporary = folder.joiningPath(
        temporaryPrefix(for: name) + "\(getpid())-\(UUID().uuidString.lowercased())")
    }
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
    if options.durable {
      do throws(Failure) {
        try sync(temporary, flags: O_RDONLY | O_NOFOLLOW)
      } catch {
        unlink(temporary)
        throw error
      }
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
    // The rename itself survives a crash only once the folder is flushed. The file is in place
    // by now, so a folder that cannot be flushed (one the user may not read) is no failure.
    if options.durable { try? sync(folder, flags: O_RDONLY | O_DIRECTORY) }
  }

  /// Flushes the file or folder `path` to the disk.
  private static func sync(_ path: String, flags: Int32) throws(Failure) {
    let descriptor = open(path, flags | O_CLOEXEC)
    guard descriptor >= 0 else { throw lastFailure("open it to flush it") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw lastFailure("flush it to disk") }
  }

  /// The start of the names of the temporary files written for the file `name`; a library
  /// writing one may add to its name (libzip, SQLite's scratch files).
  public static func temporaryPrefix(for name: String) -> String {
    ".\(name).quiz-tmp-"
  }

  /// Removes the regular files in `folder` that writers of the file `name` left when they were
  /// killed (`kill -9` in the middle of an export of 5 MB): named for it by a process that no
  /// longer runs.
  public static func sweep(_ folder: String, name: String) {
    let prefix = temporaryPrefix(for: name)
    guard case .success(let entries) = Folder.names(in: folder) else { return }
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
      let failure = lastFailure("replace it")
      unlink(temporary)
      throw failure
    }
  }

  /// Whether anything, even a dangling symbolic link, is at `path`.
  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  private static func lastFailure(_ operation: String) -> Failure {
    .failed(operation: operation, code: errno)
  }
}
