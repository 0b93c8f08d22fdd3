import FoundationEssentials
import Glibc

/// An open file descriptor, closed when the value goes away; its calls throw `Failure`.
public final class OpenFile<Failure: FileFailure> {
  /// The file's location, as it was opened: failures name it.
  public let url: URL
  /// The descriptor, for system calls on the file.
  public let descriptor: Int32

  /// Opens `url` with `open(2)` flags, as a regular file (or, with O_DIRECTORY, a folder) and
  /// nothing else: O_CLOEXEC and O_NOFOLLOW are always added, so a symbolic link planted in the
  /// state folder is refused rather than followed; the open does not block (a FIFO would hang
  /// it), and what it opened is checked with `fstat` before any byte is read or written. Files
  /// are created readable and writable by their owner only.
  public convenience init(_ url: URL, flags: Int32, mode: mode_t = 0o600) throws(Failure) {
    // Not nil: only a missing file gives nil, and only when asked to.
    self.init(descriptor: try Self.open(url, flags: flags, mode: mode, missingIsNil: false)!, url)
  }

  private init(descriptor: Int32, _ url: URL) {
    self.url = url
    self.descriptor = descriptor
  }

  /// Opens `url` for reading, or returns nil when it does not exist.
  public static func openForReadingIfPresent(_ url: URL) throws(Failure) -> OpenFile? {
    try open(url, flags: O_RDONLY, mode: 0, missingIsNil: true).map {
      OpenFile(descriptor: $0, url)
    }
  }

