import Foundation

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

  /// How many rows or events are encoded at a time: the memory a write holds beyond the
  /// document's values.
  static let chunkSize = 512

  /// Hands ``json()``'s bytes to `write` a piece at a time, so that the whole document is never
  /// held as text: the same bytes as `JSONEncoder`'s pretty-printed, sorted-keys encoding of the
  /// document (a test holds them to it), built from the encodings of a few hundred rows or events.
  public func writeJSON(_ write: (Data) -> Void) {
    write(Data("{\n  \"cards\" : ".utf8))
    Self.writeArray(cards, write)
    write(
      Data(",\n  \"exportedAt\" : \"\(Timestamp.format(exportedAt))\",\n  \"reviews\" : ".utf8))
    Self.writeArray(reviews, write)
    write(Data(",\n  \"version\" : \(Self.currentVersion)\n}\n".utf8))
  }

  /// `elements` as the value of a top-level member: an array whose elements are indented by four.
  private static func writeArray<Element: Encodable>(
    _ elements: [Element], _ write: (Data) -> Void
  ) {
    guard !elements.isEmpty else { return write(Data("[\n\n  ]".utf8)) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    write(Data("[\n".utf8))
    var start = elements.startIndex
    while start < elements.endIndex {
      let end = min(start + chunkSize, elements.endIndex)
      // Every value here is a string, a number or a Boolean: encoding cannot fail.
      let data = (try? encoder.encode(Array(elements[start..<end]))) ?? Data("[\n\n]".utf8)
      // `[\n  {…},\n  {…}\n]` without its brackets' lines, every line two spaces deeper. A newline
      // byte is never inside a string: JSON escapes it.
      var piece: [UInt8] = start == elements.startIndex ? [] : Array(",\n".utf8)
      piece.reserveCapacity(piece.count + data.count + data.count / 8)
      data.withUnsafeBytes { bytes in
        piece.append(contentsOf: [0x20, 0x20])
        for byte in bytes[2..<(bytes.count - 2)] {
          piece.append(byte)
          if byte == 0x0A { piece.append(contentsOf: [0x20, 0x20]) }
        }
      }
      write(Data(piece))
      start = end
    }
    write(Data("\n  ]".utf8))
  }
}
