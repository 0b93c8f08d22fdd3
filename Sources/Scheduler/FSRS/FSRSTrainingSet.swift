import FoundationEssentials

/// A review history as FSRS's optimizer trains and evaluates on it: per card, the rating and
/// the days since the previous review of each review, and the items to predict.
///
/// An item is a review that FSRS predicts: any review of a card but its first, at least a day
/// after the review before it. It carries the card's reviews up to and including it. This is how
/// Anki's `fsrs_items_for_training` (Anki 23.10 and later, fsrs-rs's caller) makes `FSRSItem`s of
/// a card that starts new: the first review only starts the memory, and reviews on the same day
/// (learning steps) shape the memory but are not predicted, since FSRS's forgetting curve counts
/// whole days. Items are ordered by the moment of their review, as Anki sorts them by revlog id,
/// which the recency weights of training and evaluation depend on.
public struct FSRSTrainingSet: Sendable {
  /// One predicted review: the card, and how many of its reviews the item holds (2 or more).
  struct Item: Hashable, Sendable {
    let card: Int32
    let length: Int32
  }

  /// Where each card's reviews start in ``ratings`` and ``days``; one more than the cards.
  let cardStarts: [Int]
  /// The ratings 1…4 of every card's reviews, card after card.
  let ratings: [UInt8]
  /// The grades 0…5 of those reviews, as ``ratings``, when the history gave every one; nil
  /// otherwise. SM-2, evaluated as a predictor, replays them.
  let grades: [UInt8]?
  /// Days since the card's previous review (0 for its first), as ``ratings``.
  let days: [Int32]
  /// The predicted reviews, earliest first.
  let items: [Item]

  /// The cards with at least one review.
  public var cardCount: Int { cardStarts.count - 1 }
  /// All the reviews of those cards.
  public var reviewCount: Int { ratings.count }
  /// The reviews FSRS predicts, which it is fitted and evaluated on.
  public var itemCount: Int { items.count }

  /// The training set of `cards`, each card's reviews in any order; cards without reviews are
  /// left out.
  ///
  /// Each card's reviews are put in time order (reviews at the same moment keep their order),
  /// since the memory model replays them so.
  ///
  /// - Throws: The first moment that is not finite or within ``Timestamp/supportedYears``, as
  ///   ``FSRSHistoryError``, before any arithmetic on it.
  public init(cards: [[FSRSHistoryReview]], days dayCount: FSRSDayCount = .elapsed)
    throws(FSRSHistoryError)
  {
    var sorted: [[(milliseconds: Int64, review: FSRSHistoryReview)]] = []
    sorted.reserveCapacity(cards.count)
    for (cardIndex, reviews) in cards.enumerated() where !reviews.isEmpty {
      var card: [(milliseconds: Int64, review: FSRSHistoryReview)] = []
      card.reserveCapacity(reviews.count)
      for (reviewIndex, review) in reviews.enumerated() {
        guard let milliseconds = FSRSCard.milliseconds(review.moment) else {
          throw .moment(
            card: cardIndex, review: reviewIndex,
            secondsSince1970: review.moment.timeIntervalSince1970)
        }
        card.append((milliseconds, review))
      }
      // Swift's sort is stable, so reviews at the same millisecond keep the order given.
      card.sort { $0.milliseconds < $1.milliseconds }
      sorted.append(card)
    }
    self.init(sortedCards: sorted, dayCount: dayCount)
  }

  private init(
    sortedCards: [[(milliseconds: Int64, review: FSRSHistoryReview)]], dayCount: FSRSDayCount
  ) {
    let cards = sortedCards.map { card in
      card.map {
        (
          rating: Int($0.review.rating.rawValue), grade: $0.review.grade,
          milliseconds: $0.milliseconds
        )
      }
    }
    switch dayCount {
    case .elapsed:
      // Counted from the milliseconds, as FSRSScheduler counts them.
      self.init(cards: cards, days: { FSRSScheduler.days($1 - $0) })
    case .calendar(let clock):
      self.init(
        cards: cards,
        days: { previous, current in
          let from = clock.day(for: Timestamp.date(milliseconds: previous))
          let to = clock.day(for: Timestamp.date(milliseconds: current))
          return Int64(to.daysSince1970 - from.daysSince1970)
        })
    }
  }

  /// The training set of cards given as ratings 1…4 (and the grades they came from, if known)
  /// and moments in milliseconds, each card in time order, with `days` counting the days from
  /// one moment to a later one.
  init(
    cards: [[(rating: Int, grade: Grade?, milliseconds: Int64)]], days: (Int64, Int64) -> Int64
  ) {
    var cardStarts = [0]
    var ratings: [UInt8] = []
    var grades: [UInt8]? = []
    var dayCounts: [Int32] = []
    var keyed: [(milliseconds: Int64, item: Item)] = []
    for card in cards where !card.isEmpty {
      let cardIndex = Int32(cardStarts.count - 1)
      for (index, review) in card.enumerated() {
        ratings.append(UInt8(review.rating))
        if let grade = review.grade {
          grades?.append(UInt8(grade.rawValue))
        } else {
          grades = nil
        }
        guard index > 0 else {
          dayCounts.append(0)
          continue
        }
        // fsrs-rs keeps `delta_t` as a u32: never negative, and within it for any supported
        // moments.
        let elapsed = min(max(days(card[index - 1].milliseconds, review.milliseconds), 0), 1 << 30)
        dayCounts.append(Int32(elapsed))
        if elapsed > 0 {
          keyed.append((review.milliseconds, Item(card: cardIndex, length: Int32(index + 1))))
        }
      }
      cardStarts.append(ratings.count)
    }
    // By moment, then card, then review: a total order, so the items' order does not depend on
    // the sort's.
    keyed.sort {
      ($0.milliseconds, $0.item.card, $0.item.length) < (
        $1.milliseconds, $1.item.card, $1.item.length
      )
    }
    self.cardStarts = cardStarts
    self.ratings = ratings
    self.grades = grades
    self.days = dayCounts
    self.items = keyed.map(\.item)
  }

  /// The reviews of `item`: their positions in ``ratings`` and ``days``.
  func reviews(of item: Item) -> Range<Int> {
    let start = cardStarts[Int(item.card)]
    return start..<start + Int(item.length)
  }
}
