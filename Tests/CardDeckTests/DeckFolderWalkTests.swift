import Basics
import Foundation
import Glibc
import Testing

@testable import CardDeck

@Suite("Loading decks: links, loops and odd files")
struct DeckFolderWalkTests {
  static let deck = "# A\n\n## Trick · T · a-card\nQ?\n\n---\n\nA.\n"

  @Test("follows a decks folder that is a link, and deck files and subfolders that are links")
  func links() throws {
    let root = try TemporaryDirectory()
    try root.write("real/one.md", Self.deck)
    try root.write("elsewhere/two.md", Self.deck.replacingOccurrences(of: "a-card", with: "b-card"))
    try root.write("file/three.md", Self.deck.replacingOccurrences(of: "a-card", with: "c-card"))
    let fm = FileManager.default
    try fm.createSymbolicLink(
      atPath: root.path + "/decks", withDestinationPath: root.path + "/real")
    try fm.createSymbolicLink(
      atPath: root.path + "/real/sub", withDestinationPath: root.path + "/elsewhere")
    try fm.createSymbolicLink(
      atPath: root.path + "/real/three.md", withDestinationPath: root.path + "/file/three.md")
    let collection = try DeckLoader().load(folder: root.path + "/decks")
    #expect(collection.diagnostics == [])
    #expect(Set(collection.cards.map(\.id)) == ["a-card", "b-card", "c-card"])
  }

  @Test("ends a loop of links with a warning", .timeLimit(.minutes(1)))
  func loop() throws {
    let root = try TemporaryDirectory()
    try root.write("decks/one.md", Self.deck)
    try FileManager.default.createSymbolicLink(
      atPath: root.path + "/decks/again", withDestinationPath: root.path + "/decks")
    let collection = try DeckLoader().load(folder: root.path + "/decks")
    #expect(collection.cards.map(\.id) == ["a-card"])
    #expect(
      collection.warnings.map(\.description) == [
        "\(root.path)/decks/again:1: warning: a link leads to a folder already read (a loop, or the same folder twice); skipped"
      ])
  }

  @Test(
    "names a link to nothing, a FIFO and a file too large, and reads the rest",
    .timeLimit(.minutes(1)))
  func oddFiles() throws {
    let root = try TemporaryDirectory()
    try root.write("decks/one.md", Self.deck)
    try FileManager.default.createSymbolicLink(
      atPath: root.path + "/decks/gone.md", withDestinationPath: root.path + "/nowhere")
    #expect(mkfifo(root.path + "/decks/pipe.md", 0o600) == 0)
    let huge = root.path + "/decks/huge.md"
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    #expect(truncate(huge, off_t(DeckLoader.largestFile + 1)) == 0)
    let collection = try DeckLoader().load(folder: root.path + "/decks")
    #expect(collection.cards.map(\.id) == ["a-card"])
    let messages = collection.diagnostics.map(\.description)
    #expect(
      messages.contains { $0.hasPrefix("\(root.path)/decks/gone.md:1: warning: cannot be read") })
    #expect(
      messages.contains(
        "\(root.path)/decks/pipe.md:1: error: not a regular file; a deck is a text file"))
    #expect(
      messages.contains {
        $0.hasPrefix("\(root.path)/decks/huge.md:1: error: the file has 16777217 bytes")
      })
  }

  @Test(
    "names a subfolder it cannot read",
    .enabled(if: geteuid() != 0, "root reads every folder"))
  func unreadableFolder() throws {
    let root = try TemporaryDirectory()
    try root.write("decks/one.md", Self.deck)
    try root.write("decks/locked/two.md", Self.deck)
    #expect(chmod(root.path + "/decks/locked", 0) == 0)
    defer { chmod(root.path + "/decks/locked", 0o755) }
    let collection = try DeckLoader().load(folder: root.path + "/decks")
    #expect(
      collection.errors.map(\.description).first?.hasPrefix(
        "\(root.path)/decks/locked:1: error: the folder cannot be read") == true)
  }
}

@Suite("Listing a decks folder without Foundation")
struct FolderListingTests {
  @Test("A folder's names are every entry, hidden ones too, without . and ..")
  func names() throws {
    let root = try TemporaryDirectory()
    try root.write("one.md", "")
    try root.write(".hidden", "")
    try root.write("sub/two.txt", "")
    try root.write("é 𝄞.md", "")
    let names = try Folder.names(in: root.path).get()
    #expect(names.sorted() == ["sub", "one.md", ".hidden", "é 𝄞.md"].sorted())
    #expect(
      names.sorted() == (try FileManager.default.contentsOfDirectory(atPath: root.path)).sorted())
  }

  @Test("A folder that cannot be listed gives the system's reason")
  func unreadable() throws {
    let root = try TemporaryDirectory()
    try root.write("file.md", "")
    let missing = Folder.names(in: root.path + "/missing")
    #expect(missing.failureReason == String(cString: strerror(ENOENT)))
    let file = Folder.names(in: root.path + "/file.md")
    #expect(file.failureReason == "Not a directory")
  }

  @Test("gives each file found, sorted, with the identity a stat of it gives; none for a FIFO")
  func identities() throws {
    let root = try TemporaryDirectory()
    try root.write("decks/b.md", DeckFolderWalkTests.deck)
    try root.write("decks/a/c.txt", DeckFolderWalkTests.deck)
    try root.write("decks/a.md", DeckFolderWalkTests.deck)
    try root.write("elsewhere/d.md", DeckFolderWalkTests.deck)
    try FileManager.default.createSymbolicLink(
      atPath: root.path + "/decks/link.md", withDestinationPath: root.path + "/elsewhere/d.md")
    #expect(mkfifo(root.path + "/decks/pipe.md", 0o600) == 0)
    var walk = FolderWalk()
    walk.visit(root.path + "/decks", isRoot: true)
    let decks = root.path + "/decks/"
    #expect(walk.paths == ["a.md", "a/c.txt", "b.md", "link.md", "pipe.md"].map { decks + $0 })
    #expect(walk.identities == walk.paths.map { FileIdentity(path: $0) })
    #expect(walk.identities.map { $0 == nil } == [false, false, false, false, true])
  }
}

extension Result where Failure == Folder.Failure {
  fileprivate var failureReason: String? {
    guard case .failure(let problem) = self else { return nil }
    return problem.reason
  }
}
