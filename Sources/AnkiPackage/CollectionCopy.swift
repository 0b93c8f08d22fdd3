import Basics
import FoundationEssentials
import Glibc

/// A package's collection as it is read (or decompressed), for SQLite to read: in memory up to
/// `memoryLimit` bytes, and past that in a scratch file in the folder `scratchFolder` gives,
/// so that a large collection is not held in memory beside the cards made from it
/// (docs/performance.md). SQLite reads the file a page at a time, with its small cache.
///
/// The scratch file is named for ``AnkiPackageReader/scratchName`` and this process, so that
/// one left by a killed import is swept by the next (``AtomicFile/sweep(_:name:)``); it is
/// removed as soon as SQLite has it open, or when the copy goes away unopened.
final class CollectionCopy {
  private let memoryLimit: Int
  private let scratchFolder: () -> String?
  private var buffer: SQLiteBuffer?
  private var scratch: (path: String, descriptor: Int32)?
  /// Whether `scratchFolder` was asked already: once is enough.
  private var hasAsked = false

  /// An empty copy, with room for `capacity` bytes in memory (at most `memoryLimit`);
  /// `scratchFolder` is asked for a folder once the copy outgrows `memoryLimit` (nil keeps it in
  /// memory).
  init(
    reserving capacity: Int, memoryLimit: Int, scratchFolder: @escaping () -> String?
  ) throws(AnkiPackageError) {
    self.memoryLimit = memoryLimit
    self.scratchFolder = scratchFolder
    buffer = try SQLiteBuffer(reserving: min(capacity, memoryLimit))
  }

  deinit {
    if let scratch {
      close(scratch.descriptor)
      unlink(scratch.path)
    }
  }

  /// Whether the copy is in a scratch file.
  var isInFile: Bool { scratch != nil }

  /// Appends `bytes`.
  func append(_ bytes: UnsafeRawBufferPointer) throws(AnkiPackageError) {
    if let buffer, !hasAsked, buffer.count + bytes.count > memoryLimit,
      let scratch = makeScratch()
    {
      self.scratch = scratch
      try write(buffer.bytes)
      self.buffer = nil
    }
    if let buffer {
      try buffer.append(bytes)
    } else {
      try write(bytes)
    }
  }

  /// The database the copy holds, read-only.
  func database() throws(AnkiPackageError) -> SQLiteDatabase {
    guard let scratch else { return try SQLiteDatabase(buffer: buffer!) }
    defer {
      // SQLite keeps the file open; its name is needed no more.
      unlink(scratch.path)
      self.scratch = nil
    }
    var header = [UInt8](repeating: 0, count: 100)
    let read = header.withUnsafeMutableBytes { pread(scratch.descriptor, $0.baseAddress, 100, 0) }
    guard read == 100, header.starts(with: SQLiteDatabase.magic) else {
      close(scratch.descriptor)
      throw .database("it is not an SQLite database")
    }
    // Bytes 18 and 19 cleared of WAL mode, as in memory: the copy is read as a rollback-journal
    // database (the same data), with nothing beside it to look for.
    let patch: [UInt8] = [1, 1]
    let written = patch.withUnsafeBytes { pwrite(scratch.descriptor, $0.baseAddress, 2, 18) }
    let failure = errno
    close(scratch.descriptor)
    guard written == 2 else { throw cannotWrite(failure) }
    return try SQLiteDatabase(readingFileAt: scratch.path)
  }

  /// A new scratch file in the folder `scratchFolder` gives, or nil (then the copy stays in
  /// memory) when there is none or the file cannot be made.
  private func makeScratch() -> (path: String, descriptor: Int32)? {
    hasAsked = true
    guard let folder = scratchFolder() else { return nil }
    let name = AtomicFile.temporaryPrefix(for: AnkiPackageReader.scratchName)
    let path = folder.joiningPath(name + "\(getpid())-\(UUID().uuidString.lowercased())")
    let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    return descriptor >= 0 ? (path, descriptor) : nil
  }

  /// Writes `bytes` at the end of the scratch file.
  private func write(_ bytes: UnsafeRawBufferPointer) throws(AnkiPackageError) {
    guard let scratch, let base = bytes.baseAddress else { return }
    var done = 0
    while done < bytes.count {
      let count = Glibc.write(scratch.descriptor, base + done, bytes.count - done)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw cannotWrite(errno) }
      done += count
    }
  }

  private func cannotWrite(_ code: Int32) -> AnkiPackageError {
    .database(
      "its copy in \(scratch?.path.parentPath ?? "the output folder") cannot be written: "
        + String(cString: strerror(code)))
  }
}
