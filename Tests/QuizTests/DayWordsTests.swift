import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import QuizApp

@Suite("The words a due day is said in")
struct DayWordsTests {
  let clock = DayClock(timeZone: TimeZone(identifier: "UTC")!)

  @Test("counts from the wall clock's date after midnight, before the review day starts")
  func beforeTheDayStarts() {
    let now = moment("2026-12-07T03:31:00Z")
    let words = DayWords(today: clock.day(for: now), clock: clock, now: now)
    #expect(words.today == day("2026-12-06"))
    #expect(words.describe(day("2026-12-07")) == "from 04:00 today (2026-12-07)")
    #expect(words.describe(day("2026-12-08")) == "tomorrow (2026-12-08)")
    #expect(words.describe(day("2026-12-10")) == "in 3 days (2026-12-10)")
    #expect(words.describe(day("2026-12-06")) == "today")
  }

  @Test("counts from the review day once it has started, as the day's own words do")
  func afterTheDayStarts() {
    let now = moment("2026-12-07T09:00:00Z")
    let words = DayWords(today: clock.day(for: now), clock: clock, now: now)
    for offset in [0, 1, 2, 6] {
      let due = Day(daysSince1970: day("2026-12-07").daysSince1970 + offset)
      #expect(words.describe(due) == DayWords.describe(due, from: day("2026-12-07")))
    }
    #expect(words.describe(day("2026-12-08")) == "tomorrow (2026-12-08)")
  }
}
