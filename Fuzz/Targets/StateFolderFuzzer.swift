// libFuzzer target: ReviewStore.openReadOnly on a folder holding the input's state.json and
// reviews.jsonl, then a writer opening and closing the same folder. Built by Fuzz/run.sh.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of this process's own, on tmpfs when there is one.
private let fuzzFolder: URL = {
  let base =
    FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  let url = URL(fileURLWithPath: base).appending(path: "quiz-fuzz-state-\(getpid())")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(at: fuzzFolder) }
  return url
}()

private let utc = DayClock(timeZone: TimeZone(identifier: "UTC")!)

/// libFuzzer's entry point: loads a folder holding the input's files, then lets a writer in.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFolder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = StateInput(UnsafeBufferPointer(start: data, count: size))
  let folder = fuzzFolder
  let files = StateFolder(url: folder)
  for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
    unlink(folder.appending(path: name).path)
  }
  if let snapshot = input.snapshot { try! snapshot.write(to: files.snapshot) }
  if let journal = input.journal { try! journal.write(to: files.journal) }

  let reader: ReviewStore
  do {
    reader = try ReviewStore.openReadOnly(folder: folder)
  } catch {
    switch error {
    case .unreadableSnapshot, .newerVersion, .malformedJournalLine, .snapshotAheadOfJournal:
      return 0
    default:
      fuzzFailure("unexpected error for a read-only open: \(error)")
    }
  }
  StateChecks.state(reader.state, "read-only open")
  // The part of the journal that a current snapshot covers is not read when loading, so listing
  // every event may still find a bad line there; anything else is wrong.
  do {
    for event in try reader.journalEvents() { StateChecks.event(event) }
  } catch {
    switch error {
    case .malformedJournalLine, .newerVersion: break
    default: fuzzFailure("the journal loaded, but its events cannot be listed: \(error)")
    }
  }

  // A writer loads the same state, repairs what it must (a torn last line, a stale snapshot),
  // and leaves a folder that loads to that state again, without warnings.
  do {
    let writer = try ReviewStore.open(
      folder: folder, dayClock: utc, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    fuzzRequire(writer.state == reader.state, "the writer loaded another state than the reader")
    try writer.close()
  } catch {
    fuzzFailure("the reader opened the folder, a writer could not: \(error)")
  }
  do {
    let again = try ReviewStore.openReadOnly(folder: folder)
    fuzzRequire(again.state == reader.state, "the state changed when a writer opened and closed")
    fuzzRequire(again.warnings.isEmpty, "warnings after a writer's repair: \(again.warnings)")
  } catch {
    fuzzFailure("the folder no longer loads after a writer opened and closed it: \(error)")
  }
  return 0
}
