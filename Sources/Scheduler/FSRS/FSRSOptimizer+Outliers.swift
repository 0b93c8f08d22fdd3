extension FSRSOptimizer {
  /// What fsrs-rs's `prepare_training_data` makes of the items: the first intervals that fit the
  /// first stabilities, and the items that train the rest, both without outliers.
  struct PreparedItems {
    /// Indices (in time order) of the items that predict a card's first review a day or more
    /// after its first, in groups of the same first rating and interval that are kept.
    var firstIntervals: [Int] = []
    /// Indices (in time order) of the items whose card's first rating and first interval were
    /// not removed as outliers.
    var training: [Int] = []
  }

  /// fsrs-rs's `compute_outlier_analysis` and `train_item_survives_outlier`.
  ///
  /// Items whose review is their card's first a day or more after the start (its first
  /// interval) are grouped by the card's first rating and that interval in days. Within each
  /// first rating, the smallest groups (ties: the shorter interval first) are removed until 5%
  /// of its items (at least 20) are, and then groups of fewer than 6 items or intervals over 100
  /// days (365 for Easy) too. A card whose first rating and interval were removed is left out of
  /// the training altogether.
  static func prepare(_ set: FSRSTrainingSet) -> PreparedItems {
    let firstIntervals = firstIntervals(of: set)
    var groups: [Int: [Int32: [Int]]] = [:]
    for (index, item) in set.items.enumerated() {
      let interval = firstIntervals[Int(item.card)]
      if interval.length == item.length {
        groups[interval.rating, default: [:]][interval.days, default: []].append(index)
      }
    }
    var prepared = PreparedItems()
    var removed = Set<Pair>()
    for (rating, byDays) in groups.sorted(by: { $0.key < $1.key }) {
      let total = byDays.values.reduce(0) { $0 + $1.count }
      let limit = max(20, total / 20)
      var removedCount = 0
      // fsrs-rs sorts by size descending, then days descending, and walks the list backwards.
      let ascending = byDays.sorted { ($0.value.count, $0.key) < ($1.value.count, $1.key) }
      for (days, indices) in ascending {
        if removedCount + indices.count >= limit {
          if indices.count >= 6 && days <= (rating == 4 ? 365 : 100) {
            prepared.firstIntervals += indices
          } else {
            removed.insert(Pair(rating: rating, days: days))
          }
        } else {
          removedCount += indices.count
          removed.insert(Pair(rating: rating, days: days))
        }
      }
    }
    prepared.firstIntervals.sort()
    prepared.training = set.items.indices.filter { index in
      let interval = firstIntervals[Int(set.items[index].card)]
      return !removed.contains(Pair(rating: interval.rating, days: interval.days))
    }
    return prepared
  }

  /// A first rating and a first interval in days.
  private struct Pair: Hashable {
    let rating: Int
    let days: Int32
  }

  /// Each card's first rating, and its first review a day or more after the first: its days
  /// since the review before, and the length of the item that predicts it (0 if none).
  private static func firstIntervals(of set: FSRSTrainingSet) -> [(
    rating: Int, days: Int32, length: Int32
  )] {
    (0..<set.cardCount).map { card in
      let reviews = set.cardStarts[card]..<set.cardStarts[card + 1]
      let rating = Int(set.ratings[reviews.lowerBound])
      guard let first = reviews.first(where: { set.days[$0] > 0 }) else { return (rating, 0, 0) }
      return (rating, set.days[first], Int32(first - reviews.lowerBound + 1))
    }
  }
}