  /// The descriptor of `url` opened as the initialiser says; nil if it does not exist and
  /// `missingIsNil`.
  private static func open(
    _ url: URL, flags: Int32, mode: mode_t, missingIsNil: Bool
  ) throws(Failure) -> Int32? {
    // The state folder itself may be a link its owner made (checkFolderIsPrivate); its files
    // may not.
    let wantsFolder = flags & O_DIRECTORY != 0
    let descriptor = Glibc.open(
      url.path, flags | O_CLOEXEC | O_NONBLOCK | (wantsFolder ? 0 : O_NOFOLLOW), mode)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT && missingIsNil { return nil }
      if code == ELOOP { throw Failure.notRegularFile(file: url, found: "a symbolic link") }
      throw Failure.io(file: url, operation: "open it", code: code)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      Glibc.close(descriptor)
      throw Failure.io(file: url, operation: "read its type", code: code)
    }
    let type = status.st_mode & S_IFMT
    guard type == (wantsFolder ? S_IFDIR : S_IFREG) else {
      Glibc.close(descriptor)
      throw Failure.notRegularFile(file: url, found: describe(type))
    }
    // Reads and writes of a regular file block as usual.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  /// `a FIFO`, `a folder`: what a file of this type is, for messages.
  public static func describe(_ type: mode_t) -> String {
    switch type {
    case S_IFIFO: "a FIFO"
    case S_IFDIR: "a folder"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// Checks that the folder `url` (following a link to it, which its owner may have made) is a
  /// folder that the user running quiz owns and that no one else may write in.
  public static func checkFolderIsPrivate(_ url: URL) throws(Failure) {
    // A link to the folder counts only if its owner (or root) made it: in a shared place such
    // as /tmp another user could point a name at a folder of the user's choosing.
    var link = stat()
    if lstat(url.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
      link.st_uid != geteuid(), link.st_uid != 0
    {
      throw Failure.unsafeFolder(
        folder: url, reason: "it is a link made by another user (uid \(link.st_uid))")
    }
    var status = stat()
    guard stat(url.path, &status) == 0 else {
      throw Failure.io(file: url, operation: "read its owner", code: errno)
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw Failure.unsafeFolder(folder: url, reason: "it is not a folder")
    }
    guard status.st_uid == geteuid() else {
      throw Failure.unsafeFolder(
        folder: url, reason: "it belongs to another user (uid \(status.st_uid))")
    }
    // Group write is fine for a group of the user's own (the user private groups of umask 002
    // systems, where an older quiz made the folder 0775); not for a shared group.
    let groupMayWrite = status.st_mode & 0o020 != 0 && !isPrivateGroup(status.st_gid)
    guard status.st_mode & 0o002 == 0, !groupMayWrite else {
      throw Failure.unsafeFolder(folder: url, reason: "others may write in it")
    }
  }

  deinit {
    Glibc.close(descriptor)
  }

  /// The file's size in bytes.
  public func size() throws(Failure) -> Int {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw Failure.io(file: url, operation: "read its size", code: errno)
    }
    return Int(status.st_size)
  }

  /// The most a state file is read at once: 2 GiB, far beyond a journal of millions of reviews
  /// (about 300 bytes each), and short of what a sparse or planted file could make quiz allocate.
  public static var largestRead: Int { 1 << 31 }

  /// The bytes from `offset` to `end`, or to the end of the file.
  public func read(from offset: Int, to requestedEnd: Int? = nil) throws(Failure) -> Data {
    let end: Int
    if let requestedEnd { end = requestedEnd } else { end = try size() }
    guard end > offset else { return Data() }
    guard end - offset <= Self.largestRead else {
      throw Failure.io(
        file: url, operation: "read \(end - offset) bytes of it at once", code: EFBIG)
    }
    // Read into memory of its own, not zeroed first (`Data(count:)` clears megabytes for a
    // large snapshot), which the Data then owns.
    let length = end - offset
    guard let memory = malloc(length) else {
      throw Failure.io(file: url, operation: "read \(length) bytes of it at once", code: ENOMEM)
    }
    var filled = 0
    while filled < length {
      let count = pread(descriptor, memory + filled, length - filled, off_t(offset + filled))
      if count < 0 {
        if errno == EINTR { continue }
        let code = errno
        free(memory)
        throw Failure.io(file: url, operation: "read it", code: code)
      }
      if count == 0 { break }  // The file shrank under us: return what there is.
      filled += count
    }
    return Data(bytesNoCopy: memory, count: filled, deallocator: .free)
  }

  /// Writes all of `data` at the current offset (the end, with O_APPEND): one `write(2)` unless
  /// the kernel takes less, which for a regular file happens only on errors such as a full disk.
  public func write(_ data: Data) throws(Failure) {
    var written = 0
    while written < data.count {
      let count = data.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure.io(file: url, operation: "write it", code: errno)
      }
      written += count
    }
  }

  /// Flushes the file's data and size to the disk.
  public func sync() throws(Failure) {
    guard fsync(descriptor) == 0 else {
      throw Failure.io(file: url, operation: "flush it to disk", code: errno)
    }
  }

  /// Creates the folder `url` and any missing parents, as `mkdir -p` does; a folder already
  /// there is fine. A failure names `url` with the `errno` of the `mkdir(2)` that failed.
  public static func createFolder(_ url: URL) throws(Failure) {
    if let code = makeFolder(url.path) {
      throw Failure.io(file: url, operation: "create it", code: code)
    }
  }

  /// Whether `gid` is the user's own group: their primary group, named as they are, with no
  /// other member listed.
  private static func isPrivateGroup(_ gid: gid_t) -> Bool {
    guard gid == getegid(), let user = getpwuid(geteuid()), let group = getgrgid(gid) else {
      return false
    }
    guard String(cString: user.pointee.pw_name) == String(cString: group.pointee.gr_name) else {
      return false
    }
    var members = group.pointee.gr_mem
    while let member = members?.pointee {
      if String(cString: member) != String(cString: user.pointee.pw_name) { return false }
      members = members?.advanced(by: 1)
    }
    return true
  }

  /// `mkdir -p path`: nil, or the `errno` of the failure. The folder itself is made private
  /// (0700); its parents as `mkdir -p` makes them.
  private static func makeFolder(_ path: String, mode: mode_t = 0o700) -> Int32? {
    if mkdir(path, mode) == 0 { return nil }
    var code = errno
    if code == ENOENT {
      let parent = path.parentPath
      guard !parent.isEmpty, parent != path else { return code }
      if let failure = makeFolder(parent, mode: 0o777) { return failure }
      if mkdir(path, mode) == 0 { return nil }
      code = errno
    }
    guard code == EEXIST else { return code }
    var status = stat()
    guard stat(path, &status) == 0 else { return errno }
    return status.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR
  }

  /// Flushes a folder, so that a file created or renamed in it survives a crash.
  public static func syncFolder(_ url: URL) throws(Failure) {
    try OpenFile(url, flags: O_RDONLY | O_DIRECTORY).sync()
  }

  /// Replaces `url` with `data` atomically: a crash leaves either the old file or the new one.
  /// The data goes to `temporary`, a new file in the same folder readable by its owner only.
  public static func replace(_ url: URL, with data: Data, temporary: URL) throws(Failure) {
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(
        data, to: url.path,
        AtomicFile.Options(replacing: true, permissions: 0o600, temporary: temporary.path))
    } catch {
      switch error {
      case .failed(let operation, let code):
        throw Failure.io(file: url, operation: operation, code: code)
      case .exists, .abandoned:
        // Neither happens when replacing data that is all there.
        throw Failure.io(file: url, operation: "replace it", code: EIO)
      }
    }
  }
}
