import FoundationEssentials
import Scheduler

extension JournalEvent {
  /// The newest journal format version this code reads: 2 added the `import` event, 3 the
  /// `history` event.
  static let currentVersion = 3

  /// The version a line of this event says: 1 for the events version 1 knew, so that an older
  /// quiz reads them, 2 for an `import` and 3 for a `history`, which an older quiz refuses as
  /// newer.
  var version: Int {
    switch self {
    case .imported: 2
    case .history: 3
    default: 1
    }
  }

  /// Why `id` cannot be a key of progress, or nil when it can: 1 to ``maximumCardIDLength``
  /// bytes and no control character (nor line separator), so that an id from a merged or edited
  /// journal or snapshot is safe to print and export. The one rule for the journal, the snapshot
  /// and the writer.
  public static func problem(withCardID id: String) -> String? {
    guard !id.isEmpty, id.utf8.count <= maximumCardIDLength else {
      return "a card id has 1 to \(maximumCardIDLength) bytes, not \(id.utf8.count)"
    }
    if let bad = id.unicodeScalars.first(where: { scalar in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || (0x2028...0x2029).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
    }) {
      return
        "a card id holds no control character (U+\(String(bad.value, radix: 16, uppercase: true)))"
    }
    return nil
  }

  /// The longest card id, in UTF-8 bytes, that the journal reads: far longer than any deck's,
  /// short enough that one line stays small.
  public static let maximumCardIDLength = 256

  /// Why a line could not be read as an event.
  enum LineError: Error {
    /// The line says it has a newer format than `currentVersion`.
    case newerVersion(Int)
    /// The line is not an event of any version this code reads.
    case malformed(String)
  }

  /// The event as one line of JSON, without the newline; keys in a fixed order for people who
  /// read the journal.
  package func encodedLine() throws -> Data {
    var line = JSONLineWriter()
    try line.add("v", version)
    for member in members {
      // A review is the journal's default type, and its lines do not say it.
      if member.key == "type", case .review = self { continue }
      if case .null = member.value { continue }
      try line.add(member.key, member.value)
    }
    return line.data
  }

  /// The event's members in the journal's order, without the version: the one list of keys
  /// that the journal (``encodedLine()``) and the export (``ExportedEvent``) write. A null value
  /// is a member this event lacks (a review whose time was not measured): the journal leaves it
  /// out, the export writes it.
  var members: [(key: String, value: JSONValue)] {
    switch self {
    case .review(let event):
      [
        ("type", .string("review")), ("id", .string(event.id.journalText)),
        ("card", .string(event.card)), ("at", .string(Timestamp.format(event.at))),
        ("day", .string(event.day.description)), ("grade", .integer(event.grade.rawValue)),
        ("seconds", event.seconds.map(JSONValue.number) ?? .null),
        ("before", event.before.jsonValue), ("after", event.after.jsonValue),
      ]
    case .undo(let event):
      [
        ("type", .string("undo")), ("id", .string(event.id.journalText)),
        ("undoes", .string(event.undoes.journalText)), ("card", .string(event.card)),
        ("at", .string(Timestamp.format(event.at))),
        ("reviewDay", .string(event.reviewDay.description)),
        ("restored", event.restored.jsonValue),
      ]
    case .suspension(let event):
      [
        ("type", .string(event.isSuspended ? "suspend" : "unsuspend")),
        ("id", .string(event.id.journalText)), ("card", .string(event.card)),
        ("at", .string(Timestamp.format(event.at))),
      ]
    case .tornLine(let event):
      [
        ("type", .string("torn")), ("id", .string(event.id.journalText)),
        ("at", .string(Timestamp.format(event.at))), ("offset", .integer(event.offset)),
      ]
    case .imported(let event):
      [
        ("type", .string("import")), ("id", .string(event.id.journalText)),
        ("card", .string(event.card)), ("at", .string(Timestamp.format(event.at))),
        ("from", .string(event.origin)), ("state", event.state.jsonValue),
      ]
    case .history(let event):
      [
        ("type", .string("history")), ("id", .string(event.id.journalText)),
        ("card", .string(event.card)), ("at", .string(Timestamp.format(event.at))),
        ("from", .string(event.origin)), ("kind", .string(event.kind.rawValue)),
        ("grade", .integer(event.grade.rawValue)),
        ("seconds", event.seconds.map(JSONValue.number) ?? .null),
        // Written only when true, as a review leaves out its unmeasured time.
        ("first", event.isFirst ? .boolean(true) : .null),
      ]
    }
  }

