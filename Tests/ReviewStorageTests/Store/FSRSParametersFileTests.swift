import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

@Suite("The saved FSRS parameters file")
struct FSRSParametersFileTests {
  let file = URL(fileURLWithPath: "/state/fsrs-parameters.json")

  /// The message of the error that decoding `text` throws, or nil.
  func failure(_ text: String) -> String? {
    do {
      _ = try SavedFSRSParameters.decode(Array(text.utf8), file: file)
      return nil
    } catch {
      return error.description
    }
  }

  /// A file as quiz writes it, with `weights` written as given.
  func text(weights: [String], version: String = "1") -> String {
    "{\n  \"fittedAt\" : \"2026-11-29T08:00:00.000Z\",\n  \"items\" : 12,\n"
      + "  \"version\" : \(version),\n  \"weights\" : [\n"
      + weights.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n"
  }

  @Test("Saved weights read back to the same bits, one a line, readable by the user only")
  func roundTrip() throws {
    try withTemporaryDirectory { folder in
      var weights = FSRSParameters.defaultWeights
      weights[0] = 0.1 + 0.2
      weights[7] = 0.1 / 3
      let saved = try SavedFSRSParameters(
        weights: weights, fittedAt: moment("2026-11-29T08:00:00.123Z"), items: 711)
      #expect(try SavedFSRSParameters.load(in: folder) == nil)
      try saved.save(in: folder)
      #expect(try SavedFSRSParameters.load(in: folder) == saved)
      let url = SavedFSRSParameters.url(in: folder)
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.hasPrefix("{\n  \"fittedAt\" : \"2026-11-29T08:00:00.123Z\",\n"))
      #expect(text.split(separator: "\n").count == 28)
      let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
      #expect(mode as? Int == 0o600)
      // Saving again replaces the file whole.
      try SavedFSRSParameters(weights: FSRSParameters.defaultWeights, fittedAt: .now, items: 1)
        .save(in: folder)
      #expect(try SavedFSRSParameters.load(in: folder)?.weights == FSRSParameters.defaultWeights)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    }
  }

  @Test("A file that is not JSON names the line where it stops being JSON")
  func notJSON() {
    let weights = FSRSParameters.defaultWeights.map { "\($0)" }
    var broken = weights
    broken[2] = "2.3065 1"
    #expect(
      failure(text(weights: broken))?.hasPrefix(
        "\(file.path):8 is not FSRS parameters: not JSON: expected ',' or ']'") == true)
    #expect(failure("")?.contains(":1 is not FSRS parameters: not JSON: the file ends") == true)
    #expect(failure("{\"version\": 1,\n\"version\": 1}")?.contains(":2 is not FSRS") == true)
    #expect(failure("[1, 01]")?.contains("a number that JSON does not allow") == true)
    #expect(failure(String(repeating: "[", count: 100))?.contains("nested more than 64") == true)
  }

  @Test("A weight out of FSRS's bounds, or missing, is named with its line")
  func badWeights() {
    var weights = FSRSParameters.defaultWeights.map { "\($0)" }
    weights[20] = "0.9"
    #expect(
      failure(text(weights: weights))
        == "\(file.path):26 is not FSRS parameters: FSRS weight w20 is 0.9, outside 0.1…0.8. It "
        + "was left as it is; move it away to schedule with FSRS's default weights, and fit new "
        + "ones with 'quiz fsrs fit --save'.")
    weights[20] = "\"0.2\""
    #expect(
      failure(text(weights: weights))?.contains(
        ":26 is not FSRS parameters: weight w20 is not a number") == true)
    #expect(
      failure(text(weights: Array(weights.prefix(20))))?.contains(
        ":5 is not FSRS parameters: FSRS-6 has 21 weights, not 20") == true)
    #expect(
      failure(text(weights: ["1e400"] + weights.dropFirst().dropLast() + ["0.1"]))?.contains(
        ":6 is not FSRS parameters: FSRS weight w0 is inf") == true)
  }

  @Test("A foreign file or a newer version is refused, naming the line")
  func foreign() {
    let weights = FSRSParameters.defaultWeights.map { "\($0)" }
    #expect(
      failure(text(weights: weights, version: "2"))?.contains(":4 was written by a newer quiz")
        == true)
    #expect(
      failure(text(weights: weights, version: "0.5"))?.contains(
        ":4 is not FSRS parameters: \"version\" is not a version") == true)
    #expect(
      failure("{\"w\": [1, 2]}")?.contains(":1 is not FSRS parameters: no \"version\"") == true)
    #expect(failure("[0.2, 1.3]")?.contains("not a JSON object of FSRS parameters") == true)
    #expect(failure("{\"version\": 1, \"weights\": []}")?.contains("no \"fittedAt\"") == true)
  }

  @Test("Strings with escapes and keys unknown to quiz read as JSON says")
  func escapes() throws {
    let json = try LocatedJSON.parse(
      Array("{\n\"a\\n\\u00e9\\ud83d\\ude00\": [true, false, null, -0.5e+2]}".utf8))
    guard case .object(let members) = json.value, case .array(let elements) = members[0].value.value
    else {
      Issue.record("not an object of an array")
      return
    }
    #expect(members[0].key == "a\né😀")
    #expect(members[0].value.line == 2)
    guard case .number(let number) = elements[3].value else {
      Issue.record("not a number")
      return
    }
    #expect(number == -50)
    #expect(throws: LocatedJSON.Failure.self) { try LocatedJSON.parse(Array("\"\\ud83d\"".utf8)) }
    #expect(throws: LocatedJSON.Failure.self) { try LocatedJSON.parse(Array("\"\u{1}\"".utf8)) }
    #expect(throws: LocatedJSON.Failure.self) { try LocatedJSON.parse([0x22, 0xFF, 0x22]) }
  }

  @Test("A link or an oversized file in its place is refused, not followed or read")
  func hostileFiles() throws {
    try withTemporaryDirectory { folder in
      let url = SavedFSRSParameters.url(in: folder)
      try FileManager.default.createSymbolicLink(
        atPath: url.path, withDestinationPath: "/etc/passwd")
      #expect(throws: StateError.notRegularFile(file: url, found: "a symbolic link")) {
        try SavedFSRSParameters.load(in: folder)
      }
      try FileManager.default.removeItem(at: url)
      try Data(count: 100_000).write(to: url)
      #expect(throws: StateError.self) { try SavedFSRSParameters.load(in: folder) }
    }
  }
}
