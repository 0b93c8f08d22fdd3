import Synchronization

extension DeckCache {
  /// The updates that loads left to write, one a decks folder (the latest), in the order their
  /// folders were first loaded; shared by every copy of a ``DeckCache``.
  final class PendingUpdates: Sendable {
    private let updates = Mutex<[Update]>([])

    /// Keeps `update`, in place of one for the same decks folder still waiting.
    func add(_ update: Update) {
      updates.withLock { updates in
        if let index = updates.firstIndex(where: { $0.decks == update.decks }) {
          updates[index] = update
        } else {
          updates.append(update)
        }
      }
    }

    /// The updates waiting, which are no longer kept.
    func takeAll() -> [Update] {
      updates.withLock { updates in
        defer { updates = [] }
        return updates
      }
    }
  }
}
