import FoundationEssentials
import Scheduler

/// The whole JSON export.
public struct ExportDocument: Sendable, Encodable {
  /// The version of the export's format; a reader refuses a newer one.
  public static let currentVersion = 1

  /// When the export was made.
  public var exportedAt: Date
  /// A row per card.
  public var cards: [ExportRow]
  /// The journal's events.
  public var reviews: [ExportedEvent]

  /// The export made at `exportedAt` of these rows and events.
  public init(exportedAt: Date, cards: [ExportRow], reviews: [ExportedEvent]) {
    self.exportedAt = exportedAt
    self.cards = cards
    self.reviews = reviews
  }

  enum CodingKeys: String, CodingKey { case version, exportedAt, cards, reviews }

  /// `{"version":1,"exportedAt":…,"cards":[…],"reviews":[…]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.currentVersion, forKey: .version)
    try container.encode(Timestamp.format(exportedAt), forKey: .exportedAt)
    try container.encode(cards, forKey: .cards)
    try container.encode(reviews, forKey: .reviews)
  }

  /// The document as pretty-printed JSON with sorted keys, and a final newline.
  public func json() -> String {
    var data = Data()
    writeJSON { data.append($0) }
    return String(decoding: data, as: UTF8.self)
  }

  /// Hands ``json()``'s bytes to `write` a piece at a time.
  public func writeJSON(_ write: (Data) -> Void) {
    let events = reviews
    Self.writeJSON(
      exportedAt: exportedAt, cards: cards,
      reviews: { (visit) throws(Never) in events.forEach(visit) },
      to: write)
  }

  /// How many bytes are handed to `write` at a time, about: the memory a write holds beyond the
  /// document's values.
  static let pieceSize = 1 << 16

  /// Hands the JSON of the document of `cards` and the events `reviews` visits to `write`, a
  /// piece at a time, so that neither the text nor the events are ever held whole: the same
  /// bytes as `JSONEncoder`'s pretty-printed, sorted-keys encoding of the document (a test holds
  /// them to it). Returns the number of events.
  @discardableResult
  public static func writeJSON<Failure: Error>(
    exportedAt: Date, cards: [ExportRow],
    reviews: ((ExportedEvent) -> Void) throws(Failure) -> Void, to write: (Data) -> Void
  ) throws(Failure) -> Int {
    // The events' visitor writes: `write` is called only while this function runs.
    try withoutActuallyEscaping(write) { (write) throws(Failure) in
      try writeJSON(exportedAt: exportedAt, cards: cards, reviews: reviews, escapingTo: write)
    }
  }

  private static func writeJSON<Failure: Error>(
    exportedAt: Date, cards: [ExportRow],
    reviews: ((ExportedEvent) -> Void) throws(Failure) -> Void,
    escapingTo write: @escaping (Data) -> Void
  ) throws(Failure) -> Int {
    let piece = PrettyJSONWriter(capacity: pieceSize + 4096)
    func flush(ifOver size: Int) {
      guard piece.count > size else { return }
      piece.withBytes { write(Data(buffer: $0)) }
      piece.removeAll()
    }
    // `{"cards":[…],"exportedAt":…,"reviews":[…],"version":1}` in JSONEncoder's layout: members
    // sorted, each element of the arrays at depth 2.
    var count = 0
    func append(_ element: JSONValue) {
      piece.write(count == 0 ? "[\n    " : ",\n    ")
      piece.write(element, depth: 2)
      count += 1
      flush(ifOver: pieceSize)
    }
    func close() {
      piece.write(count == 0 ? "[\n\n  ]" : "\n  ]")
    }
    piece.write("{\n  \"cards\" : ")
    for row in cards { append(row.jsonValue) }
    close()
    piece.write(",\n  \"exportedAt\" : ")
    piece.writeString(Timestamp.format(exportedAt))
    piece.write(",\n  \"reviews\" : ")
    count = 0
    try reviews { append($0.jsonValue) }
    let events = count
    close()
    piece.write(",\n  \"version\" : ")
    piece.write(.integer(currentVersion))
    piece.write("\n}\n")
    flush(ifOver: 0)
    return events
  }
}
