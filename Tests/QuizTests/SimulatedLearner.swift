import Foundation
import ReviewStorage
import Scheduler

/// A learner whose memory follows FSRS-6 with weights of its own, reviewing when SM-2 (quiz's
/// default scheduler) makes cards due, at 08:00 each day, every grade recorded through
/// `ReviewStore` into a state folder: a history to fit and evaluate FSRS on.
///
/// As `Scripts/fsrs-reference/fit.py`'s learner: a review is recalled with the probability the
/// learner's own memory gives, and recalled reviews are rated Hard, Good or Easy at random; a
/// card's first review is rated at random. Ratings become grades as quiz maps them back (Again
/// 1, Hard 3, Good 4, Easy 5). The same seed gives the same journal, on any machine.
struct SimulatedLearner {
  /// The learner's true weights: fit.py's learner for `fit-small.txt`, drawn around FSRS-6's
  /// defaults.
  static let trueWeights: [Double] = [
    0.2208, 1.7455, 2.7607, 8.4225, 7.9303, 0.6270, 3.9291, 0.001, 2.2745, 0.1856, 1.0852,
    1.1673, 0.0727, 0.2648, 1.9094, 0.6494, 1.8487, 0.5563, 0.0595, 0.0864, 0.1853,
  ]

  /// The cards learnt, introduced `newPerDay` a day from the first day.
  var cards = 120
  var newPerDay = 4
  /// The days of reviews, from 2025-01-01.
  var days = 365
  var seed: UInt64 = 7
  /// The most grades a card gets on one day (SM-2 keeps a card failed today due today).
  var repeatsPerDay = 4

  static let firstDay = Day(year: 2025, month: 1, day: 1)!

  /// The card ids, which no test deck uses.
  func id(_ card: Int) -> String { "sim-\(card)" }

  /// Records the history into `folder` (days in UTC, the first answer of a day at 08:00, the
  /// others 20 to 90 s apart); returns how many grades it recorded.
  @discardableResult
  func record(into folder: URL) throws -> Int {
    var random = SeededGenerator(seed: seed)
    let model = FSRSScheduler(
      parameters: try FSRSParameters(weights: Self.trueWeights, fuzzing: false))
    var memories: [FSRSCard?] = Array(repeating: nil, count: cards)
    final class Clock: @unchecked Sendable { var now = Date(timeIntervalSince1970: 0) }
    let clock = Clock()
    var introduced = 0
    var recorded = 0
    // One writer for the whole year, on a clock the simulation moves: a session a day would
    // only add a snapshot a day.
    let store = try ReviewStore.open(
      folder: folder, dayClock: DayClock(timeZone: .gmt, dayStartHour: 0), now: { clock.now })
    for offset in 0..<days {
      let day = Self.firstDay + offset
      clock.now = Date(timeIntervalSince1970: Double(day.daysSince1970) * 86_400 + 8 * 3600)
      var queue = (0..<introduced).filter { store.state(of: id($0))?.isDue(on: day) ?? false }
      let fresh = min(newPerDay, cards - introduced)
      queue += introduced..<introduced + fresh
      introduced += fresh
      var seen = [Int: Int]()
      while !queue.isEmpty {
        let card = queue.removeFirst()
        let rating = Self.rating(memories[card], at: clock.now, model: model, using: &random)
        let memory = memories[card] ?? FSRSCard(due: clock.now)
        memories[card] = model.review(memory, rating: rating, at: clock.now) { 0 }.card
        let after = try store.record(Self.grade(rating), for: id(card))
        recorded += 1
        seen[card, default: 0] += 1
        if after.isDue(on: day), seen[card, default: 0] < repeatsPerDay { queue.append(card) }
        clock.now += Double(Int.random(in: 20...90, using: &random))
      }
    }
    try store.close()
    return recorded
  }

  /// The learner's rating of a card whose memory is `memory` (nil before its first review).
  static func rating(
    _ memory: FSRSCard?, at moment: Date, model: FSRSScheduler,
    using random: inout SeededGenerator
  ) -> FSRSRating {
    let roll = Double.random(in: 0..<1, using: &random)
    guard let memory else {
      return roll < 0.2 ? .again : roll < 0.35 ? .hard : roll < 0.85 ? .good : .easy
    }
    guard Double.random(in: 0..<1, using: &random) < model.retrievability(of: memory, at: moment)
    else { return .again }
    return roll < 0.15 ? .hard : roll < 0.85 ? .good : .easy
  }

  /// The grade quiz maps to `rating`.
  static func grade(_ rating: FSRSRating) -> Grade {
    switch rating {
    case .again: 1
    case .hard: 3
    case .good: 4
    case .easy: 5
    }
  }
}
