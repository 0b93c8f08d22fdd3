import Glibc

extension SM2 {
  /// The probability of recall that SM-2, as a predictor, gives a review `elapsedDays` after the
  /// card's previous one when its last interval was `interval` days: 0.9^(t / I), as FSRS's
  /// benchmark (srs-benchmark) turns SM-2's interval into a prediction (its `SM2` model: the
  /// interval is taken as the days after which recall falls to 90%).
  ///
  /// Written `exp(ln 0.9 · t / I)`, in the benchmark's order of operations. An interval under a
  /// day (0, after a lapse) counts as 1 day, as the benchmark's SM-2 never schedules less.
  public static func predictedRecall(elapsedDays: Double, interval: Int) -> Double {
    exp(log(0.9) * elapsedDays / Double(max(1, interval)))
  }
}
