import Basics
import FoundationEssentials
import Scheduler

/// `state.bin`: the snapshot of `state.json` in a compact binary form, written beside it with
/// each snapshot, so that a start reads its states without scanning JSON, whose cost grows with
/// every card ever reviewed. See docs/state-format.md and docs/caches.md.
///
/// A cache of a cache: it names the length and a 64-bit hash of the `state.json` bytes it was
/// made from, and is used only when the `state.json` there now has exactly those; it also hashes
/// itself. Anything else (missing, another snapshot's, cut short, damaged, of another format
/// version, values out of the ranges the JSON reader takes) and the JSON is read as before. It is
/// never trusted over `state.json`, and it decodes to the same ``Snapshot`` the JSON does.
enum SnapshotSidecar {
  /// The format version this code writes and reads; any other is not used (and is replaced with
  /// the next snapshot, since it cannot belong to a snapshot this code wrote).
  /// Version 2 added the snapshot's scheduler and a card's FSRS memory.
  static let currentVersion: UInt32 = 2
  /// The first bytes of every sidecar.
  static let magic = Array("quiz-state.bin\n\0".utf8)
  /// The magic, the version, and the lengths and hashes of the snapshot and of the body.
  static let headLength = 16 + 4 + 4 * 8

  /// The sidecar of `snapshot`, whose `state.json` is `json`.
  static func encode(_ snapshot: Snapshot, json: Data) -> Data {
    var body = ByteWriter()
    body.reserve(64 + snapshot.state.cards.count * 80)
    body.append(UInt64(snapshot.version))
    body.append(UInt64(snapshot.journalEntries))
    body.append(snapshot.journalBytes.map(UInt64.init))
    body.append(uuid: snapshot.lastEventID)
    body.append(snapshot.scheduler == .fsrs)
    body.append(UInt64(snapshot.state.cards.count))
    for (id, card) in snapshot.state.cards {
      body.append(id: id)
      body.append(UInt64(card.repetitions))
      body.append(card.easeFactor.bitPattern)
      body.append(UInt64(card.interval))
      body.append(day: card.due)
      body.append(UInt64(card.lapses))
      body.append(UInt64(card.reviews))
      body.append(
        (card.needsExtraReview ? 1 : 0) | (card.lastReview == nil ? 0 : 2)
          | (card.fsrs == nil ? 0 : 4) as UInt8)
      if let moment = card.lastReview {
        body.append(UInt64(bitPattern: Timestamp.milliseconds(moment)))
      }
      if let fsrs = card.fsrs {
        body.append(UInt8(fsrs.state.rawValue))
        body.append(fsrs.step)
        body.append(fsrs.stability?.bitPattern)
        body.append(fsrs.difficulty?.bitPattern)
        body.append(UInt64(bitPattern: Timestamp.milliseconds(fsrs.due)))
      }
    }
    body.append(UInt64(snapshot.state.suspended.count))
    for id in snapshot.state.suspended { body.append(id: id) }
    for counts in [snapshot.state.newCardsByDay, snapshot.state.reviewsByDay] {
      body.append(UInt64(counts.count))
      for (day, count) in counts {
        body.append(day: day)
        body.append(UInt64(count))
      }
    }
    var file = ByteWriter()
    file.reserve(headLength + body.bytes.count)
    file.bytes.append(contentsOf: magic)
    file.append(currentVersion)
    file.append(UInt64(json.count))
    file.append(StableHash.of(json))
    file.append(UInt64(body.bytes.count))
    file.append(StableHash.of(body.bytes))
    file.bytes.append(contentsOf: body.bytes)
    return Data(file.bytes)
  }

  /// The snapshot that `sidecar` holds, if it was made from exactly the `state.json` bytes
  /// `json` and reads whole; nil otherwise, for the JSON to be read instead.
  ///
  /// Touches no file: the fuzz target in `Fuzz/` calls it with arbitrary bytes.
  static func decode(_ sidecar: Data, json: Data) -> Snapshot? {
    decode(sidecar, jsonCount: json.count) { StableHash.of(json) }
  }

  /// The snapshot that `sidecar` holds, if it was made from `state.json` bytes of `jsonCount`
  /// bytes whose hash `jsonHash` gives (nil if they could not be read), and reads whole; nil
  /// otherwise. The hash is asked for last, when all else checks.
  static func decode(_ sidecar: Data, jsonCount: Int, jsonHash: () -> UInt64?) -> Snapshot? {
    read(sidecar) { (raw, head) throws(ByteReader.Malformed) in
      try head.require(try head.uint32() == currentVersion)
      try head.require(try head.uint64() == jsonCount)
      let expectedHash = try head.uint64()
      try head.require(try head.uint64() == raw.count - headLength)
      let bodyHash = try head.uint64()
      try head.require(
        bodyHash == StableHash.of(UnsafeRawBufferPointer(rebasing: raw[headLength...]))
          && jsonHash() == expectedHash)
    }
  }

