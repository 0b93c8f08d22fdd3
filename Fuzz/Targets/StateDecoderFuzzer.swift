// libFuzzer target: the state decoder without the file system. The snapshot part goes through
// Snapshot.decode (version probe, migration, decoding), each journal line through
// JournalEvent.decode, and the events that decode are replayed onto the snapshot's state as
// loading does. Built by Fuzz/run.sh.

import Foundation

/// libFuzzer's entry point: decodes the input's snapshot and journal lines and replays them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = StateInput(UnsafeBufferPointer(start: data, count: size))
  var replayer = Replayer(scheduler: SM2Scheduler())
  if let bytes = input.snapshot {
    do {
      let snapshot = try Snapshot.decode(bytes, file: StateChecks.snapshotURL)
      for (id, card) in snapshot.state.cards { StateChecks.card(id, card, "snapshot") }
      StateChecks.snapshotRoundTrip(snapshot, "snapshot")
      replayer = Replayer(state: snapshot.state, scheduler: SM2Scheduler())
    } catch {
      // A typed StateError is the documented outcome for a bad snapshot.
      switch error {
      case .unreadableSnapshot, .newerVersion: break
      default: fuzzFailure("unexpected error for a snapshot: \(error)")
      }
    }
  }
  if let journal = input.journal {
    for line in journal.split(separator: UInt8(ascii: "\n")) {
      StateChecks.lineReaderAgreement(Data(line))
      guard let event = try? JournalEvent.decode(line: Data(line)) else { continue }
      StateChecks.event(event)
      replayer.apply(event)
    }
  }
  StateChecks.state(replayer.state, "replayed state")
  return 0
}
