import Glibc

/// Listing a folder with `readdir`, not Foundation: a start of quiz lists folders before it
/// needs anything Foundation would set up.
public enum Folder {
  /// Why a system call failed: its `errno`.
  public struct Failure: Error, Equatable {
    /// The `errno` the call left.
    public let code: Int32

    /// The failure of a call that left `errno` at `code`.
    public init(code: Int32) { self.code = code }

    /// The system's words for it (`strerror`).
    public var reason: String { String(cString: strerror(code)) }
  }

  /// The names in the folder `path`, hidden ones too, without `.` and `..`.
  public static func names(in path: String) -> Result<[String], Failure> {
    guard let folder = opendir(path) else { return .failure(Failure(code: errno)) }
    defer { closedir(folder) }
    var names: [String] = []
    while true {
      // readdir ends the listing and fails alike, with nil; only errno tells them apart.
      errno = 0
      guard let entry = readdir(folder) else { break }
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    if errno != 0 { return .failure(Failure(code: errno)) }
    return .success(names)
  }
}
