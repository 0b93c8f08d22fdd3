extension ReviewState {
  /// How many cards had their first-ever review on `day`.
  public func newCards(on day: Day) -> Int {
    newCardsByDay[day] ?? 0
  }

  /// How many grades were given on `day`.
  public func reviews(on day: Day) -> Int {
    reviewsByDay[day] ?? 0
  }

  /// The number of consecutive days with at least one review, up to `today`; a streak that
  /// ended yesterday still counts, since today's reviews may be yet to come.
  public func streak(endingOn today: Day) -> Int {
    var day = reviews(on: today) > 0 ? today : today - 1
    var length = 0
    while reviews(on: day) > 0 {
      length += 1
      day = day - 1
    }
    return length
  }

  package mutating func count(
    _ day: Day, in counts: WritableKeyPath<ReviewState, [Day: Int]>, by step: Int
  ) {
    let value = (self[keyPath: counts][day] ?? 0) + step
    self[keyPath: counts][day] = value > 0 ? value : nil
  }
}
