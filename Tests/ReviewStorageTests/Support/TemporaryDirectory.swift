import Foundation

/// Runs `body` with a new empty directory that is removed afterwards.
func withTemporaryDirectory<Result>(
  _ body: (URL) throws -> Result
) throws -> Result {
  let url = FileManager.default.temporaryDirectory.appending(
    path: "SchedulerTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url)
}

/// The bytes of every file in a state folder by name but the lock file (whose pid changes with
/// each writer), to show that a call left them alone.
func stateFiles(in folder: URL) throws -> [String: Data] {
  var result: [String: Data] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "lock"
  {
    result[name] = try Data(contentsOf: folder.appending(path: name))
  }
  return result
}

/// Appends `data` to the file at `url`.
func append(_ data: Data, to url: URL) throws {
  let handle = try FileHandle(forWritingTo: url)
  defer { try? handle.close() }
  try handle.seekToEnd()
  try handle.write(contentsOf: data)
}

/// The lines of a text file, without the empty string after the last newline.
func lines(of url: URL) throws -> [String] {
  String(decoding: try Data(contentsOf: url), as: UTF8.self)
    .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}
