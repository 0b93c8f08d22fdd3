import Testing

@testable import Scheduler

@Suite("The parent of a state folder to make")
struct OpenFileParentPathTests {
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
    #expect(OpenFile.parentPath(path) == parent)
  }
}
