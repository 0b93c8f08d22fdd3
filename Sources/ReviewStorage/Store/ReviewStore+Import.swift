import Basics
import FoundationEssentials
import Scheduler

extension ReviewStore {
  /// Appends each of `events` whose id the journal does not hold yet, in order, and returns how
  /// many it appended: so bringing in the same states again writes nothing.
  ///
  /// Each event must be an ``ImportEvent`` or a ``SuspensionEvent``, with an id derived from
  /// what it brings in (see ``JournalEvent/derivedID(_:)``).
  @discardableResult
  public func appendImported(_ events: [JournalEvent]) throws(StateError) -> Int {
    _ = try requireWriter()
    for event in events {
      guard let card = event.card else {
        throw .notWritable(folder: folder, reason: "an imported event names no card")
      }
      try requireReadableID(card)
      // A value the journal would refuse on reading (a moment in the year 318857) would make
      // every later read of the folder fail: checked by the journal's own reader.
      do {
        _ = try JournalEvent.decode(line: try event.encodedLine())
      } catch JournalEvent.LineError.malformed(let reason) {
        throw .notWritable(
          folder: folder, reason: "the imported state of \(card) would not read back: \(reason)")
      } catch {
        throw .notWritable(
          folder: folder, reason: "the imported state of \(card) would not read back: \(error)")
      }
    }
    var known = Set(try journalEvents().lazy.map(\.id))
    var appended = 0
    for event in events where known.insert(event.id).inserted {
      try append(event)
      appended += 1
    }
    return appended
  }
}

extension ReviewStore {
  /// The cards that already have progress here which `events` (imported, as for
  /// ``appendImported(_:)``) would change: a state an ``ImportEvent`` would replace, a card with
  /// a state that a ``SuspensionEvent`` would suspend or bring back. An event the journal holds
  /// already changes nothing.
  public func cardsWithProgress(changedBy events: [JournalEvent]) throws(StateError) -> Set<String>
  {
    let known = Set(try journalEvents().lazy.map(\.id))
    var cards: Set<String> = []
    for event in events where !known.contains(event.id) {
      switch event {
      case .imported(let imported):
        if let current = state(of: imported.card), imported.replaces(current) {
          cards.insert(imported.card)
        }
      case .suspension(let suspension):
        if state(of: suspension.card) != nil, isSuspended(suspension.card) != suspension.isSuspended
        {
          cards.insert(suspension.card)
        }
      default: break
      }
    }
    return cards
  }
}

extension JournalEvent {
  /// A UUID made from `text` alone (two FNV-1a-64 hashes with different offsets), shaped as a
  /// version-8 UUID: the same text gives the same id on every machine. Not for secrets.
  public static func derivedID(_ text: String) -> UUID {
    var high = FNV1a64()
    var low = FNV1a64(offset: 0x84222325_cbf29ce4)
    high.add(text)
    low.add(text)
    var bytes =
      (0..<8).map { UInt8(truncatingIfNeeded: high.value >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: low.value >> (56 - 8 * $0)) }
    bytes[6] = (bytes[6] & 0x0F) | 0x80
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
