import Foundation
import Testing

@testable import Scheduler

@Suite("Grade")
struct GradeTests {
  @Test("Grades are 0 to 5, recalled from 3")
  func range() {
    #expect(Grade.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
    #expect(Grade(rawValue: 6) == nil)
    #expect(Grade(rawValue: -1) == nil)
    #expect(Grade.allCases.filter(\.isRecalled) == [3, 4, 5])
  }

  @Test("A grade outside 0…5 in JSON is refused")
  func decoding() throws {
    #expect(try JSONDecoder().decode([Grade].self, from: Data("[0,5]".utf8)) == [0, 5])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Grade].self, from: Data("[6]".utf8))
    }
  }
}
