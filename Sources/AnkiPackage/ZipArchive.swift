import CZip
import FoundationEssentials
import Glibc

/// A zip archive read with libzip: the entries of an Anki package.
final class ZipArchive {
  private let handle: OpaquePointer

  /// Opens the archive at `path`, checking its structure.
  init(path: String) throws(AnkiPackageError) {
    // Opened without blocking and checked before libzip sees it: a FIFO or a folder is named as
    // what it is, not as an operation libzip does not support.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw .notAZip(String(cString: strerror(errno))) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      let isFolder = status.st_mode & S_IFMT == S_IFDIR
      close(descriptor)
      throw .notAZip(isFolder ? "it is a folder" : "it is not a regular file (a FIFO, a device)")
    }
    var error: Int32 = 0
    // zip_fdopen owns the descriptor once it succeeds.
    guard let handle = zip_fdopen(descriptor, ZIP_CHECKCONS, &error) else {
      close(descriptor)
      // Reading, libzip says "File already exists" when two entries have the same name.
      guard error != ZIP_ER_EXISTS else {
        throw .notAZip("two of its entries have the same name")
      }
      var zipError = zip_error_t()
      zip_error_init_with_code(&zipError, error)
      defer { zip_error_fini(&zipError) }
      throw .notAZip(String(cString: zip_error_strerror(&zipError)))
    }
    self.handle = handle
  }

  deinit {
    zip_discard(handle)
  }

  /// Whether the archive holds `name`.
  func contains(_ name: String) -> Bool {
    zip_name_locate(handle, name, 0) >= 0
  }

  /// The bytes of the entry `name`, refused past `limit` bytes whatever its header says.
  func read(_ name: String, limit: Int) throws(AnkiPackageError) -> Data {
    var data = Data()
    try read(name, limit: limit) { data.append(contentsOf: $0) }
    return data
  }

  /// The size the archive says the entry `name` has, if it says.
  func declaredSize(of name: String) -> Int? {
    var stat = zip_stat_t()
    zip_stat_init(&stat)
    guard zip_stat(handle, name, 0, &stat) == 0, stat.valid & UInt64(ZIP_STAT_SIZE) != 0,
      stat.size < UInt64(Int.max)
    else { return nil }
    return Int(stat.size)
  }

  /// ``read(_:limit:)``, the bytes handed to `consume` a piece at a time.
  func read(
    _ name: String, limit: Int,
    into consume: (UnsafeRawBufferPointer) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) {
    var stat = zip_stat_t()
    zip_stat_init(&stat)
    guard zip_stat(handle, name, 0, &stat) == 0 else {
      throw .malformed("\(name) is missing from the archive")
    }
    if stat.valid & UInt64(ZIP_STAT_SIZE) != 0, stat.size > UInt64(limit) {
      throw .tooLarge(entry: name, limit: limit)
    }
    guard let file = zip_fopen(handle, name, 0) else {
      throw .notAZip("\(name): \(String(cString: zip_strerror(handle)))")
    }
    defer { zip_fclose(file) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var total = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, 1 << 16) }
      if count < 0 { throw .notAZip("\(name): \(String(cString: zip_file_strerror(file)))") }
      if count == 0 { break }
      guard total + Int(count) <= limit else { throw .tooLarge(entry: name, limit: limit) }
      total += Int(count)
      // withUnsafeBytes does not pass a typed error on.
      var failure: AnkiPackageError?
      buffer.withUnsafeBytes { bytes in
        do throws(AnkiPackageError) {
          try consume(UnsafeRawBufferPointer(rebasing: bytes[..<Int(count)]))
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
    }
  }

  /// What an entry of an archive being written holds.
  enum Content {
    /// These bytes.
    case bytes(Data)
    /// The file at this path, read as the archive is written.
    case file(String)
  }

  /// Writes a new archive at `path`, which must not exist, holding `entries`, in order, deflated
  /// at level 1; every entry dated `modified` (not the clock's time), so that the same entries
  /// give the same bytes. libzip writes it to a temporary file beside `path` and renames it into
  /// place, reading a file entry a piece at a time: nothing is held whole in memory.
  static func write(
    _ entries: [(name: String, content: Content)], to path: String,
    modified: Date = Date(timeIntervalSince1970: 0)
  ) throws(AnkiPackageError) {
    var code: Int32 = 0
    guard let archive = zip_open(path, ZIP_CREATE | ZIP_EXCL, &code) else {
      var error = zip_error_t()
      zip_error_init_with_code(&error, code)
      defer { zip_error_fini(&error) }
      throw .cannotWrite(String(cString: zip_error_strerror(&error)))
    }
    for entry in entries {
      let source: OpaquePointer?
      switch entry.content {
      case .file(let file):
        // -1: to the file's end.
        source = zip_source_file(archive, file, 0, -1)
      case .bytes(let data) where data.isEmpty:
        // No copy: libzip frees a buffer only when it holds bytes, so a copy of none would leak.
        source = zip_source_buffer(archive, nil, 0, 0)
      case .bytes(let data):
        // libzip reads the bytes at zip_close, and frees its copy then.
        guard let copy = malloc(data.count) else {
          zip_discard(archive)
          throw .cannotWrite("out of memory")
        }
        data.withUnsafeBytes { bytes in
          if let base = bytes.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) }
        }
        source = zip_source_buffer(archive, copy, zip_uint64_t(data.count), 1)
        if source == nil { free(copy) }
      }
      guard let source else {
        let reason = String(cString: zip_strerror(archive))
        zip_discard(archive)
        throw .cannotWrite(reason)
      }
      let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
      guard index >= 0 else {
        zip_source_free(source)
        let reason = String(cString: zip_strerror(archive))
        zip_discard(archive)
        throw .cannotWrite(reason)
      }
      // Deflate's fastest level: a package is written once, and the time it takes to write
      // matters more than what the default level would take off its size.
      zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_DEFLATE, 1)
      zip_file_set_mtime(archive, zip_uint64_t(index), time_t(modified.timeIntervalSince1970), 0)
    }
    guard zip_close(archive) == 0 else {
      let reason = String(cString: zip_strerror(archive))
      zip_discard(archive)
      throw .cannotWrite(reason)
    }
  }
}
