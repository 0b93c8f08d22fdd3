import Foundation

extension Snapshot {
  /// The snapshot in a parsed `state.json` of the current version, read straight from the tree
  /// instead of through `Decoder` (which took three fifths of reading it, a container and a
  /// boxed value for every field of every card); nil for anything it does not take.
  ///
  /// A shortcut, as FastJSONDecoder is: it takes only what `init(from:)` would decode without
  /// an error, with the same defaults for missing keys, and gives the same snapshot. A `null`,
  /// a value of another type, an id or a count that would be refused, and any problem at all
  /// return nil, and the caller decodes as before (which reports the error, if there is one).
  static func fromTree(_ tree: FastJSONDecoder.Value) -> Snapshot? {
    guard case .object(let members) = tree else { return nil }
    var snapshot = Snapshot()
    snapshot.journalBytes = nil
    for (key, value) in members {
      switch key {
      case "version":
        guard value.treeInteger == currentVersion else { return nil }
      case "journalEntries":
        guard let count = value.treeCount else { return nil }
        snapshot.journalEntries = count
      case "journalBytes":
        guard let count = value.treeCount else { return nil }
        snapshot.journalBytes = count
      case "lastEventID":
        guard case .string(let text) = value, let id = UUID(uuidString: text) else { return nil }
        snapshot.lastEventID = id
      case "cards":
        guard case .object(let cards) = value else { return nil }
        snapshot.state.cards.reserveCapacity(cards.count)
        for (id, card) in cards {
          guard JournalEvent.problem(withCardID: id) == nil, let state = CardState.fromTree(card)
          else { return nil }
          snapshot.state.cards[id] = state
        }
      case "suspended":
        guard case .array(let ids) = value else { return nil }
        for id in ids {
          guard case .string(let id) = id, JournalEvent.problem(withCardID: id) == nil else {
            return nil
          }
          snapshot.state.suspended.insert(id)
        }
      case "newCardsByDay", "reviewsByDay":
        guard let counts = dayCounts(value) else { return nil }
        if key == "newCardsByDay" {
          snapshot.state.newCardsByDay = counts
        } else {
          snapshot.state.reviewsByDay = counts
        }
      default:
        continue  // Unknown keys are ignored, as `init(from:)` ignores them.
      }
    }
    return snapshot
  }

  private static func dayCounts(_ value: FastJSONDecoder.Value) -> [Day: Int]? {
    guard case .object(let members) = value else { return nil }
    var counts: [Day: Int] = [:]
    counts.reserveCapacity(members.count)
    for (text, count) in members {
      guard let day = Day(text), let count = count.treeCount else { return nil }
      counts[day] = count
    }
    return counts
  }
}

extension CardState {
  /// A card's state from a parsed `state.json`, as `init(from:)` decodes it; nil for anything it
  /// would refuse, and for a `null` or a value of another type.
  static func fromTree(_ tree: FastJSONDecoder.Value) -> CardState? {
    guard case .object(let members) = tree else { return nil }
    var state = CardState(due: Day(daysSince1970: 0))
    for (key, value) in members {
      switch key {
      case "repetitions":
        guard let count = value.treeCount else { return nil }
        state.repetitions = count
      case "lapses":
        guard let count = value.treeCount else { return nil }
        state.lapses = count
      case "reviews":
        guard let count = value.treeCount else { return nil }
        state.reviews = count
      case "interval":
        guard let days = value.treeInteger, (0...SM2.maximumInterval).contains(days) else {
          return nil
        }
        state.interval = days
      case "easeFactor":
        guard case .number(let text, _) = value, let ease = Double(text), ease.isFinite,
          ease >= SM2.minimumEaseFactor
        else { return nil }
        state.easeFactor = ease
      case "due":
        guard case .string(let text) = value, let day = Day(text) else { return nil }
        state.due = day
      case "needsExtraReview":
        guard case .bool(let flag) = value else { return nil }
        state.needsExtraReview = flag
      case "lastReview":
        guard case .string(let text) = value, let date = Timestamp.parse(text) else { return nil }
        state.lastReview = date
      default:
        continue
      }
    }
    return state
  }
}

extension FastJSONDecoder.Value {
  /// The value as an `Int`, if it is an integer that fits.
  fileprivate var treeInteger: Int? {
    guard case .number(let text, true) = self else { return nil }
    return Int(text)
  }

  /// The value as a count the files may hold (0…``CardState/maximumCount``).
  fileprivate var treeCount: Int? {
    guard let value = treeInteger, (0...CardState.maximumCount).contains(value) else {
      return nil
    }
    return value
  }
}
