import Basics
import FoundationEssentials
import Scheduler

/// The contents of `state.json`: the state as of a point in the journal, so that opening the
/// folder reads only the journal after that point.
package struct Snapshot: Equatable {
  /// The format version this code writes.
  static let currentVersion = 1

  var version = Snapshot.currentVersion
  /// How many events the journal holds up to `journalBytes`.
  package var journalEntries = 0
  /// How many bytes of the journal this snapshot covers; always the end of a line. Nil when the
  /// file did not say, which makes the snapshot unusable (the journal is then replayed whole).
  package var journalBytes: Int? = 0
  /// The id of the last event covered, to check that the journal still starts as it did.
  package var lastEventID: UUID?
  /// The scheduler whose states these are; a store with another replays the journal instead.
  package var scheduler = SchedulerKind.sm2
  package var state = ReviewState()

  package init(
    journalEntries: Int = 0, journalBytes: Int? = 0, lastEventID: UUID? = nil,
    state: ReviewState = ReviewState()
  ) {
    self.journalEntries = journalEntries
    self.journalBytes = journalBytes
    self.lastEventID = lastEventID
    self.state = state
  }
}

extension Snapshot: Codable {
  enum CodingKeys: String, CodingKey {
    case version, journalEntries, journalBytes, lastEventID, scheduler, cards, suspended
    case newCardsByDay, reviewsByDay
  }

  /// Decodes a snapshot; missing keys take the values of an empty one, except `journalBytes`.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
    journalEntries = try Snapshot.count(
      try container.decodeIfPresent(Int.self, forKey: .journalEntries) ?? 0, container,
      .journalEntries)
    journalBytes = try container.decodeIfPresent(Int.self, forKey: .journalBytes).map {
      try Snapshot.count($0, container, .journalBytes)
    }
    lastEventID = try container.decodeIfPresent(String.self, forKey: .lastEventID).map {
      text in
      guard let id = UUID(uuidString: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .lastEventID, in: container, debugDescription: "\"\(text)\" is not a UUID")
      }
      return id
    }
    let scheduler = try container.decodeIfPresent(String.self, forKey: .scheduler) ?? "sm2"
    guard let kind = SchedulerKind(rawValue: scheduler) else {
      throw DecodingError.dataCorruptedError(
        forKey: .scheduler, in: container,
        debugDescription: "\"\(scheduler)\" is no scheduler quiz has")
    }
    self.scheduler = kind
    state.cards = try container.decodeIfPresent([String: CardState].self, forKey: .cards) ?? [:]
    state.suspended = Set(
      try container.decodeIfPresent([String].self, forKey: .suspended) ?? [])
    // The snapshot's ids follow the journal's rule: a cache cannot let in what its source would
    // refuse.
    for (id, key) in state.cards.keys.map({ ($0, CodingKeys.cards) })
      + state.suspended.map({ ($0, CodingKeys.suspended) })
    {
      if let problem = JournalEvent.problem(withCardID: id) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: problem)
      }
    }
    state.newCardsByDay = try Snapshot.decodeCounts(container, .newCardsByDay)
    state.reviewsByDay = try Snapshot.decodeCounts(container, .reviewsByDay)
  }

  /// Encodes ``jsonValue``.
  package func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }

  /// The snapshot as `state.json` writes it; `journalBytes` and `lastEventID` only when known.
  var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("version", .integer(version)), ("journalEntries", .integer(journalEntries)),
    ]
    if let journalBytes { members.append(("journalBytes", .integer(journalBytes))) }
    if let lastEventID { members.append(("lastEventID", .string(lastEventID.journalText))) }
    // Said only for FSRS, so that an SM-2 snapshot is the file it always was.
    if scheduler != .sm2 { members.append(("scheduler", .string(scheduler.rawValue))) }
    members += [
      ("cards", .object(state.cards.map { ($0.key, $0.value.jsonValue) })),
      ("suspended", .array(state.suspended.sorted().map(JSONValue.string))),
      ("newCardsByDay", Snapshot.jsonCounts(state.newCardsByDay)),
      ("reviewsByDay", Snapshot.jsonCounts(state.reviewsByDay)),
    ]
    return .object(members)
  }

  private static func decodeCounts(
    _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
  ) throws -> [Day: Int] {
    let byText = try container.decodeIfPresent([String: Int].self, forKey: key) ?? [:]
    var counts: [Day: Int] = [:]
    for (text, count) in byText {
      guard let day = Day(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "\"\(text)\" is not a day (YYYY-MM-DD)")
      }
      counts[day] = try Snapshot.count(count, container, key)
    }
    return counts
  }

  /// `value`, if it is a count the files may hold (0…``CardState/maximumCount``).
  private static func count(
    _ value: Int, _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
  ) throws -> Int {
    guard (0...CardState.maximumCount).contains(value) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "\(value) is outside 0...\(CardState.maximumCount)")
    }
    return value
  }

  private static func jsonCounts(_ counts: [Day: Int]) -> JSONValue {
    .object(counts.map { ($0.key.description, .integer($0.value)) })
  }
}

