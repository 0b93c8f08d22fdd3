import ReviewStorage
import Scheduler

/// Numbers crossing between an Anki package and quiz, in either direction: the one place they
/// are checked, so that no arithmetic on a number from a stranger's package, or on a value the
/// journal accepts, can overflow.
///
/// Anki's columns are 64-bit integers (SQLite reads a REAL as the nearest one), any of which a
/// package may hold; quiz's values have narrower ranges, named here.
enum AnkiNumber {
  /// Template and cloze numbers less one (`cards.ord`); beyond any note type Anki makes.
  static let ordinals = 0...99_999
  /// Day numbers (`cards.due` of a review card, Anki's today): 11 million years either way, so
  /// that their difference cannot overflow.
  static let dayNumbers = -(1 << 32)...(1 << 32)
  /// Days from today a card can be due on import: a century either way.
  static let dueOffsets = -36_500...36_500
  /// Intervals in days: SM-2's.
  static let intervals = 1...SM2.maximumInterval
  /// Ease factors × 1000: SM-2's minimum to 1000 (975 straight Easy answers from 2.5).
  static let factors = 1_300...1_000_000
  /// Review and lapse counts: as many as the journal holds (2^53).
  static let counts = 0...(1 << 53)
  /// The time an answer took, in milliseconds: up to an hour, as Anki's own limit.
  static let answerMilliseconds = 0...3_600_000

  /// `value`, when `range` holds it.
  static func checked(_ value: Int64, in range: ClosedRange<Int>) -> Int? {
    range.contains(Int(value)) ? Int(value) : nil
  }

  /// `value`, or the end of `range` it is beyond.
  static func clamped(_ value: Int64, to range: ClosedRange<Int>) -> Int {
    Int(min(max(value, Int64(range.lowerBound)), Int64(range.upperBound)))
  }

  /// `value` rounded, or the end of `range` it is beyond; NaN is the lower end.
  static func clamped(_ value: Double, to range: ClosedRange<Int>) -> Int {
    let rounded = value.rounded()
    guard rounded > Double(range.lowerBound) else { return range.lowerBound }
    guard rounded < Double(range.upperBound) else { return range.upperBound }
    return Int(rounded)
  }
}
