import Foundation

/// The text of a fixture file beside this file.
func fixture(_ name: String) throws -> String {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures/\(name)")
  return try String(contentsOf: url, encoding: .utf8)
}
