import Basics
import Glibc

/// What tells one version of a file from another without reading it: its device and inode, size,
/// and its modification and change times to the nanosecond. Any write changes the change time,
/// which no one can set back, and renaming another file over it changes the inode.
struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int
  var modified: (seconds: Int, nanoseconds: Int)
  var changed: (seconds: Int, nanoseconds: Int)
  /// For bytes in memory (the decks built into quiz), a hash of them; 0 for a file on disk.
  var contents: UInt64 = 0

  /// The identity in a `stat` result.
  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int(status.st_size)
    modified = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
    changed = (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
  }

  /// The identity of bytes in memory, which have no device, inode or times: their size and hash.
  init(contents bytes: [UInt8]) {
    device = 0
    inode = 0
    size = bytes.count
    modified = (0, 0)
    changed = (0, 0)
    contents = StableHash.of(bytes)
  }

  /// The identity of the regular file at `path` (following links, as reading it does); nil if
  /// there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    self.init(status)
  }

  /// The later of the two times, in nanoseconds since 1970.
  var latestChange: Int {
    max(
      modified.seconds &* 1_000_000_000 &+ modified.nanoseconds,
      changed.seconds &* 1_000_000_000 &+ changed.nanoseconds)
  }

  static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
    lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
      && lhs.modified == rhs.modified && lhs.changed == rhs.changed && lhs.contents == rhs.contents
  }

  func encode(into out: inout ByteWriter) {
    out.append(device)
    out.append(inode)
    out.append(size)
    out.append(modified.seconds)
    out.append(modified.nanoseconds)
    out.append(changed.seconds)
    out.append(changed.nanoseconds)
    out.append(contents)
  }

  init(_ input: inout ByteReader) throws(ByteReader.Malformed) {
    device = try input.uint64()
    inode = try input.uint64()
    size = try input.int()
    modified = (try input.int(), try input.int())
    changed = (try input.int(), try input.int())
    contents = try input.uint64()
  }
}
