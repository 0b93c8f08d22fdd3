import Testing

@testable import Scheduler

@Suite("FSRS ratings")
struct FSRSRatingTests {
  @Test("Grades 0, 1 and 2 are Again, 3 Hard, 4 Good and 5 Easy")
  func fromGrades() {
    #expect(Grade.allCases.map(FSRSRating.init) == [.again, .again, .again, .hard, .good, .easy])
  }

  @Test("Ratings are numbered 1 to 4 as py-fsrs numbers them, worst first")
  func numbers() {
    #expect(FSRSRating.allCases.map(\.rawValue) == [1, 2, 3, 4])
    #expect(FSRSRating.allCases.sorted() == FSRSRating.allCases)
    #expect(FSRSRating(rawValue: 0) == nil)
    #expect(FSRSRating(rawValue: 5) == nil)
  }
}
