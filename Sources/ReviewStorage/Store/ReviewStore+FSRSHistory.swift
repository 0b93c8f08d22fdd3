import FoundationEssentials
import Scheduler

/// The journal's grades as FSRS's optimizer reads a history: per card, the moment and rating of
/// each review in effect, in time order.
public struct FSRSJournalHistory: Sendable {
  /// Per card, in the order of their first review in the journal: the card's reviews in time
  /// order (reviews at the same moment in journal order).
  public var cards: [[FSRSHistoryReview]]
  /// The reviews of ``cards``.
  public var reviewCount: Int
  /// The cards left out because none of their reviews in effect was of a new card (their state
  /// was brought in by `quiz import`): where their memory started is not in the journal.
  public var cardsWithoutStart: Int

  /// A history of `cards`, with `cardsWithoutStart` cards left out.
  public init(cards: [[FSRSHistoryReview]], cardsWithoutStart: Int = 0) {
    self.cards = cards
    reviewCount = cards.reduce(0) { $0 + $1.count }
    self.cardsWithoutStart = cardsWithoutStart
  }
}

extension ReviewStore {
  /// The reviews in effect (undone ones left out), per card and in time order, as FSRS's
  /// optimizer and its evaluation read them: each grade kept, and mapped to its rating (0–2
  /// Again, 3 Hard, 4 Good, 5 Easy).
  ///
  /// A card none of whose reviews in effect was of a new card (each `before` counts reviews: a
  /// state imported from Anki) is left out, since FSRS replays a card's memory from its first
  /// review. Reads the journal as ``forEachReviewInEffect(findingDamageFirst:_:)`` does.
  public func fsrsHistory() throws(StateError) -> FSRSJournalHistory {
    var places: [String: Int] = [:]
    var cards: [[FSRSHistoryReview]] = []
    var started: [Bool] = []
    try forEachReviewInEffect { event in
      let review = FSRSHistoryReview(moment: event.at, grade: event.grade)
      let place: Int
      if let known = places[event.card] {
        place = known
        cards[place].append(review)
      } else {
        place = cards.count
        places[event.card] = place
        cards.append([review])
        started.append(false)
      }
      if event.before.reviews == 0 { started[place] = true }
    }
    var kept: [[FSRSHistoryReview]] = []
    kept.reserveCapacity(cards.count)
    for (index, var card) in cards.enumerated() where started[index] {
      // Stable: reviews at the same moment keep the journal's order.
      card.sort { $0.moment < $1.moment }
      kept.append(card)
    }
    return FSRSJournalHistory(cards: kept, cardsWithoutStart: cards.count - kept.count)
  }
}
