import FoundationEssentials
import Glibc

extension OpenFile {
  /// Which file this is: its device and inode, which stay the same while it is appended to and
  /// change when another file is renamed over its name.
  struct Identity: Equatable {
    var device: UInt64
    var inode: UInt64
  }

  /// The open file's device and inode.
  func identity() throws(StateError) -> Identity {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .io(file: url, operation: "read its inode", code: errno)
    }
    return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }
}
