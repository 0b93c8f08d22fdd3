import Scheduler

/// One card in an export: its deck's view of it, if a deck still has it, and its review state.
public struct ExportRow: Sendable {
  /// The card's id.
  public var id: String
  /// The card, or nil when no deck has it any more.
  public var card: TrackedCard?
  /// The review state, or nil when the card was never reviewed.
  public var state: CardState?
  /// Whether the card is suspended.
  public var isSuspended: Bool

  /// The rows for `cards`, in deck order; with `includingOrphans`, then the ids that have a
  /// state (or a suspension) but are in none of `allCards`, sorted.
  public static func rows(
    cards: [TrackedCard], allCards: some Sequence<String>, state: ReviewState,
    includingOrphans: Bool
  ) -> [ExportRow] {
    var rows = cards.map {
      ExportRow(
        id: $0.id, card: $0, state: state.cards[$0.id],
        isSuspended: state.suspended.contains($0.id))
    }
    guard includingOrphans else { return rows }
    let known = Set(allCards)
    let orphans = Set(state.cards.keys).union(state.suspended).subtracting(known)
    for id in orphans.sorted() {
      rows.append(
        ExportRow(
          id: id, card: nil, state: state.cards[id], isSuspended: state.suspended.contains(id)))
    }
    return rows
  }

  /// The column names, in order; CSV's header row.
  public static let columns = [
    "id", "deck", "topic", "kind", "repetitions", "easeFactor", "interval", "due", "lapses",
    "reviews", "lastReview", "needsExtraReview", "suspended",
  ]

  /// A never-reviewed card's state, for its numbers; it has no due day.
  var shownState: CardState { state ?? .new(due: Day(daysSince1970: 0)) }

  /// The values in the order of ``columns``; empty for what is absent.
  public var fields: [String] {
    let shown = shownState
    return [
      id, card?.deck ?? "", card?.topic ?? "", card?.kind ?? "",
      String(shown.repetitions), String(shown.easeFactor), String(shown.interval),
      state.map(\.due.description) ?? "", String(shown.lapses), String(shown.reviews),
      state?.lastReview.map(Timestamp.format) ?? "", String(shown.needsExtraReview),
      String(isSuspended),
    ]
  }
}
