import FoundationEssentials

extension FSRSTrainingSet {
  /// How well SM-2 predicts the same items as FSRS (``evaluate(_:)``): each card's grades
  /// replayed through ``SM2/review(_:grade:on:at:)`` from a new card, and each item's recall
  /// predicted from the interval SM-2 had set before it (``SM2/predictedRecall(elapsedDays:interval:)``),
  /// with the same log loss and RMSE (bins). Nil without items, or when the history did not give
  /// every review's grade 0…5 (SM-2 reads grades, not FSRS's four ratings).
  public func evaluateSM2() -> FSRSEvaluation? {
    guard let predicted = sm2Predictions() else { return nil }
    return evaluate(predicted: predicted)
  }

  /// SM-2's predicted recall at each review after a card's first (1 at the first), in the order
  /// of ``ratings``; nil without grades.
  func sm2Predictions() -> [Double]? {
    guard let grades else { return nil }
    var predicted = [Double](repeating: 1, count: ratings.count)
    for card in 0..<cardCount {
      // The days are counted from the card's first review; SM-2's intervals depend on the
      // grades alone, its due days on these.
      var day = Day(daysSince1970: 0)
      var state = CardState.new(due: day)
      for position in cardStarts[card]..<cardStarts[card + 1] {
        if position > cardStarts[card] {
          predicted[position] = SM2.predictedRecall(
            elapsedDays: Double(days[position]), interval: state.interval)
          day = day + Int(days[position])
        }
        let moment = Date(timeIntervalSince1970: Double(day.daysSince1970) * 86_400)
        // Grades in a training set come from `Grade` values.
        let grade = Grade(rawValue: Int(grades[position]))!
        state = SM2.review(state, grade: grade, on: day, at: moment)
      }
    }
    return predicted
  }
}
