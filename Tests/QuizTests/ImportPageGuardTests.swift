import Dispatch
import Foundation
import Glibc
import Testing

@testable import QuizApp

/// `quiz import` reads a lesson page as the deck loader reads a deck file: a FIFO named as a page
/// must not hang it, nor a huge file be read whole.
@Suite("quiz import of pages that are not text files")
struct ImportPageGuardTests {
  /// `quiz import PAGE`, on another thread, with at most `seconds` to finish; nil when it did
  /// not finish in time (then `unblock` is called, so that the thread ends).
  func importWithin(
    _ seconds: Int, page: String, output: String, unblock: () -> Void
  ) -> (status: ExitCode, out: String, error: String)? {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      box.result = runQuiz(["import", page, "--output", output])
      done.signal()
    }
    if done.wait(timeout: .now() + .seconds(seconds)) == .success { return box.result }
    unblock()
    done.wait()
    return nil
  }

  final class ResultBox: @unchecked Sendable {
    var result: (status: ExitCode, out: String, error: String)?
  }

  @Test("a FIFO named as a page is refused at once, naming it; the other pages are imported")
  func fifo() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.path + "/pipe.txt"
    #expect(mkfifo(fifo, 0o600) == 0)
    let output = folder.path + "/decks"
    let result = importWithin(10, page: fifo, output: output) {
      // What a hung import waits for: a writer, which then closes at once.
      let writer = open(fifo, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
    }
    let finished = try #require(result, "the import of a FIFO hung")
    #expect(finished.status == .failure)
    #expect(finished.error == "\(fifo): not a regular file; a deck is a text file; not imported\n")
    #expect(!FileManager.default.fileExists(atPath: output))
    let page = try folder.write("page.txt", ImportCommandTests.page)
    let both = runQuiz(["import", fifo, page, "--output", output])
    #expect(both.status == .failure)
    #expect(both.out == "\(output)/lesson-5.md: 1 card from \(page)\n")
  }

  @Test("a page larger than any deck is refused without being read, naming it and its size")
  func hugePage() throws {
    let folder = try TemporaryFolder()
    let page = folder.path + "/huge.txt"
    #expect(FileManager.default.createFile(atPath: page, contents: nil))
    // Sparse: 17 MiB that take no room on the disk.
    #expect(truncate(page, 17 << 20) == 0)
    let result = runQuiz(["import", page, "--output", folder.path + "/decks"])
    #expect(result.status == .failure)
    #expect(
      result.error
        == "\(page): the file has \(17 << 20) bytes; a deck has at most \(16 << 20); not imported\n"
    )
  }

  @Test("a page that is not there, or a folder, is refused naming it")
  func missingPage() throws {
    let folder = try TemporaryFolder()
    let missing = runQuiz(["import", folder.path + "/none.txt", "--output", folder.path])
    #expect(missing.status == .failure)
    #expect(missing.error == "\(folder.path)/none.txt: cannot be read: no such file\n")
    try FileManager.default.createDirectory(
      atPath: folder.path + "/dir.txt", withIntermediateDirectories: false)
    let directory = runQuiz(["import", folder.path + "/dir.txt", "--output", folder.path])
    #expect(directory.status == .failure)
    #expect(directory.error.hasPrefix("\(folder.path)/dir.txt: "))
  }
}
