import FoundationEssentials

/// `journal-index.bin`: the index in a compact binary form, read without decoding any JSON (see
/// docs/state-format.md).
///
/// The head says what the index is (magic, format version) and which journal it describes (its
/// device, inode and the bytes covered); the body, hashed in the head, holds the rest. A file
/// that is cut short, damaged, or holds a value the journal could not have given is refused, and
/// the journal is read instead.
extension JournalDayIndex {
  /// The first bytes of every index.
  static let magic = Array("quiz-index.bin\n\0".utf8)
  /// The magic, the version, the journal's device, inode and bytes covered, the body's length
  /// and hash.
  static let headLength = 16 + 4 + 5 * 8

  /// The bytes written: the same index gives the same file.
  func encoded() -> Data {
    var body = BinaryWriter()
    body.reserve(64 + starts.count * 16 + (recent?.grades.count ?? 0) * 40)
    if let lastEventID {
      body.append(1 as UInt8)
      body.append(uuid: lastEventID)
    } else {
      body.append(0 as UInt8)
    }
    body.append(UInt64(starts.count))
    for start in starts {
      body.append(day: start.day)
      body.append(UInt64(start.offset))
    }
    if let recent {
      body.append(1 as UInt8)
      if let from = recent.from {
        body.append(1 as UInt8)
        body.append(day: from)
      } else {
        body.append(0 as UInt8)
      }
      // Each card id once, and each grade its place among them: a month of grades names a
      // third as many cards, each then read once.
      var places: [String: UInt32] = [:]
      var cards: [String] = []
      for kept in recent.grades where places[kept.grade.card] == nil {
        places[kept.grade.card] = UInt32(cards.count)
        cards.append(kept.grade.card)
      }
      body.append(UInt64(cards.count))
      for card in cards { body.append(id: card) }
      body.append(UInt64(recent.grades.count))
      for kept in recent.grades {
        body.append(uuid: kept.id)
        body.append(day: kept.grade.day)
        body.append((kept.grade.isOfLearntCard ? 1 : 0) | (kept.grade.isRecalled ? 2 : 0) as UInt8)
        body.append(places[kept.grade.card]!)
      }
      body.append(UInt64(recent.undos.count))
      for undo in recent.undos {
        body.append(uuid: undo.undoes)
        body.append(day: undo.day)
      }
    } else {
      body.append(0 as UInt8)
    }
    var file = BinaryWriter()
    file.reserve(Self.headLength + body.bytes.count)
    file.bytes.append(contentsOf: Self.magic)
    file.append(Self.currentVersion)
    file.append(journal.device)
    file.append(journal.inode)
    file.append(UInt64(journalBytes))
    file.append(UInt64(body.bytes.count))
    file.append(body.bytes.withUnsafeBytes(BinaryWriter.hash))
    file.bytes.append(contentsOf: body.bytes)
    return Data(file.bytes)
  }

  /// The index in `data`: refused unless it is whole, of this format version, and every value
  /// in it is one the journal could have given (offsets increasing with the days and within
  /// what it covers, days and card ids the journal reads).
  ///
  /// Touches no file: the fuzz target in `Fuzz/` calls it with arbitrary bytes.
  static func decode(_ data: Data) throws(Refusal) -> JournalDayIndex {
    try decode(data, checkingHash: true)
  }

  /// ``decode(_:)`` without the body's hash checked: for the fuzz target, whose mutations would
  /// otherwise never get past it.
  static func decodeUnchecked(_ data: Data) throws(Refusal) -> JournalDayIndex {
    try decode(data, checkingHash: false)
  }

  private static func decode(_ data: Data, checkingHash: Bool) throws(Refusal) -> JournalDayIndex {
    let decoded = data.withUnsafeBytes { raw -> Result<JournalDayIndex, Refusal> in
      guard raw.count >= headLength, raw.starts(with: magic) else {
        return .failure(.unreadable("not a journal index"))
      }
      var head = BinaryReader(raw, at: magic.count)
      let version = head.uint32()!
      guard version <= currentVersion else { return .failure(.newerVersion(found: version)) }
      guard version == currentVersion else {
        return .failure(.unreadable("version \(version) was never written"))
      }
      let device = head.uint64()!
      let inode = head.uint64()!
      guard let journalBytes = head.count(), let bodyLength = head.uint64(),
        bodyLength == raw.count - headLength, let bodyHash = head.uint64(),
        !checkingHash
          || bodyHash == BinaryWriter.hash(UnsafeRawBufferPointer(rebasing: raw[headLength...]))
      else { return .failure(.unreadable("cut short or damaged")) }
      var index = JournalDayIndex(journal: OpenFile.Identity(device: device, inode: inode))
      index.journalBytes = journalBytes
      var body = BinaryReader(raw, at: headLength)
      guard body.index(into: &index), body.isAtEnd else {
        return .failure(.unreadable("a value out of range"))
      }
      return .success(index)
    }
    return try decoded.get()
  }
}

extension BinaryReader {
  /// Reads the body of an index into `index`, whose `journalBytes` is set; false for anything
  /// the writer could not have written.
  fileprivate mutating func index(into index: inout JournalDayIndex) -> Bool {
    switch byte() {
    case 0: break
    case 1:
      guard let id = uuid() else { return false }
      index.lastEventID = id
    default: return false
    }
    guard let startCount = items(ofAtLeast: 16) else { return false }
    index.starts.reserveCapacity(startCount)
    for _ in 0..<startCount {
      guard let day = day(), let offset = count(), offset < index.journalBytes else { return false }
      if let last = index.starts.last, day <= last.day || offset <= last.offset { return false }
      index.starts.append(.init(day: day, offset: offset))
    }
    switch byte() {
    case 0:
      index.recent = nil
      return true
    case 1: break
    default: return false
    }
    var recent = JournalDayIndex.Recent()
    switch byte() {
    case 0: break
    case 1:
      guard let from = day() else { return false }
      recent.from = from
    default: return false
    }
    // A card id of at least 3 bytes; a grade's id of 16, a day of 8, the flags and a place of 4.
    guard let cardCount = items(ofAtLeast: 3) else { return false }
    var cards: [String] = []
    cards.reserveCapacity(cardCount)
    for _ in 0..<cardCount {
      guard let card = id() else { return false }
      cards.append(card)
    }
    guard let gradeCount = items(ofAtLeast: 16 + 8 + 1 + 4) else { return false }
    recent.grades.reserveCapacity(gradeCount)
    for _ in 0..<gradeCount {
      guard let id = uuid(), let day = day(), let flags = byte(), flags <= 3,
        let place = uint32(), place < cards.count
      else { return false }
      recent.grades.append(
        .init(
          id: id,
          grade: CountedGrade(
            card: cards[Int(place)], day: day, isOfLearntCard: flags & 1 != 0,
            isRecalled: flags & 2 != 0)))
    }
    guard let undoCount = items(ofAtLeast: 16 + 8) else { return false }
    recent.undos.reserveCapacity(undoCount)
    for _ in 0..<undoCount {
      guard let id = uuid(), let day = day() else { return false }
      recent.undos.append(.init(undoes: id, day: day))
    }
    index.recent = recent
    return true
  }
}
