import AnkiPackage
import CardDeck
import Foundation
import Testing

@testable import QuizApp

/// `quiz import` writes and checks a deck a part at a time: what it writes, and what it takes
/// for the same file, must be what it wrote when it held the whole text.
@Suite("quiz import of large Anki decks, a part at a time")
struct AnkiImportStreamingTests {
  /// A package of `count` Basic notes in one deck, "D".
  func package(in folder: TemporaryFolder, count: Int) throws -> String {
    try AnkiImportHardeningTests().package(
      in: folder, (0..<count).map { (guid: "n\($0)", deck: "D") })
  }

  @Test("a deck of several parts is written as one text that loads with every card")
  func severalParts() throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, count: 1_500)
    let decks = folder.path + "/decks"
    let result = runQuiz(
      ["import", package, "--output", decks, "--no-progress"],
      variables: ["QUIZ_STATE": folder.path + "/state"])
    #expect(result.status == .success, "\(result.error)")
    let bytes = try #require(FileManager.default.contents(atPath: decks + "/d.md"))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("# D\n\n## Trick · D · anki-n0\n"))
    #expect(text.components(separatedBy: "# D\n").count == 2)
    let (deck, diagnostics) = NativeDeckParser(deckName: "d").parse(
      SourceText(bytes: bytes, path: "d.md"))
    #expect(diagnostics.isEmpty)
    #expect(deck.cards.map(\.id) == (0..<1_500).map { "anki-n\($0)" })
  }

  @Test(
    "a deck file that is the text, but for a byte at its end, is another file: kept unless --force",
    arguments: ["cut", "longer", "changed"])
  func almostTheSameFile(_ change: String) throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, count: 1_500)
    let decks = folder.path + "/decks"
    let variables = ["QUIZ_STATE": folder.path + "/state"]
    let arguments = ["import", package, "--output", decks, "--no-progress"]
    #expect(runQuiz(arguments, variables: variables).status == .success)
    let path = decks + "/d.md"
    let written = try #require(FileManager.default.contents(atPath: path))
    let same = runQuiz(arguments, variables: variables)
    #expect(same.status == .success)
    #expect(same.out.contains("are up to date"))
    var other = written
    switch change {
    case "cut": other.removeLast()
    case "longer": other.append(contentsOf: Array("x\n".utf8))
    default: other[other.count - 2] = UInt8(ascii: "?")
    }
    try other.write(to: URL(fileURLWithPath: path))
    let refused = runQuiz(arguments, variables: variables)
    #expect(refused.status == .failure)
    #expect(refused.error.contains("\(path): already exists; pass --force"))
    #expect(FileManager.default.contents(atPath: path) == other)
    let forced = runQuiz(arguments + ["--force"], variables: variables)
    #expect(forced.status == .success, "\(forced.error)")
    #expect(FileManager.default.contents(atPath: path) == written)
  }
}
