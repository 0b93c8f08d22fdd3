import FoundationEssentials

/// `state.bin`: the snapshot of `state.json` in a compact binary form, written beside it with
/// each snapshot, so that a start reads its states without scanning JSON (a third of the start at
/// 100k cards). See docs/state-format.md.
///
/// A cache of a cache: it names the length and a 64-bit hash of the `state.json` bytes it was
/// made from, and is used only when the `state.json` there now has exactly those; it also hashes
/// itself. Anything else (missing, another snapshot's, cut short, damaged, of another format
/// version, values out of the ranges the JSON reader takes) and the JSON is read as before. It is
/// never trusted over `state.json`, and it decodes to the same ``Snapshot`` the JSON does.
enum SnapshotSidecar {
  /// The format version this code writes and reads; any other is not used (and is replaced with
  /// the next snapshot, since it cannot belong to a snapshot this code wrote).
  static let currentVersion: UInt32 = 1
  /// The first bytes of every sidecar.
  static let magic = Array("quiz-state.bin\n\0".utf8)
  /// The magic, the version, and the lengths and hashes of the snapshot and of the body.
  static let headLength = 16 + 4 + 4 * 8

  /// The sidecar of `snapshot`, whose `state.json` is `json`.
  static func encode(_ snapshot: Snapshot, json: Data) -> Data {
    var body = BinaryWriter()
    body.reserve(64 + snapshot.state.cards.count * 80)
    body.append(UInt64(snapshot.version))
    body.append(UInt64(snapshot.journalEntries))
    body.append(optional: snapshot.journalBytes.map(UInt64.init))
    if let id = snapshot.lastEventID {
      body.append(1 as UInt8)
      body.append(uuid: id)
    } else {
      body.append(0 as UInt8)
    }
    body.append(UInt64(snapshot.state.cards.count))
    for (id, card) in snapshot.state.cards {
      body.append(id: id)
      body.append(UInt64(card.repetitions))
      body.append(card.easeFactor.bitPattern)
      body.append(UInt64(card.interval))
      body.append(day: card.due)
      body.append(UInt64(card.lapses))
      body.append(UInt64(card.reviews))
      body.append((card.needsExtraReview ? 1 : 0) | (card.lastReview == nil ? 0 : 2) as UInt8)
      if let moment = card.lastReview {
        body.append(UInt64(bitPattern: Timestamp.milliseconds(moment)))
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
    var file = BinaryWriter()
    file.reserve(headLength + body.bytes.count)
    file.bytes.append(contentsOf: magic)
    file.append(currentVersion)
    file.append(UInt64(json.count))
    file.append(json.withUnsafeBytes(BinaryWriter.hash))
    file.append(UInt64(body.bytes.count))
    file.append(body.bytes.withUnsafeBytes(BinaryWriter.hash))
    file.bytes.append(contentsOf: body.bytes)
    return Data(file.bytes)
  }

  /// The snapshot that `sidecar` holds, if it was made from exactly the `state.json` bytes
  /// `json` and reads whole; nil otherwise, for the JSON to be read instead.
  ///
  /// Touches no file: the fuzz target in `Fuzz/` calls it with arbitrary bytes.
  static func decode(_ sidecar: Data, json: Data) -> Snapshot? {
    sidecar.withUnsafeBytes { raw -> Snapshot? in
      guard raw.count >= headLength, raw.starts(with: magic) else { return nil }
      var head = BinaryReader(raw, at: magic.count)
      guard let version = head.uint32(), version == currentVersion,
        let jsonLength = head.uint64(), jsonLength == json.count,
        let jsonHash = head.uint64(),
        let bodyLength = head.uint64(), bodyLength == raw.count - headLength,
        let bodyHash = head.uint64(),
        bodyHash == BinaryWriter.hash(UnsafeRawBufferPointer(rebasing: raw[headLength...])),
        jsonHash == json.withUnsafeBytes(BinaryWriter.hash)
      else { return nil }
      return body(raw)
    }
  }

  /// The snapshot that `sidecar` holds, its hashes not checked: for the fuzz target, whose
  /// mutations would otherwise never get past them.
  static func decodeUnchecked(_ sidecar: Data) -> Snapshot? {
    sidecar.withUnsafeBytes { raw -> Snapshot? in
      guard raw.count >= headLength, raw.starts(with: magic) else { return nil }
      var head = BinaryReader(raw, at: magic.count)
      guard head.uint32() == currentVersion else { return nil }
      return body(raw)
    }
  }

  /// The snapshot in the body of `raw`, which must end with it.
  private static func body(_ raw: UnsafeRawBufferPointer) -> Snapshot? {
    var body = BinaryReader(raw, at: headLength)
    guard let snapshot = body.snapshot(), body.isAtEnd else { return nil }
    return snapshot
  }

  /// Whether `sidecar` says it is of a format version newer than this code reads.
  static func isNewer(_ sidecar: Data) -> Bool {
    sidecar.withUnsafeBytes { raw in
      var head = BinaryReader(raw, at: magic.count)
      return raw.starts(with: magic) && (head.uint32() ?? 0) > currentVersion
    }
  }
}

extension BinaryReader {
  /// The body of a sidecar: a snapshot that `state.json` could hold, or nil.
  fileprivate mutating func snapshot() -> Snapshot? {
    guard let version = count(), version == Snapshot.currentVersion,
      let journalEntries = count(), let hasBytes = byte(), hasBytes <= 1
    else { return nil }
    var snapshot = Snapshot()
    snapshot.journalEntries = journalEntries
    snapshot.journalBytes = nil
    if hasBytes == 1 {
      guard let bytes = count() else { return nil }
      snapshot.journalBytes = bytes
    }
    switch byte() {
    case 0: break
    case 1:
      guard let id = uuid() else { return nil }
      snapshot.lastEventID = id
    default: return nil
    }
    // An id of one byte and seven counts of eight, at least.
    guard let cardCount = items(ofAtLeast: 3 + 6 * 8 + 1) else { return nil }
    var cards: [String: CardState] = Dictionary(minimumCapacity: cardCount)
    for _ in 0..<cardCount {
      guard let id = id(), let repetitions = count(), let ease = uint64(),
        let interval = count(), interval <= SM2.maximumInterval, let due = day(),
        let lapses = count(), let reviews = count(), let flags = byte(), flags <= 3
      else { return nil }
      let easeFactor = Double(bitPattern: ease)
      guard easeFactor.isFinite, easeFactor >= SM2.minimumEaseFactor else { return nil }
      var lastReview: Date?
      if flags & 2 != 0 {
        guard let value = uint64(),
          Timestamp.supportedMilliseconds.contains(Int64(bitPattern: value))
        else { return nil }
        lastReview = Timestamp.date(milliseconds: Int64(bitPattern: value))
      }
      let state = CardState(
        repetitions: repetitions, easeFactor: easeFactor, interval: interval, due: due,
        needsExtraReview: flags & 1 != 0, lapses: lapses, reviews: reviews,
        lastReview: lastReview)
      guard cards.updateValue(state, forKey: id) == nil else { return nil }
    }
    snapshot.state.cards = cards
    guard let suspendedCount = items(ofAtLeast: 3) else { return nil }
    var suspended = Set<String>(minimumCapacity: suspendedCount)
    for _ in 0..<suspendedCount {
      guard let id = id(), suspended.insert(id).inserted else { return nil }
    }
    snapshot.state.suspended = suspended
    // Two calls, not a loop over key paths: instantiating them cost more than the counts.
    guard let newCards = dayCounts(), let reviews = dayCounts() else { return nil }
    snapshot.state.newCardsByDay = newCards
    snapshot.state.reviewsByDay = reviews
    return snapshot
  }

  /// Counts by day, no day twice.
  private mutating func dayCounts() -> [Day: Int]? {
    guard let dayCount = items(ofAtLeast: 16) else { return nil }
    var counts: [Day: Int] = Dictionary(minimumCapacity: dayCount)
    for _ in 0..<dayCount {
      guard let day = day(), let count = count(), counts.updateValue(count, forKey: day) == nil
      else { return nil }
    }
    return counts
  }
}