  /// Reads one line of the journal (without its newline).
  ///
  /// A line from a newer format is reported as such before anything else is looked at, since its
  /// other keys may mean something else. Older versions would be read by a `case` of their own in
  /// ``DecodedLine``; version 1 is the first.
  static func decode(line: Data) throws(LineError) -> JournalEvent {
    // The lines quiz writes are read from their bytes (see JournalLineReader); whatever that
    // does not take, errors included, is decoded as before.
    if let event = JournalLineReader.read(line) { return event }
    return try decodeGenerically(line: line)
  }

  /// ``decode(line:)`` without ``JournalLineReader``: through `Decodable`, which the reader must
  /// agree with.
  static func decodeGenerically(line: Data) throws(LineError) -> JournalEvent {
    do {
      return try JSONDecoder().decode(DecodedLine.self, from: line).event
    } catch let error as LineError {
      throw error
    } catch let error as DecodingError {
      throw .malformed(error.shortDescription)
    } catch {
      throw .malformed(String(describing: error))
    }
  }
}

private struct DecodedLine: Decodable {
  let event: JournalEvent

  enum Key: String, CodingKey {
    case v, type, id, card, at, day, grade, seconds, before, after, undoes, reviewDay
    case restored, offset, from, state, kind, first
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let version = try container.decodeIfPresent(Int.self, forKey: .v) ?? 1
    guard version <= JournalEvent.currentVersion else {
      throw JournalEvent.LineError.newerVersion(version)
    }
    guard version >= 1 else {
      throw JournalEvent.LineError.malformed("\"v\":\(version) is no version quiz ever wrote")
    }
    let type = try container.decodeIfPresent(String.self, forKey: .type) ?? "review"
    let id = try container.decodeID(forKey: .id)
    let at = try container.decodeTimestamp(forKey: .at)
    switch type {
    case "review":
      event = .review(
        ReviewEvent(
          id: id, card: try container.decodeCardID(forKey: .card), at: at,
          day: try container.decodeEventDay(forKey: .day),
          grade: try container.decode(Grade.self, forKey: .grade),
          seconds: try container.decodeIfPresent(Double.self, forKey: .seconds),
          before: try container.decode(CardState.self, forKey: .before),
          after: try container.decode(CardState.self, forKey: .after)))
    case "undo":
      event = .undo(
        UndoEvent(
          id: id, at: at, undoes: try container.decodeID(forKey: .undoes),
          card: try container.decodeCardID(forKey: .card),
          reviewDay: try container.decodeEventDay(forKey: .reviewDay),
          restored: try container.decode(CardState.self, forKey: .restored)))
    case "suspend", "unsuspend":
      event = .suspension(
        SuspensionEvent(
          id: id, card: try container.decodeCardID(forKey: .card), at: at,
          isSuspended: type == "suspend"))
    case "torn":
      event = .tornLine(
        TornLineEvent(id: id, at: at, offset: try container.decode(Int.self, forKey: .offset)))
    case "import":
      event = .imported(
        ImportEvent(
          id: id, card: try container.decodeCardID(forKey: .card), at: at,
          origin: try container.decodeIfPresent(String.self, forKey: .from) ?? "",
          state: try container.decode(CardState.self, forKey: .state)))
    case "history":
      let kind = try container.decode(String.self, forKey: .kind)
      guard let known = HistoryEvent.Kind(rawValue: kind) else {
        throw DecodingError.dataCorruptedError(
          forKey: .kind, in: container, debugDescription: "unknown \"kind\": \"\(kind)\"")
      }
      event = .history(
        HistoryEvent(
          id: id, card: try container.decodeCardID(forKey: .card), at: at,
          origin: try container.decodeIfPresent(String.self, forKey: .from) ?? "",
          grade: try container.decode(Grade.self, forKey: .grade), kind: known,
          seconds: try container.decodeIfPresent(Double.self, forKey: .seconds),
          isFirst: try container.decodeIfPresent(Bool.self, forKey: .first) ?? false))
    default:
      throw JournalEvent.LineError.malformed("unknown \"type\": \"\(type)\"")
    }
  }
}

