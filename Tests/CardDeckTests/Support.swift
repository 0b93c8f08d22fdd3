import Foundation
import Testing

@testable import CardDeck

/// The text of a fixture file beside this file.
func fixture(_ name: String) throws -> String {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures/\(name)")
  return try String(contentsOf: url, encoding: .utf8)
}

/// Parses a native deck from `text`, as if read from `name.md`.
func parseDeck(_ text: String, name: String = "deck") -> (deck: Deck, diagnostics: [Diagnostic]) {
  NativeDeckParser(deckName: name).parse(SourceText(text, path: "\(name).md"))
}

/// Parses a lesson page from `text`.
func parsePage(_ text: String, path: String = "page.txt") -> (deck: Deck, diagnostics: [Diagnostic])
{
  LessonPageParser(fallbackName: "page").parse(SourceText(text, path: path))
}

/// A folder that is removed when the test ends.
final class TemporaryDirectory {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appending(path: "quiz-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `contents` to `name` inside the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ contents: String) throws -> String {
    try write(name, bytes: Array(contents.utf8))
  }

  /// Writes raw bytes to `name` inside the folder and returns its path.
  @discardableResult
  func write(_ name: String, bytes: [UInt8]) throws -> String {
    let file = (path as NSString).appendingPathComponent(name)
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }
}

extension Card {
  /// The card with its location cleared, to compare cards read from different files.
  var withoutLocation: Card {
    var card = self
    card.location = SourceLocation(path: "", line: 0)
    return card
  }
}

/// SplitMix64, for reproducible generated input.
struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// `body` with `text` as the parsers see a line: by its offsets in a file, a line before it.
func withSourceLine<Result>(_ text: String, _ body: (SourceLine) -> Result) -> Result {
  let file = Array(("before\n" + text + "\nafter").utf8)
  return file.withUnsafeBufferPointer { body(SourceLine(7..<7 + text.utf8.count, in: $0)) }
}
