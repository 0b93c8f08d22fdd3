import CardDeck
import Foundation
import Scheduler

/// Where a card stands in its learning, for statistics and listings.
enum CardStage: String, CaseIterable {
  /// Never reviewed.
  case new
  /// Reviewed, but not yet recalled (repetitions 0), or waiting for a better grade after a 3.
  case learning
  /// Recalled, with an interval under 21 days.
  case young
  /// Recalled, with an interval of 21 days or more.
  case mature
  /// Taken out of reviews, whatever its state.
  case suspended

  /// The interval, in days, from which a card counts as mature.
  static let matureInterval = 21

  /// The stage of a card with `state` (nil if never reviewed).
  init(state: CardState?, isSuspended: Bool) {
    if isSuspended {
      self = .suspended
    } else if let state {
      if state.repetitions == 0 || state.needsExtraReview {
        self = .learning
      } else {
        self = state.interval < Self.matureInterval ? .young : .mature
      }
    } else {
      self = .new
    }
  }
}

/// How many cards are in each stage, and how many are due.
struct StageCounts: Equatable, Encodable {
  var cards = 0
  var new = 0
  var learning = 0
  var young = 0
  var mature = 0
  var suspended = 0
  /// Reviewed cards, not suspended, whose due day is today or earlier.
  var dueToday = 0

  /// Counts the card `id`.
  mutating func add(_ id: String, in state: ReviewState, today: Day) {
    let card = state.cards[id]
    let isSuspended = state.suspended.contains(id)
    cards += 1
    switch CardStage(state: card, isSuspended: isSuspended) {
    case .new: new += 1
    case .learning: learning += 1
    case .young: young += 1
    case .mature: mature += 1
    case .suspended: suspended += 1
    }
    if !isSuspended, let card, card.isDue(on: today) { dueToday += 1 }
  }

  /// The counts of `ids`.
  init(_ ids: some Sequence<String>, in state: ReviewState, today: Day) {
    for id in ids { add(id, in: state, today: today) }
  }

  init() {}
}

/// Of the grades given to cards already learnt (repetitions above 0 before the grade), how many
/// were 3 or more.
struct Retention: Equatable, Encodable {
  /// Grades given to learnt cards.
  var reviews = 0
  /// Of those, the grades of 3 or more.
  var recalled = 0

  /// The share recalled, 0…1; nil without reviews.
  var rate: Double? { reviews == 0 ? nil : Double(recalled) / Double(reviews) }

  /// Counts `review` if it was of a learnt card.
  mutating func add(_ review: ReviewEvent) {
    guard review.before.repetitions > 0 else { return }
    reviews += 1
    if review.grade.isRecalled { recalled += 1 }
  }

  /// The rate as a whole percentage, or `–` without reviews.
  var percentText: String {
    rate.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
  }

  enum CodingKeys: String, CodingKey { case reviews, recalled, rate }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(reviews, forKey: .reviews)
    try container.encode(recalled, forKey: .recalled)
    try container.encode(rate, forKey: .rate)
  }
}

/// The text forms of moments and days that exports and statistics print.
enum MomentText {
  /// `date` as ISO 8601 in UTC with milliseconds, as the journal writes it:
  /// `2026-11-29T08:00:01.000Z`.
  static func iso8601(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    var days = milliseconds / 86_400_000
    var rest = milliseconds % 86_400_000
    if rest < 0 {
      days -= 1
      rest += 86_400_000
    }
    let seconds = rest / 1000
    return Day(daysSince1970: Int(days)).description + "T" + twoDigits(seconds / 3600) + ":"
      + twoDigits(seconds / 60 % 60) + ":" + twoDigits(seconds % 60) + "."
      + String(1000 + rest % 1000).dropFirst() + "Z"
  }

  private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The day of the week, 0 for Monday to 6 for Sunday.
  static func weekday(of day: Day) -> Int {
    // 1970-01-01 was a Thursday.
    ((day.daysSince1970 + 3) % 7 + 7) % 7
  }

  /// `Mon`…`Sun`.
  static func weekdayName(_ index: Int) -> String { weekdays[index] }

  /// `Jan`…`Dec` for the month 1…12.
  static func monthName(_ month: Int) -> String { months[month - 1] }

  /// `Sun 29 Nov`.
  static func short(_ day: Day) -> String {
    let (_, month, dayOfMonth) = day.components
    let number = dayOfMonth < 10 ? " \(dayOfMonth)" : "\(dayOfMonth)"
    return "\(weekdays[weekday(of: day)]) \(number) \(months[month - 1])"
  }

  private static func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}

/// Small pieces of English for reports.
enum ReportText {
  /// `1 card`, `2 cards`: the number and the noun, singular or plural.
  static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
  }

  /// `a`, `a and b`, `a, b and c`.
  static func list(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
  }
}
