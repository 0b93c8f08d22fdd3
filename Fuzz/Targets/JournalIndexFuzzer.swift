// libFuzzer target: the reader of `journal-index.bin` (JournalDayIndex) on arbitrary bytes,
// without the file system. The input is read as an index with its body's hash checked and, so
// that mutations reach the body, without it. Whatever decodes must be an index the journal could
// have given (days and offsets increasing, offsets within what it covers, card ids the journal
// reads) and must encode to bytes that read back the same. Built by Fuzz/run.sh, which makes the
// seeds with QUIZ_FUZZ_SEEDS (see fuzzInitialize).

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's entry point: decodes the input as a journal index.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournalIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  if let checked = try? JournalDayIndex.decode(bytes) { indexChecks(checked) }
  if let unchecked = try? JournalDayIndex.decodeUnchecked(bytes) { indexChecks(unchecked) }
  return 0
}

/// An index read from bytes holds only what a writer could have put there, and its bytes read
/// back to it.
private func indexChecks(_ index: JournalDayIndex) {
  for (start, next) in zip(index.starts, index.starts.dropFirst()) {
    fuzzRequire(start.day < next.day && start.offset < next.offset, "days or offsets out of order")
  }
  fuzzRequire(
    index.starts.allSatisfy { $0.offset >= 0 && $0.offset < index.journalBytes },
    "an offset outside what the index covers")
  for kept in index.recent?.grades ?? [] {
    fuzzRequire(
      JournalEvent.problem(withCardID: kept.grade.card) == nil,
      "a kept card id the journal would not read: \(kept.grade.card.debugDescription)")
  }
  fuzzRequire(
    (try? JournalDayIndex.decode(index.encoded())) == index,
    "an index does not encode back to itself")
}

/// With `QUIZ_FUZZ_SEEDS=FOLDERS:OUT`, writes to OUT the index of the journal of each folder in
/// FOLDERS (Fuzz/corpus/state), as a writer makes it from the whole journal, then exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
) -> CInt {
  guard let spec = ProcessInfo.processInfo.environment["QUIZ_FUZZ_SEEDS"],
    let colon = spec.firstIndex(of: ":")
  else { return 0 }
  let folders = URL(fileURLWithPath: String(spec[..<colon]))
  let out = String(spec[spec.index(after: colon)...])
  var written = 0
  for name in (try? FileManager.default.contentsOfDirectory(atPath: folders.path)) ?? [] {
    let url = folders.appending(path: name).appending(path: "reviews.jsonl")
    guard let file = try? StateFile(url, flags: O_RDONLY), let identity = try? file.identity()
    else { continue }
    var index = JournalDayIndex(journal: identity)
    var lastEventID: UUID?
    guard
      let read = try? JournalReader(file: file).read(
        from: 0, keepingLines: false,
        visiting: {
          index.add($0.event, at: $0.offset)
          lastEventID = $0.event.id
        })
    else { continue }
    index.journalBytes = read.end
    index.lastEventID = lastEventID
    written += 1
    _ = FileManager.default.createFile(atPath: "\(out)/seed-\(name)", contents: index.encoded())
  }
  // _exit: what the seeding allocated is not libFuzzer's to report as leaked.
  _exit(written > 0 ? 0 : 1)
}
