import FoundationEssentials
import Scheduler

extension ReviewStore {
  /// Whether this session has a grade that ``undo()`` would take back.
  public var canUndo: Bool { !undoableReviews.isEmpty }

  /// Takes back this session's last grade not yet taken back, and returns that review; nil
  /// when there is none.
  ///
  /// The undo is a journal event of its own; the card's state becomes exactly the review's
  /// `before`, and the review no longer counts for the day (nor as the card's first, if it was).
  /// Undoing again takes back the grade before, back to the first grade of this session:
  /// grades from earlier sessions, or from before a ``merge(from:)``, are not undone.
  @discardableResult
  public func undo() throws(StateError) -> ReviewEvent? {
    let writer = try requireWriter()
    guard let review = undoableReviews.last else { return nil }
    try append(
      .undo(
        UndoEvent(
          id: writer.makeID(), at: Timestamp.normalized(writer.now()), undoes: review.id,
          card: review.card, reviewDay: review.day, restored: review.before)))
    undoableReviews.removeLast()
    return review
  }
}
