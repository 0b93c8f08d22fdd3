import FoundationEssentials
import Glibc

/// What a failed file operation of ``OpenFile`` throws: each caller has its own error type (the
/// review state's says "the review state" in its messages), and these are the cases every one of
/// them must have.
public protocol FileFailure: Error {
  /// A system call failed.
  static func io(file: URL, operation: String, code: Int32) -> Self
  /// The file is a symbolic link, or not a regular file (a FIFO, a device, a folder): neither
  /// followed nor opened, since another user may have planted it.
  static func notRegularFile(file: URL, found: String) -> Self
  /// The folder belongs to another user, or others may write in it.
  static func unsafeFolder(folder: URL, reason: String) -> Self
}

/// A failed file operation, for callers with no error type of their own.
public enum FileError: FileFailure, Equatable, Sendable, CustomStringConvertible {
  case io(file: URL, operation: String, code: Int32)
  case notRegularFile(file: URL, found: String)
  case unsafeFolder(folder: URL, reason: String)

  /// A message that names the file and what is wrong with it.
  public var description: String {
    switch self {
    case .io(let file, let operation, let code):
      "\(file.path): could not \(operation): \(String(cString: strerror(code)))."
    case .notRegularFile(let file, let found):
      "\(file.path) is \(found), not a regular file; quiz does not open it."
    case .unsafeFolder(let folder, let reason):
      "\(folder.path) is not safe to use: \(reason)."
    }
  }
}
