import Glibc

extension Environment {
  /// The folder of the deck cache: `$XDG_CACHE_HOME/quiz`, else `$HOME/.cache/quiz`; nil with
  /// `QUIZ_CACHE=off`, or when neither names an absolute path (the XDG rule: a relative one is
  /// ignored).
  static func deckCacheFolder(in variables: [String: String]) -> String? {
    if variables["QUIZ_CACHE"] == "off" { return nil }
    if let base = variables["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/quiz" }
    if let home = variables["HOME"], home.hasPrefix("/") { return home + "/.cache/quiz" }
    return nil
  }

  /// What tells this build of quiz from any other: its executable's device, inode, size and
  /// modification time. A new build (or another copy) does not read the cache of an older one,
  /// whose parsers may differ. Nil when the file cannot be found.
  static func runningProgram() -> [UInt8]? {
    var status = stat()
    guard stat("/proc/self/exe", &status) == 0 else { return nil }
    let fields = [
      UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size),
      UInt64(bitPattern: Int64(status.st_mtim.tv_sec)), UInt64(status.st_mtim.tv_nsec),
    ]
    return fields.flatMap { field in withUnsafeBytes(of: field.littleEndian, Array.init) }
  }
}
