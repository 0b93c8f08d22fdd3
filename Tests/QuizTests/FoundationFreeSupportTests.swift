import Basics
import Foundation
import Glibc
import Testing

@testable import QuizApp

@Suite("What the executable does without Foundation, held to what Foundation did")
struct FoundationFreeSupportTests {
  static let padded = [
    "", " ", "\t\t", "word", "  two words  ", "\ttabbed\t", "\u{A0}no-break\u{A0}",
    "\u{3000}ideographic\u{2003}", " line\n", "\n", "\r\n x \r\n", " \u{301}combining ",
    ":edit  ", " é ", "\u{2028}separator\u{2029}", "\u{200B}zero width\u{200B}", " 😀 \u{FEFF}",
  ]

  @Test(
    "Spaces and tabs are trimmed as trimmingCharacters(in: .whitespaces) trims them",
    arguments: padded)
  func trimming(text: String) {
    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    #expect(text[...].trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
  }

  @Test("Every scalar of the Basic Multilingual Plane is trimmed or kept as Foundation does")
  func trimmingEveryScalar() {
    let differing = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter { scalar in
      let text = "\(scalar)x\(scalar)"
      return text.trimmingSpaces() != text.trimmingCharacters(in: .whitespaces)
    }
    #expect(differing == [])
  }

  @Test(
    "A file's path in a folder is joined as NSString.appendingPathComponent joins it",
    arguments: ["decks", "decks/", "decks//", "/", "", "./a/./", "~/x", "a b/ç"])
  func joining(folder: String) {
    #expect(folder.joiningPath("x.md") == (folder as NSString).appendingPathComponent("x.md"))
  }

  @Test("No module linked into quiz imports Foundation, only FoundationEssentials")
  func noFoundation() throws {
    // One such import links Foundation, its internationalization and ICU into every start.
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("quiz-bench/") }
    #expect(files.count > 100)
    let importing = try files.filter { file in
      try String(contentsOf: sources.appending(path: file), encoding: .utf8)
        .split(separator: "\n").contains { line in
          let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
          return words.first == "import"
            && words.last.map { $0 == "Foundation" || $0.hasPrefix("Foundation.") } == true
        }
    }
    #expect(importing == [])
  }

  @Test("A folder that cannot be made is explained in strerror's words")
  func folderReason() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("file", "")
    for (path, code) in [(file + "/sub", ENOTDIR), (file, EEXIST)] {
      #expect(throws: (any Error).self) {
        do {
          try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
          #expect(SystemReason.text(of: error) == String(cString: strerror(code)))
          throw error
        }
      }
    }
  }

  @Test("A child's exit status is given, and 128 plus the signal that ended it")
  func exitStatus() throws {
    #expect(try ChildProcess.run("/bin/sh", ["-c", "exit 3"]) == 3)
    #expect(try ChildProcess.run("/bin/sh", ["-c", "true"]) == 0)
    #expect(try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"]) == 128 + SIGTERM)
  }

  @Test("A program that cannot be started is explained in strerror's words")
  func missingProgram() {
    #expect(throws: ChildProcess.Failure(reason: String(cString: strerror(ENOENT)))) {
      try ChildProcess.run("/no/such/program", [])
    }
  }

  @Test("A child gets standard input, output and error, and no other descriptor of quiz's")
  func descriptors() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("held", "")
    let held = open(path, O_RDONLY)
    try #require(held > 2)
    defer { close(held) }
    #expect(try ChildProcess.run("/bin/sh", ["-c", "test ! -e /proc/self/fd/\(held)"]) == 0)
    #expect(try ChildProcess.run("/bin/sh", ["-c", "test -e /proc/self/fd/2"]) == 0)
  }

  @Test("A child's arguments and environment reach it as they are")
  func arguments() throws {
    let folder = try TemporaryFolder()
    let log = folder.path + "/log"
    setenv("QUIZ_CHILD_TEST", "value with spaces", 1)
    defer { unsetenv("QUIZ_CHILD_TEST") }
    let status = try ChildProcess.run(
      "/bin/sh",
      ["-c", "printf '%s|' \"$@\" \"$QUIZ_CHILD_TEST\" > \(log)", "sh", "a b", "-x", "é"])
    #expect(status == 0)
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "a b|-x|é|value with spaces|")
  }
}
