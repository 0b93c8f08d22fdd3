import FoundationEssentials
import Scheduler

/// Reads a `state.json` of the form quiz writes straight from its bytes into a ``Snapshot``,
/// without a tree of values in between: every start reads the snapshot, and such a tree would be
/// built and freed only for its values to be copied out.
///
/// A shortcut: it takes only the keys quiz writes, each at most once, with values that
/// `init(from:)` would accept (the version this code writes, counts in range, valid ids, days
/// and moments), integers as `-?digits`, and no `null`; for anything else it returns nil and the
/// snapshot is decoded by `JSONDecoder`, which reports the error if there is one.
enum SnapshotReader {
  /// The snapshot in `data`, or nil if the shortcut does not apply.
  static func read(_ data: Data) -> Snapshot? {
    data.withUnsafeBytes { raw in
      var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self), allowsWhitespace: true)
      guard let snapshot = scanner.snapshot(), scanner.isAtEnd() else { return nil }
      return snapshot
    }
  }
}

extension JSONScanner {
  /// A `state.json`, as ``Snapshot`` writes it.
  mutating func snapshot() -> Snapshot? {
    guard consume("{") else { return nil }
    var snapshot = Snapshot()
    snapshot.journalBytes = nil
    var seen: [String] = []
    repeat {
      guard let key = string(), !seen.contains(key), consume(":") else { return nil }
      seen.append(key)
      switch key {
      case "version":
        guard integer() == Snapshot.currentVersion else { return nil }
      case "journalEntries":
        guard let count = count() else { return nil }
        snapshot.journalEntries = count
      case "journalBytes":
        guard let count = count() else { return nil }
        snapshot.journalBytes = count
      case "scheduler":
        guard let name = string(), let kind = SchedulerKind(rawValue: name) else { return nil }
        snapshot.scheduler = kind
      case "lastEventID":
        guard let text = string(), let id = UUID(uuidString: text) else { return nil }
        snapshot.lastEventID = id
      case "cards":
        guard cards(into: &snapshot.state.cards) else { return nil }
      case "suspended":
        guard consume("[") else { return nil }
        if !consume("]") {
          repeat {
            guard let id = string(), JournalEvent.problem(withCardID: id) == nil else {
              return nil
            }
            snapshot.state.suspended.insert(id)
          } while consume(",")
          guard consume("]") else { return nil }
        }
      case "newCardsByDay", "reviewsByDay":
        guard let counts = dayCounts() else { return nil }
        if key == "newCardsByDay" {
          snapshot.state.newCardsByDay = counts
        } else {
          snapshot.state.reviewsByDay = counts
        }
      default:
        return nil
      }
    } while consume(",")
    // A snapshot without its version is left to the decoder, which knows what that means.
    guard consume("}"), seen.contains("version") else { return nil }
    return snapshot
  }

  private mutating func cards(into cards: inout [String: CardState]) -> Bool {
    guard consume("{") else { return false }
    if consume("}") { return true }
    repeat {
      guard let id = string(), JournalEvent.problem(withCardID: id) == nil, consume(":"),
        let state = cardState(), cards.updateValue(state, forKey: id) == nil
      else { return false }
    } while consume(",")
    return consume("}")
  }

  private mutating func dayCounts() -> [Day: Int]? {
    guard consume("{") else { return nil }
    var counts: [Day: Int] = [:]
    if consume("}") { return counts }
    repeat {
      guard let text = string(), let day = Day(text), consume(":"), let count = count(),
        counts.updateValue(count, forKey: day) == nil
      else { return nil }
    } while consume(",")
    return consume("}") ? counts : nil
  }
}
