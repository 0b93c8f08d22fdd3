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
  /// The cards left out because none of their reviews in effect was of a new card and none of
  /// their imported reviews starts their memory (a state brought in by `quiz import` without
  /// its review log): where their memory started is not in the journal.
  public var cardsWithoutStart: Int

  /// A history of `cards`, with `cardsWithoutStart` cards left out.
  public init(cards: [[FSRSHistoryReview]], cardsWithoutStart: Int = 0) {
    self.cards = cards
    reviewCount = cards.reduce(0) { $0 + $1.count }
    self.cardsWithoutStart = cardsWithoutStart
  }
}

extension ReviewStore {
  /// The reviews in effect (undone ones left out) and the reviews imported as history, per card
  /// and in time order, as FSRS's optimizer and its evaluation read them: each grade kept, and
  /// mapped to its rating (0–2 Again, 3 Hard, 4 Good, 5 Easy).
  ///
  /// A card's memory starts at its last imported review marked first (``HistoryEvent/isFirst``),
  /// whose earlier reviews are left out, as Anki leaves out those before a card was reset; else
  /// at its first review as a new card. A card with neither (each `before` counts reviews: a
  /// state imported from Anki without its review log) is left out, since FSRS replays a card's
  /// memory from its first review. Reads the journal as
  /// ``forEachReviewInEffect(findingDamageFirst:_:)`` does.
  public func fsrsHistory() throws(StateError) -> FSRSJournalHistory {
    var places: [String: Int] = [:]
    var cards: [[FSRSHistoryReview]] = []
    var startedInQuiz: [Bool] = []
    var importedStarts: [Date?] = []
    func place(of card: String) -> Int {
      if let known = places[card] { return known }
      places[card] = cards.count
      cards.append([])
      startedInQuiz.append(false)
      importedStarts.append(nil)
      return cards.count - 1
    }
    try forEachJournalEvent { event, isUndone in
      switch event {
      case .review(let review) where !isUndone:
        let place = place(of: review.card)
        cards[place].append(FSRSHistoryReview(moment: review.at, grade: review.grade))
        if review.before.reviews == 0 { startedInQuiz[place] = true }
      case .history(let history):
        let place = place(of: history.card)
        cards[place].append(FSRSHistoryReview(moment: history.at, grade: history.grade))
        if history.isFirst {
          importedStarts[place] = max(importedStarts[place] ?? history.at, history.at)
        }
      default:
        break
      }
    }
    var kept: [[FSRSHistoryReview]] = []
    kept.reserveCapacity(cards.count)
    for (index, var card) in cards.enumerated() {
      let start = importedStarts[index]
      guard start != nil || startedInQuiz[index] else { continue }
      // Stable: reviews at the same moment keep the journal's order.
      card.sort { $0.moment < $1.moment }
      if let start { card.removeAll { $0.moment < start } }
      kept.append(card)
    }
    return FSRSJournalHistory(cards: kept, cardsWithoutStart: cards.count - kept.count)
  }
}
