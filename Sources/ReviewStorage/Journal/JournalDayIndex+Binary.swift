import Basics
import FoundationEssentials
import Scheduler

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
    var body = ByteWriter()
    body.reserve(64 + starts.count * 16 + (recent?.grades.count ?? 0) * 40)
    body.append(uuid: lastEventID)
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
      // Each card id once, and each grade its place among them: a month of grades names many
      // cards more than once, and each id is then read once.
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
    var file = ByteWriter()
    file.reserve(Self.headLength + body.bytes.count)
    file.bytes.append(contentsOf: Self.magic)
    file.append(Self.currentVersion)
    file.append(journal.device)
    file.append(journal.inode)
    file.append(UInt64(journalBytes))
    file.append(UInt64(body.bytes.count))
    file.append(StableHash.of(body.bytes))
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
      var head = ByteReader(raw, from: magic.count)
      // The head is all there: its length was checked above.
      let version = try! head.uint32()
      guard version <= currentVersion else { return .failure(.newerVersion(found: version)) }
      guard version == currentVersion else {
        return .failure(.unreadable("version \(version) was never written"))
      }
      let journal = FileInode(device: try! head.uint64(), inode: try! head.uint64())
      guard let journalBytes = try? head.storedCount(),
        (try? head.uint64()) == UInt64(raw.count - headLength), let bodyHash = try? head.uint64(),
        !checkingHash
          || bodyHash == StableHash.of(UnsafeRawBufferPointer(rebasing: raw[headLength...]))
      else { return .failure(.unreadable("cut short or damaged")) }
      var index = JournalDayIndex(journal: journal)
      index.journalBytes = journalBytes
      var body = ByteReader(raw, from: headLength)
      do throws(ByteReader.Malformed) {
        try body.index(into: &index)
        try body.require(body.isAtEnd)
      } catch {
        return .failure(.unreadable("a value out of range"))
      }
      return .success(index)
    }
    return try decoded.get()
  }
}

extension ByteReader {
  /// Reads the body of an index into `index`, whose `journalBytes` is set; throws for anything
  /// the writer could not have written.
  fileprivate mutating func index(into index: inout JournalDayIndex) throws(Malformed) {
    index.lastEventID = try optionalUUID()
    let startCount = try count(ofAtLeast: 16)
    index.starts.reserveCapacity(startCount)
    for _ in 0..<startCount {
      let day = try day()
      let offset = try storedCount()
      try require(offset < index.journalBytes)
      if let last = index.starts.last { try require(day > last.day && offset > last.offset) }
      index.starts.append(.init(day: day, offset: offset))
    }
    index.recent = try bool() ? try recent() : nil
  }

  /// The grades and undos of the recent days.
  private mutating func recent() throws(Malformed) -> JournalDayIndex.Recent {
    var recent = JournalDayIndex.Recent()
    recent.from = try bool() ? try day() : nil
    // A card id of at least 3 bytes; a grade's id of 16, a day of 8, the flags and a place of 4.
    let cardCount = try count(ofAtLeast: 3)
    var cards: [String] = []
    cards.reserveCapacity(cardCount)
    for _ in 0..<cardCount { cards.append(try id()) }
    let gradeCount = try count(ofAtLeast: 16 + 8 + 1 + 4)
    recent.grades.reserveCapacity(gradeCount)
    for _ in 0..<gradeCount {
      let id = try uuid()
      let day = try day()
      let flags = try flags(upTo: 3)
      let place = try uint32()
      try require(place < cards.count)
      recent.grades.append(
        .init(
          id: id,
          grade: CountedGrade(
            card: cards[Int(place)], day: day, isOfLearntCard: flags & 1 != 0,
            isRecalled: flags & 2 != 0)))
    }
    let undoCount = try count(ofAtLeast: 16 + 8)
    recent.undos.reserveCapacity(undoCount)
    for _ in 0..<undoCount {
      recent.undos.append(.init(undoes: try uuid(), day: try day()))
    }
    return recent
  }
}
