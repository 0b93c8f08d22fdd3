import Basics
import Foundation
import Testing

@Suite("Paths")
struct PathTests {
  // NSString.deletingLastPathComponent's answers (swift-corelibs-foundation 6.3), which
  // `mkdir -p` of the state folder relied on; it is no longer linked.
  @Test(
    "A path's parent is what NSString.deletingLastPathComponent gave",
    arguments: [
      ("/a/b", "/a"), ("/a/b/", "/a"), ("a", ""), ("/a", "/"), ("/", "/"), ("a/b//", "a"),
      ("", ""), ("//a", "/"), ("./a", "."), ("/a/b/c", "/a/b"), ("a//b", "a"),
      ("/home/é/.local/share/quiz", "/home/é/.local/share"),
    ])
  func parent(path: String, parent: String) {
    #expect(path.parentPath == parent)
  }

  @Test(
    "An entry's path is the folder's joined as NSString.appendingPathComponent joins it",
    arguments: ["decks", "decks/", "decks//", "/", "", "./a/./", "/a/../b//", "~/x", "a b/ç"])
  func join(folder: String) {
    #expect(folder.joiningPath("one.md") == (folder as NSString).appendingPathComponent("one.md"))
  }
}
