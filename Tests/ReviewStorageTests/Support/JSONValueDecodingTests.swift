import Foundation
import Scheduler
import Testing

@testable import ReviewStorage

@Suite("JSON values read from text")
struct JSONValueDecodingTests {
  /// What Foundation reads from `text`, for comparing values rather than spellings.
  static func foundationValue(_ text: String) throws -> NSObject {
    try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        as? NSObject)
  }

  @Test("A value read from its own text is the same value", arguments: 0..<200)
  func roundTrip(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) + 1_000)
    let text = JSONValueTests.pretty(JSONValueTests.random(&generator, depth: 0))
    let read = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    let again = JSONValueTests.pretty(read)
    #expect(try Self.foundationValue(again).isEqual(Self.foundationValue(text)))
  }

  @Test("Numbers an Int holds exactly are integers, others numbers, and true is not 1")
  func scalars() throws {
    let read = try JSONDecoder().decode(
      JSONValue.self, from: Data(#"[1, -2, 2.5, 1e3, true, null, "1"]"#.utf8))
    guard case .array(let elements) = read, elements.count == 7 else {
      Issue.record("not an array of 7: \(read)")
      return
    }
    guard case .integer(1) = elements[0], case .integer(-2) = elements[1],
      case .number(2.5) = elements[2], case .boolean(true) = elements[4], case .null = elements[5],
      case .string("1") = elements[6]
    else {
      Issue.record("read as \(elements)")
      return
    }
    guard case .integer(1_000) = elements[3] else {
      Issue.record("1e3 read as \(elements[3])")
      return
    }
  }
}
