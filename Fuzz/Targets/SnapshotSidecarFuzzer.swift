// libFuzzer target: the reader of `state.bin` (SnapshotSidecar) on arbitrary bytes, without the
// file system. The input is read as a sidecar with its hashes checked against an empty
// `state.json` and, so that mutations reach the decoder, without them. Whatever decodes must be
// a snapshot that `state.json` could hold (written as JSON, it reads back the same) and that
// encodes to a sidecar reading back the same. Built by Fuzz/run.sh, which makes the seeds with
// QUIZ_FUZZ_SEEDS (see fuzzInitialize).

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's entry point: decodes the input as a sidecar.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshotSidecar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  if let checked = SnapshotSidecar.decode(bytes, json: Data()) { sidecarRoundTrip(checked) }
  if let unchecked = SnapshotSidecar.decodeUnchecked(bytes) { sidecarRoundTrip(unchecked) }
  _ = SnapshotSidecar.isNewer(bytes)
  return 0
}

/// A snapshot read from a sidecar is one the JSON reader takes as it is, and its sidecar reads
/// back to it, with the hashes checked.
private func sidecarRoundTrip(_ snapshot: Snapshot) {
  for (id, card) in snapshot.state.cards { StateChecks.card(id, card, "sidecar") }
  StateChecks.snapshotRoundTrip(snapshot, "sidecar")
  let json = snapshot.encoded()
  fuzzRequire(
    SnapshotSidecar.decode(SnapshotSidecar.encode(snapshot, json: json), json: json) == snapshot,
    "a sidecar's snapshot does not encode back to itself")
}

/// With `QUIZ_FUZZ_SEEDS=FOLDERS:OUT`, writes to OUT the sidecar of the `state.json` of each
/// folder in FOLDERS (Fuzz/corpus/state), then exits.
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
    let url = folders.appending(path: name).appending(path: "state.json")
    guard let json = try? Data(contentsOf: url),
      let snapshot = try? Snapshot.decode(json, file: url)
    else { continue }
    written += 1
    _ = FileManager.default.createFile(
      atPath: "\(out)/seed-\(name)", contents: SnapshotSidecar.encode(snapshot, json: json))
  }
  // _exit: what the seeding allocated is not libFuzzer's to report as leaked.
  _exit(written > 0 ? 0 : 1)
}