extension Snapshot {
  /// The snapshot's bytes as written: sorted keys, so that the same state gives the same file.
  ///
  /// The bytes of `JSONEncoder`'s pretty-printed, sorted-keys encoding (a test holds them to
  /// it), written by ``PrettyJSONWriter``: the store writes the snapshot whenever a session
  /// closes, so that its cost is paid by every session, however short.
  package func encoded() -> Data {
    let writer = PrettyJSONWriter(capacity: 1024 + 256 * state.cards.count)
    writer.write(jsonValue)
    writer.write("\n")
    return writer.withBytes { Data(buffer: $0) }
  }

  /// Reads `state.json`, migrating an older version; nil when there is no such file.
  static func read(
    _ url: URL, migrator: SnapshotMigrator = .standard
  ) throws(StateError) -> Snapshot? {
    guard let file = try StateFile.openForReadingIfPresent(url) else { return nil }
    return try decode(try file.read(from: 0), file: url, migrator: migrator)
  }

  /// What ``read(_:sidecar:preparingSidecar:)`` found.
  struct Read {
    var snapshot: Snapshot
    /// The sidecar of these `state.json` bytes, when the one at hand was not (nil when it was).
    var newSidecar: Data?
  }

  /// Reads `state.json`, from the binary `sidecar` when that was made from these very bytes
  /// (``SnapshotSidecar``), else from the JSON as ``read(_:migrator:)`` does; nil when there is
  /// no `state.json`. A sidecar that cannot be opened or read counts as not made from them.
  ///
  /// With `preparingSidecar`, a snapshot not read from its sidecar comes with the sidecar it
  /// should have, for a writer to put in place.
  static func read(
    _ url: URL, sidecar: URL, preparingSidecar: Bool
  ) throws(StateError) -> Read? {
    guard let file = try StateFile.openForReadingIfPresent(url) else { return nil }
    let jsonCount = try file.size()
    // A sidecar is smaller than its JSON; a larger file is not one, and is not read.
    var stored: Data?
    if let sidecarFile = try? StateFile.openForReadingIfPresent(sidecar),
      let size = try? sidecarFile.size(), size <= jsonCount + 4096
    {
      stored = try? sidecarFile.read(from: 0)
    }
    // The JSON's bytes are hashed as they are read, not held: with a sound sidecar they are
    // needed for nothing else.
    if let stored,
      let snapshot = SnapshotSidecar.decode(
        stored, jsonCount: jsonCount, jsonHash: { file.stableHash(count: jsonCount) })
    {
      return Read(snapshot: snapshot)
    }
    let json = try file.read(from: 0)
    let snapshot = try decode(json, file: url)
    // A newer quiz's sidecar is left to it until the snapshot itself is rewritten.
    let prepares = preparingSidecar && !(stored.map(SnapshotSidecar.isNewer) ?? false)
    return Read(
      snapshot: snapshot, newSidecar: prepares ? SnapshotSidecar.encode(snapshot, json: json) : nil)
  }

  /// Decodes the bytes of a `state.json` (named `file` in errors), migrating an older version.
  ///
  /// Touches no file: the fuzz target in `Fuzz/` calls it with arbitrary bytes.
  static func decode(
    _ data: Data, file url: URL, migrator: SnapshotMigrator = .standard
  ) throws(StateError) -> Snapshot {
    // A shortcut that gives the same snapshot for the files quiz writes, reading only what
    // quiz writes (see SnapshotReader); whatever it does not take is decoded below, as it
    // always was.
    if migrator.currentVersion == currentVersion, let snapshot = SnapshotReader.read(data) {
      return snapshot
    }
    var data = data
    let version: Int
    do {
      version = try JSONDecoder().decode(VersionProbe.self, from: data).version ?? 1
    } catch {
      throw .unreadableSnapshot(file: url, reason: describe(error, in: data))
    }
    guard version <= migrator.currentVersion else {
      throw .newerVersion(
        file: url, line: nil, found: version, supported: migrator.currentVersion)
    }
    guard version >= 1 else {
      throw .unreadableSnapshot(
        file: url, reason: "\"version\": \(version) is no version quiz ever wrote")
    }
    do {
      if version < migrator.currentVersion {
        data = try migrator.migrate(data, from: version)
      }
      return try JSONDecoder().decode(Snapshot.self, from: data)
    } catch {
      throw .unreadableSnapshot(file: url, reason: describe(error, in: data))
    }
  }

  private struct VersionProbe: Decodable {
    let version: Int?
  }

  /// Why `data` did not decode. Foundation's decoder calls a number it cannot hold (`1.5` for a
  /// count, `1e400`) "not valid JSON"; when the JSON parses, the message says what is wrong.
  private static func describe(_ error: any Error, in data: Data) -> String {
    if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty,
      JSONScanner.isJSON(data)
    {
      return "it is JSON, but a number in it does not fit: a count that is not a whole number, "
        + "or a value out of range"
    }
    if let error = error as? DecodingError { return error.shortDescription }
    return String(describing: error)
  }
}
