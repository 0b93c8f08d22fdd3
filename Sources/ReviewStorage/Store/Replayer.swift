import FoundationEssentials
import Scheduler

/// Applies journal events, in journal order, to a ``ReviewState``.
///
/// A review's recorded `after` is taken as it is when the card's state matches the review's
/// `before`, which it always does in one machine's journal. After a merge, one machine's review
/// may follow another's of the same card that it never saw; then the grade is applied again
/// by the scheduler to the state the card actually has, so neither review is lost.
///
/// An undo takes its review out of the card's history: the card goes back to the state before
/// that review, and later reviews of the card, if a merge put any there, are applied again.
struct Replayer {
  /// A review as it was applied: the event and the card's state just before it.
  private struct Applied {
    let event: ReviewEvent
    let before: CardState?
  }

  /// Of a history event, what a card's memory is computed from (``give(_:_:)``), in 32 bytes
  /// without the event's strings: an import may bring millions.
  private struct Remembered {
    let at: Date
    /// What orders the events of one moment.
    let id: UUID
    let grade: UInt8
    let isFirst: Bool

    init(_ event: HistoryEvent) {
      at = event.at
      id = event.id
      grade = UInt8(event.grade.rawValue)
      isFirst = event.isFirst
    }
  }

  private(set) var state: ReviewState
  /// The reviews applied in this replay, by card; those before it (covered by `state.json`)
  /// are not here, which the undo event's own record makes up for.
  private var history: [String: [Applied]] = [:]
  private var undone: Set<UUID> = []
  /// The ids of the events applied in this replay: events are unique by id, so one seen again
  /// (a duplicated line) is skipped rather than counted twice.
  private var applied: Set<UUID> = []
  /// How many events were skipped as seen before.
  private(set) var duplicates = 0
  /// Under a scheduler that reads it (FSRS), each card's history events applied in this replay:
  /// what its imported state's memory is computed from.
  private var importedHistory: [String: [Remembered]] = [:]
  /// Under such a scheduler, the cards whose state an import event set: the state it brought,
  /// and the one given (with memory), so that a history event read after the import (a merge
  /// puts events in time order, a history's before its import's, but a journal copied by hand
  /// need not) can give it again while nothing has changed it since.
  private var imports: [String: (brought: CardState, given: CardState)] = [:]

  /// What computes a review's state when its recorded one cannot be taken as it is.
  let scheduler: any ReviewScheduler

  init(state: ReviewState = ReviewState(), scheduler: any ReviewScheduler) {
    self.state = state
    self.scheduler = scheduler
  }

  mutating func apply(_ event: JournalEvent) {
    guard applied.insert(event.id).inserted else {
      duplicates += 1
      return
    }
    applyNew(event)
  }

  /// ``apply(_:)`` of an event whose id no other event of the journal has (looked for in the
  /// whole journal, as ``ReviewStore/appendImported(_:history:)`` does): its id is not kept, so
  /// that an import of millions of events does not keep them all.
  mutating func applyNew(_ event: JournalEvent) {
    switch event {
    case .review(let review):
      apply(review)
    case .undo(let undo):
      apply(undo)
    case .suspension(let suspension):
      if suspension.isSuspended {
        state.suspended.insert(suspension.card)
      } else {
        state.suspended.remove(suspension.card)
      }
    case .imported(let imported):
      if imported.replaces(state.cards[imported.card]) {
        give(imported.card, imported.state)
      }
    case .history(let history):
      // A review done elsewhere is history only: the import event beside it gives the state,
      // and under FSRS its memory.
      guard scheduler.readsImportedHistory else { break }
      importedHistory[history.card, default: []].append(Remembered(history))
      if let (brought, given) = imports[history.card], state.cards[history.card] == given {
        give(history.card, brought)
      }
    case .tornLine:
      break
    }
  }

  /// Sets `card`'s state to `brought` by an import event: under FSRS, with the memory of the
  /// card's history events from the last that starts it.
  private mutating func give(_ card: String, _ brought: CardState) {
    guard scheduler.readsImportedHistory else {
      state.cards[card] = brought
      return
    }
    // In time order, ties by id: the same whatever order the journal holds them in.
    let events = (importedHistory[card] ?? []).sorted {
      $0.at != $1.at ? $0.at < $1.at : $0.id.journalText < $1.id.journalText
    }
    var reviews: [FSRSHistoryReview] = []
    if let start = events.lastIndex(where: \.isFirst) {
      reviews = events[start...].map {
        FSRSHistoryReview(moment: $0.at, grade: Grade(rawValue: Int($0.grade)) ?? 0)
      }
    }
    let given = scheduler.importedState(brought, replaying: reviews)
    state.cards[card] = given
    imports[card] = (brought, given)
  }

  private mutating func apply(_ review: ReviewEvent) {
    let current = state.cards[review.card]
    let base = current ?? .new(due: review.day)
    // The recorded state is taken when it was computed from this very state by this scheduler;
    // else (after a merge, or under another scheduler than the one that recorded it) the grade
    // is applied again.
    let after =
      base == review.before && review.after.scheduler == scheduler.kind
      ? review.after : scheduler.review(base, grade: review.grade, on: review.day, at: review.at)
    state.cards[review.card] = after
    state.count(review.day, in: \.reviewsByDay, by: 1)
    if current == nil { state.count(review.day, in: \.newCardsByDay, by: 1) }
    history[review.card, default: []].append(Applied(event: review, before: current))
  }

  private mutating func apply(_ undo: UndoEvent) {
    guard undone.insert(undo.undoes).inserted else { return }
    guard var applied = history[undo.card],
      let index = applied.lastIndex(where: { $0.event.id == undo.undoes })
    else {
      // The review is older than this replay; it was the card's last, so its record says all.
      state.count(undo.reviewDay, in: \.reviewsByDay, by: -1)
      if undo.restored.reviews == 0 {
        state.count(undo.reviewDay, in: \.newCardsByDay, by: -1)
        state.cards[undo.card] = nil
      } else {
        state.cards[undo.card] = undo.restored
      }
      return
    }
    for review in applied[index...] {
      state.count(review.event.day, in: \.reviewsByDay, by: -1)
      if review.before == nil { state.count(review.event.day, in: \.newCardsByDay, by: -1) }
    }
    let later = applied[(index + 1)...].map(\.event)
    state.cards[undo.card] = applied[index].before
    applied.removeSubrange(index...)
    history[undo.card] = applied
    for review in later { apply(review) }
  }
}
