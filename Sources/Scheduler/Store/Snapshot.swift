import Foundation

/// The contents of `state.json`: the state as of a point in the journal, so that opening the
/// folder reads only the journal after that point.
struct Snapshot: Equatable {
  /// The format version this code writes.
  static let currentVersion = 1

  var version = Snapshot.currentVersion
  /// How many events the journal holds up to `journalBytes`.
  var journalEntries = 0
  /// How many bytes of the journal this snapshot covers; always the end of a line. Nil when the
  /// file did not say, which makes the snapshot unusable (the journal is then replayed whole).
  var journalBytes: Int? = 0
  /// The id of the last event covered, to check that the journal still starts as it did.
  var lastEventID: UUID?
  var state = ReviewState()
}

extension Snapshot: Codable {
  enum CodingKeys: String, CodingKey {
    case version, journalEntries, journalBytes, lastEventID, cards, suspended, newCardsByDay
    case reviewsByDay
  }

  /// Decodes a snapshot; missing keys take the values of an empty one, except `journalBytes`.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
    journalEntries = try container.decodeIfPresent(Int.self, forKey: .journalEntries) ?? 0
    journalBytes = try container.decodeIfPresent(Int.self, forKey: .journalBytes)
    lastEventID = try container.decodeIfPresent(String.self, forKey: .lastEventID).map {
      text in
      guard let id = UUID(uuidString: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .lastEventID, in: container, debugDescription: "\"\(text)\" is not a UUID")
      }
      return id
    }
    state.cards = try container.decodeIfPresent([String: CardState].self, forKey: .cards) ?? [:]
    state.suspended = Set(
      try container.decodeIfPresent([String].self, forKey: .suspended) ?? [])
    state.newCardsByDay = try Snapshot.decodeCounts(container, .newCardsByDay)
    state.reviewsByDay = try Snapshot.decodeCounts(container, .reviewsByDay)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(journalEntries, forKey: .journalEntries)
    try container.encodeIfPresent(journalBytes, forKey: .journalBytes)
    try container.encodeIfPresent(lastEventID?.journalText, forKey: .lastEventID)
    try container.encode(state.cards, forKey: .cards)
    try container.encode(state.suspended.sorted(), forKey: .suspended)
    try container.encode(Snapshot.encodeCounts(state.newCardsByDay), forKey: .newCardsByDay)
    try container.encode(Snapshot.encodeCounts(state.reviewsByDay), forKey: .reviewsByDay)
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
      counts[day] = count
    }
    return counts
  }

  private static func encodeCounts(_ counts: [Day: Int]) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: counts.map { ($0.key.description, $0.value) })
  }
}

extension Snapshot {
  /// The snapshot's bytes as written: sorted keys, so that the same state gives the same file.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }

  /// Reads `state.json`, migrating an older version; nil when there is no such file.
  static func read(
    _ url: URL, migrator: SnapshotMigrator = .standard
  ) throws(StateError) -> Snapshot? {
    guard let file = try OpenFile.openForReadingIfPresent(url) else { return nil }
    var data = try file.read(from: 0)
    let version: Int
    do {
      version = try JSONDecoder().decode(VersionProbe.self, from: data).version ?? 1
    } catch {
      throw .unreadableSnapshot(file: url, reason: describe(error))
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
      throw .unreadableSnapshot(file: url, reason: describe(error))
    }
  }

  private struct VersionProbe: Decodable {
    let version: Int?
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? DecodingError { return error.shortDescription }
    return String(describing: error)
  }
}
