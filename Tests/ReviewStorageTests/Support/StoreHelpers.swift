import Foundation
import ReviewStorage
import Scheduler
import SchedulerTestSupport

/// Opens `folder` for writing with days in UTC from midnight, at the times `clock` shows.
func openStore(
  _ folder: URL, clock: TestClock, compactionThreshold: Int = 512
) throws -> ReviewStore {
  try ReviewStore.open(
    folder: folder, dayClock: utcMidnight, now: { clock.now },
    compactionThreshold: compactionThreshold)
}

/// The journal and snapshot files of a state folder.
extension URL {
  var journal: URL { appending(path: "reviews.jsonl") }
  var snapshot: URL { appending(path: "state.json") }
}

/// The JSON object on one line of text.
func jsonObject(_ line: String) throws -> [String: Any] {
  try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
}
