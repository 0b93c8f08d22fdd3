import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

/// Every file under `folder`, by its path inside it, with its bytes.
func contents(of folder: String) throws -> [String: Data] {
  var files: [String: Data] = [:]
  let enumerator = FileManager.default.enumerator(atPath: folder)
  while let path = enumerator?.nextObject() as? String {
    let full = folder + "/" + path
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
      files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
    }
  }
  return files
}

@Suite("quiz preview")
struct PreviewCommandTests {
  @Test("prints every chosen card, question then answer, at once when not on a terminal")
  func piped() throws {
    let result = runQuiz(["preview", "--topic", "soil"], variables: ["NO_COLOR": "1"])
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    let out = result.out
    let clay = try #require(out.range(of: "Is clay heavy?"))
    let clayAnswer = try #require(out.range(of: "Yes, when wet."))
    let wet = try #require(out.range(of: "What happens?"))
    #expect(clay.upperBound < clayAnswer.lowerBound && clayAnswer.upperBound < wet.lowerBound)
    #expect(out.contains("It sinks."))
    #expect(out.contains("[1/2]") && out.contains("[2/2]"))
    #expect(!out.contains("Planter {}"))
    #expect(!out.contains("Grade"))
  }

  @Test("leaves the state folder byte for byte as it was, and creates none")
  func leavesState() throws {
    let harness = try SessionHarness()
    _ = harness.run(["--kind", "trick"], lines: ["", "4"])
    let before = try contents(of: harness.state.path)
    #expect(!before.isEmpty)
    let result = runQuiz(["preview"], variables: harness.variables, input: ScriptedInput([]))
    #expect(result.status == .success)
    #expect(try contents(of: harness.state.path) == before)
    let empty = try TemporaryFolder()
    _ = runQuiz(["preview"], variables: ["QUIZ_STATE": empty.path + "/state"])
    #expect(!FileManager.default.fileExists(atPath: empty.path + "/state"))
  }

  @Test("on a terminal, Enter shows the answer, then the next card; :quit ends")
  func paged() throws {
    let input = ScriptedInput(["", "", ":quit", ""], interactive: true)
    let result = runQuiz(
      ["preview"], variables: ["NO_COLOR": "1"], input: input, terminal: true)
    #expect(result.status == .success)
    #expect(result.out.contains("Declare a planter."))
    #expect(result.out.contains("struct Planter {}"))
    #expect(result.out.contains("Is clay heavy?"))
    #expect(!result.out.contains("Yes, when wet."))
    #expect(!result.out.contains("What happens?"))
    #expect(
      input.prompts == [
        "Enter shows the answer, :quit ends: ", "Enter shows the next card, :quit ends: ",
        "Enter shows the answer, :quit ends: ",
      ])
  }

  @Test("--limit N shows the first N chosen cards")
  func limit() {
    let result = runQuiz(["preview", "--limit", "1"])
    #expect(result.out.contains("[1/1]"))
    #expect(!result.out.contains("Is clay heavy?"))
  }
}
