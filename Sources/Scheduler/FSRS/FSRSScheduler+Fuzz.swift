// The fuzz of py-fsrs 6.3.2's `Scheduler._get_fuzzed_interval`, with its `random()` given by the
// caller.
extension FSRSScheduler {
  /// A band of intervals and how much of each day in it may move: py-fsrs's `FUZZ_RANGES`.
  private struct FuzzRange {
    let start: Double
    let end: Double
    let factor: Double
  }

  private static let fuzzRanges = [
    FuzzRange(start: 2.5, end: 7.0, factor: 0.15),
    FuzzRange(start: 7.0, end: 20.0, factor: 0.1),
    FuzzRange(start: 20.0, end: .infinity, factor: 0.05),
  ]

  /// `days` moved to a day drawn evenly from its fuzz range, by `uniform()` in [0, 1); `days`
  /// itself, with no draw, below 3 days.
  func fuzzed(_ days: Int, uniform: () -> Double) -> Int {
    // py-fsrs compares the whole days with 2.5.
    if Double(days) < 2.5 {
      return days
    }
    let (low, high) = fuzzRange(days)
    let draw = uniform()
    precondition(draw >= 0 && draw < 1, "A uniform draw is in [0, 1), not \(draw)")
    let drawn = (draw * Double(high - low + 1) + Double(low)).rounded(.toNearestOrEven)
    // Rounding a draw near the top of the range can give `high + 1`, as in py-fsrs; only the
    // maximum interval bounds it.
    return min(Int(drawn), parameters.maximumInterval)
  }

  /// `_get_fuzz_range`: the least and most days `days` may become.
  private func fuzzRange(_ days: Int) -> (low: Int, high: Int) {
    var delta = 1.0
    for range in Self.fuzzRanges {
      delta += range.factor * max(min(Double(days), range.end) - range.start, 0.0)
    }
    var low = Int((Double(days) - delta).rounded(.toNearestOrEven))
    var high = Int((Double(days) + delta).rounded(.toNearestOrEven))
    low = max(2, low)
    high = min(high, parameters.maximumInterval)
    low = min(low, high)
    return (low, high)
  }
}