  /// The snapshot that `sidecar` holds, its hashes not checked: for the fuzz target, whose
  /// mutations would otherwise never get past them.
  static func decodeUnchecked(_ sidecar: Data) -> Snapshot? {
    read(sidecar) { (_, head) throws(ByteReader.Malformed) in
      try head.require(try head.uint32() == currentVersion)
    }
  }

  /// The snapshot in the body of `sidecar`, if its magic is there and `checkHead` passes.
  private static func read(
    _ sidecar: Data,
    checkHead: (UnsafeRawBufferPointer, inout ByteReader) throws(ByteReader.Malformed) -> Void
  ) -> Snapshot? {
    sidecar.withUnsafeBytes { raw -> Snapshot? in
      guard raw.count >= headLength, raw.starts(with: magic) else { return nil }
      var head = ByteReader(raw, from: magic.count)
      var body = ByteReader(raw, from: headLength)
      do throws(ByteReader.Malformed) {
        try checkHead(raw, &head)
        let snapshot = try body.snapshot()
        try body.require(body.isAtEnd)
        return snapshot
      } catch {
        return nil
      }
    }
  }

  /// Whether `sidecar` says it is of a format version newer than this code reads.
  static func isNewer(_ sidecar: Data) -> Bool {
    sidecar.withUnsafeBytes { raw in
      var head = ByteReader(raw, from: magic.count)
      return raw.starts(with: magic) && ((try? head.uint32()) ?? 0) > currentVersion
    }
  }
}

extension ByteReader {
  /// The body of a sidecar: a snapshot that `state.json` could hold.
  fileprivate mutating func snapshot() throws(Malformed) -> Snapshot {
    try require(try storedCount() == Snapshot.currentVersion)
    var snapshot = Snapshot()
    snapshot.journalEntries = try storedCount()
    snapshot.journalBytes = try bool() ? try storedCount() : nil
    snapshot.lastEventID = try optionalUUID()
    snapshot.scheduler = try bool() ? .fsrs : .sm2
    // An id of one byte and seven counts of eight, at least.
    let cardCount = try count(ofAtLeast: 3 + 6 * 8 + 1)
    var cards: [String: CardState] = Dictionary(minimumCapacity: cardCount)
    for _ in 0..<cardCount {
      let id = try id()
      let state = try cardState()
      try require(cards.updateValue(state, forKey: id) == nil)
    }
    snapshot.state.cards = cards
    let suspendedCount = try count(ofAtLeast: 3)
    var suspended = Set<String>(minimumCapacity: suspendedCount)
    for _ in 0..<suspendedCount {
      try require(suspended.insert(try id()).inserted)
    }
    snapshot.state.suspended = suspended
    // Two calls, not a loop over key paths, which are made at run time for what two calls do.
    snapshot.state.newCardsByDay = try dayCounts()
    snapshot.state.reviewsByDay = try dayCounts()
    return snapshot
  }

  /// A card's state, as ``SnapshotSidecar/encode(_:json:)`` writes it.
  private mutating func cardState() throws(Malformed) -> CardState {
    let repetitions = try storedCount()
    let easeFactor = Double(bitPattern: try uint64())
    let interval = try storedCount()
    let due = try day()
    let lapses = try storedCount()
    let reviews = try storedCount()
    let flags = try flags(upTo: 7)
    var lastReview: Date?
    if flags & 2 != 0 {
      let milliseconds = Int64(bitPattern: try uint64())
      try require(Timestamp.supportedMilliseconds.contains(milliseconds))
      lastReview = Timestamp.date(milliseconds: milliseconds)
    }
    let fsrs = flags & 4 != 0 ? try fsrsFields() : nil
    guard
      case .success(let state) = CardState.checked(
        repetitions: repetitions, easeFactor: easeFactor, interval: interval, due: due,
        needsExtraReview: flags & 1 != 0, lapses: lapses, reviews: reviews,
        lastReview: lastReview, fsrs: fsrs)
    else { throw Malformed() }
    return state
  }

  /// A card's FSRS memory, its values checked with the rest of the state.
  private mutating func fsrsFields() throws(Malformed) -> FSRSFields {
    guard let state = FSRSCard.State(rawValue: Int(try byte())) else { throw Malformed() }
    let step = try optionalInt()
    let stability = try optionalUInt64().map(Double.init(bitPattern:))
    let difficulty = try optionalUInt64().map(Double.init(bitPattern:))
    let milliseconds = Int64(bitPattern: try uint64())
    try require(Timestamp.supportedMilliseconds.contains(milliseconds))
    return FSRSFields(
      state: state, step: step, stability: stability, difficulty: difficulty,
      due: Timestamp.date(milliseconds: milliseconds))
  }

  /// Counts by day, no day twice.
  private mutating func dayCounts() throws(Malformed) -> [Day: Int] {
    let dayCount = try count(ofAtLeast: 16)
    var counts: [Day: Int] = Dictionary(minimumCapacity: dayCount)
    for _ in 0..<dayCount {
      let day = try day()
      try require(counts.updateValue(try storedCount(), forKey: day) == nil)
    }
    return counts
  }
}