extension KeyedDecodingContainer {
  /// A card id as ``JournalEvent/problem(withCardID:)`` allows it.
  fileprivate func decodeCardID(forKey key: Key) throws -> String {
    let id = try decode(String.self, forKey: key)
    if let problem = JournalEvent.problem(withCardID: id) {
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: problem)
    }
    return id
  }

  fileprivate func decodeID(forKey key: Key) throws -> UUID {
    let text = try decode(String.self, forKey: key)
    guard let id = UUID(uuidString: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "\"\(text)\" is not a UUID")
    }
    return id
  }

  /// The day a review counts for: a day of the years whose moments are read, so that SM-2's
  /// due dates counted from it (up to ``SM2/maximumInterval`` days on) are days that read back.
  fileprivate func decodeEventDay(forKey key: Key) throws -> Day {
    let day = try decode(Day.self, forKey: key)
    guard Timestamp.supportedYears.contains(day.components.year) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "\(day) is outside the years \(Timestamp.supportedYears)")
    }
    return day
  }

  fileprivate func decodeTimestamp(forKey key: Key) throws -> Date {
    let text = try decode(String.self, forKey: key)
    guard let date = Timestamp.parse(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "\"\(text)\" is not an ISO 8601 moment")
    }
    return date
  }
}

extension UUID {
  /// The id as the journal writes it: lowercase, like most tools print UUIDs.
  var journalText: String {
    // By bytes: `uuidString` formats with snprintf, and the export writes one for every event.
    let hex = Array("0123456789abcdef".utf8)
    return withUnsafeBytes(of: uuid) { bytes in
      String(unsafeUninitializedCapacity: 36) { text in
        var position = 0
        for (index, byte) in bytes.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[position] = UInt8(ascii: "-")
            position += 1
          }
          text[position] = hex[Int(byte >> 4)]
          text[position + 1] = hex[Int(byte & 15)]
          position += 2
        }
        return 36
      }
    }
  }
}

extension DecodingError {
  /// What went wrong and at which key, in one line.
  var shortDescription: String {
    switch self {
    case .typeMismatch(let type, let context):
      "\(context.pathText)expected \(type): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      "\(context.pathText)missing \(type) value"
    case .keyNotFound(let key, let context):
      "\(context.pathText)missing key \"\(key.stringValue)\""
    case .dataCorrupted(let context):
      "\(context.pathText)\(context.debugDescription)"
    @unknown default:
      String(describing: self)
    }
  }
}

extension DecodingError.Context {
  fileprivate var pathText: String {
    codingPath.isEmpty ? "" : codingPath.map(\.stringValue).joined(separator: ".") + ": "
  }
}

/// Builds a JSON object whose keys come out in the order they were added, which `JSONEncoder`
/// does not promise.
struct JSONLineWriter {
  private var members: [String] = []
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  mutating func add(_ key: String, _ value: some Encodable) throws {
    let encodedKey = String(decoding: try encoder.encode(key), as: UTF8.self)
    let encodedValue = String(decoding: try encoder.encode(value), as: UTF8.self)
    members.append(encodedKey + ":" + encodedValue)
  }

  var data: Data { Data(("{" + members.joined(separator: ",") + "}").utf8) }
}
