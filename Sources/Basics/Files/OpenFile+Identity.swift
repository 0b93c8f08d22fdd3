import FoundationEssentials
import Glibc

/// Which file this is: its device and inode, which stay the same while it is appended to and
/// change when another file is renamed over its name.
public struct FileInode: Equatable, Sendable {
  /// The device that holds the file (`st_dev`).
  public var device: UInt64
  /// The file's number on its device (`st_ino`).
  public var inode: UInt64

  /// The identity of the file numbered `inode` on the device `device`.
  public init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }
}

extension OpenFile {

  /// The open file's device and inode.
  public func identity() throws(Failure) -> FileInode {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw Failure.io(file: url, operation: "read its inode", code: errno)
    }
    return FileInode(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }
}
